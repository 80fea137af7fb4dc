import { useId, useState } from 'react';
import { DOCUMENT_REASON_MAX, type ClientDocumentView } from '../../../domain/client-documents';
import { toApiFailure } from '../../../lib/api';
import { downloadWithToken } from '../../../lib/download-file';
import { notify } from '../../../lib/toast';
import { BusyButton } from '../../../ui/busy-button';
import { DocumentStatusBadge, formatFileSize } from '../../../ui/document-status';
import { staffChange, useStaffApi } from '../staff-api';
import { LoadGate } from '../../../ui/load-gate';
import { formatDateTime } from './notes-panel';

/** One document: its state, « Télécharger », « Valider », « Refuser » with the reason. */
function BuyerDocumentRow({
  base,
  doc,
  onChanged,
}: {
  base: string;
  doc: ClientDocumentView;
  onChanged: () => void;
}) {
  const reasonId = useId();
  const errorId = useId();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const sent = doc.status !== 'a_fournir';

  async function review(status: 'valide' | 'refuse') {
    setError('');
    if (status === 'refuse' && !reason.trim()) {
      setError('Indiquez au client pourquoi ce document est refusé.');
      return;
    }
    const result = await staffChange<ClientDocumentView>(
      `${base}/${doc.kind}/review`,
      'POST',
      // The upload this screen shows: one sent since is refused (409) and the list read again.
      status === 'refuse'
        ? { status, reason: reason.trim(), uploadedAt: doc.uploadedAt ?? undefined }
        : { status, uploadedAt: doc.uploadedAt ?? undefined },
    );
    if (!result.ok) {
      setError(result.message);
      if (result.status === 409) onChanged();
      return;
    }
    notify.success(
      status === 'valide'
        ? `«\u00a0${doc.label}\u00a0» est validé.`
        : `«\u00a0${doc.label}\u00a0» est refusé\u00a0: le client est prévenu.`,
    );
    setRefusing(false);
    setReason('');
    onChanged();
  }

  return (
    <li
      className="border-b border-base-300 pb-3 last:border-b-0"
      data-testid={`staff-document-${doc.kind}`}
    >
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{doc.label}</span>
        <DocumentStatusBadge doc={doc} />
      </p>
      {sent && doc.fileName && doc.uploadedAt ? (
        <p className="mt-1 text-sm text-base-content/75">
          <span className="break-all">{doc.fileName}</span>
          {doc.size !== null ? ` (${formatFileSize(doc.size)})` : ''} · reçu le{' '}
          <span className="whitespace-nowrap">{formatDateTime(doc.uploadedAt)}</span>
        </p>
      ) : null}
      {doc.reviewedAt && (doc.status === 'valide' || doc.status === 'refuse') ? (
        <p className="text-sm text-base-content/75">
          {doc.status === 'valide' ? 'Validé' : 'Refusé'} par {doc.reviewedByName ?? 'l’équipe'} le{' '}
          {formatDateTime(doc.reviewedAt)}
        </p>
      ) : null}
      {doc.status === 'refuse' && doc.reason ? (
        <p className="mt-1 text-sm">
          <span className="font-semibold">Motif&nbsp;:</span> {doc.reason}
        </p>
      ) : null}
      {sent ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <BusyButton
            className="btn btn-outline btn-xs"
            run={() =>
              downloadWithToken(`${base}/${doc.kind}/file`, doc.fileName ?? 'document').catch(
                (failure: unknown) => notify.error(toApiFailure(failure).message),
              )
            }
          >
            Télécharger<span className="sr-only"> {doc.label}</span>
          </BusyButton>
          {doc.status !== 'valide' ? (
            <BusyButton className="btn btn-success btn-xs" run={() => review('valide')}>
              Valider<span className="sr-only"> {doc.label}</span>
            </BusyButton>
          ) : null}
          {doc.status !== 'refuse' && !refusing ? (
            <button
              type="button"
              className="btn btn-error btn-outline btn-xs"
              onClick={() => setRefusing(true)}
            >
              Refuser<span className="sr-only"> {doc.label}</span>
            </button>
          ) : null}
        </div>
      ) : null}
      {refusing ? (
        <div className="mt-2">
          <label htmlFor={reasonId} className="text-sm font-medium">
            Motif du refus (envoyé au client)
          </label>
          <textarea
            id={reasonId}
            className="textarea textarea-bordered textarea-sm mt-1 block w-full"
            rows={2}
            required
            maxLength={DOCUMENT_REASON_MAX}
            value={reason}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="mt-2 flex gap-2">
            <BusyButton className="btn btn-error btn-xs" run={() => review('refuse')}>
              Refuser le document
            </BusyButton>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => {
                setRefusing(false);
                setError('');
              }}
            >
              Annuler
            </button>
          </div>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-error">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The buyer's documents on the staff fiche (issue 16): each kind with its state, the file to
 * download, and the review (refusing needs a reason, e-mailed to the client).
 */
export function BuyerDocuments({ userId }: { userId: string }) {
  const base = `/api/staff/buyers/${encodeURIComponent(userId)}/documents`;
  const [load, reload] = useStaffApi<ClientDocumentView[]>(base);
  const received =
    load.status === 'ready' ? load.data.filter((d) => d.status === 'recu').length : 0;
  return (
    <section aria-labelledby="documents-title" className="rounded-box border border-base-300 p-5">
      <h2 id="documents-title" className="text-lg font-semibold">
        Documents
        {received > 0 ? (
          <span className="badge badge-info ml-2 align-middle">{received} à vérifier</span>
        ) : null}
      </h2>
      <LoadGate load={load} loading="Chargement des documents…">
        {(docs) => (
          <ul className="mt-3 space-y-3">
            {docs.map((doc) => (
              <BuyerDocumentRow key={doc.kind} base={base} doc={doc} onChanged={reload} />
            ))}
          </ul>
        )}
      </LoadGate>
    </section>
  );
}
