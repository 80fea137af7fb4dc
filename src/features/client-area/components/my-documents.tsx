import { useId, useState } from 'react';
import {
  DOCUMENT_ACCEPT,
  type ClientDocumentView,
  type DocumentKind,
} from '../../../domain/client-documents';
import {
  DOCUMENTS_PATH,
  documentFilePath,
  documentUploadPath,
} from '../../../domain/api/documents';
import { formatLongDate } from '../../../domain/dates';
import { useCachedApi } from '../../../db/use-cached-api';
import { api, toApiFailure } from '../../../lib/api';
import { downloadWithToken } from '../../../lib/download-file';
import { notify } from '../../../lib/toast';
import { LoadGate } from '../../../ui/load-gate';
import { useSession } from '../../auth';
import type { ChangeEntry } from '../../../db/outbox.repo';
import { changeHeaders, PendingChange, usePendingChanges } from '../../offline/submission-status';
import { checkDocumentFile, fileHead, prepareDocument } from '../document-file';
import { DocumentStatusBadge, formatFileSize } from '../../../ui/document-status';

/** One kind: its status, the staff's reason when refused, and the file input to send it. */
function DocumentRow({
  doc,
  userId,
  pending,
  onSent,
}: {
  doc: ClientDocumentView;
  userId: string;
  /** Uploads of this kind waiting in the outbox. */
  pending: ChangeEntry<'client-document'>[];
  onSent: (doc: ClientDocumentView) => void;
}) {
  const errorId = useId();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const sent = doc.status !== 'a_fournir';

  async function send(file: File) {
    setError('');
    setBusy(true);
    try {
      // Checked here too, from the bytes: a wrong file is refused without being sent.
      const checked = checkDocumentFile(file, await fileHead(file));
      if (!checked.ok) {
        setError(checked.message);
        return;
      }
      const prepared = await prepareDocument(file, checked.mime);
      const again = checkDocumentFile(prepared.blob, await fileHead(prepared.blob));
      if (!again.ok) {
        setError(again.message);
        return;
      }
      // Without network the service worker keeps the file (in the outbox, with its name and
      // size) and sends it once, with this key.
      const answer = await api<ClientDocumentView | { queued: true }>(
        documentUploadPath(doc.kind),
        {
          method: 'PUT',
          body: prepared.blob,
          headers: {
            'Content-Type': prepared.mime,
            'X-File-Name': encodeURIComponent(prepared.name),
            ...changeHeaders(crypto.randomUUID(), userId),
          },
          timeout: 120_000,
        },
      );
      if ('queued' in answer) {
        notify.info(`Pas de réseau\u00a0: «\u00a0${doc.label}\u00a0» partira dès son retour.`);
        return;
      }
      onSent(answer);
      notify.success(`«\u00a0${doc.label}\u00a0» est envoyé.`);
    } catch (failure) {
      setError(toApiFailure(failure).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li
      className="rounded-box border border-base-300 bg-base-100 p-4"
      data-testid={`document-${doc.kind}`}
    >
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{doc.label}</span>
        <DocumentStatusBadge doc={doc} />
      </p>
      {doc.fileName && doc.uploadedAt ? (
        <p className="mt-1 text-sm text-base-content/75">
          {doc.fileName}
          {doc.size !== null ? ` (${formatFileSize(doc.size)})` : ''} · envoyé le{' '}
          {formatLongDate(doc.uploadedAt)}
        </p>
      ) : null}
      {doc.status === 'refuse' && doc.reason ? (
        <p
          className="mt-2 rounded-box bg-error/10 p-2 text-sm"
          data-testid={`document-reason-${doc.kind}`}
        >
          <span className="font-semibold">Motif du refus&nbsp;:</span> {doc.reason}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label className="btn btn-sm btn-primary focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary">
          {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          {sent ? 'Remplacer' : 'Envoyer'}
          <span className="sr-only"> {doc.label}</span>
          <input
            type="file"
            accept={DOCUMENT_ACCEPT}
            className="sr-only"
            disabled={busy}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void send(file);
            }}
          />
        </label>
        {sent ? (
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            onClick={() => {
              downloadWithToken(documentFilePath(doc.kind), doc.fileName ?? 'document').catch(
                (failure: unknown) => notify.error(toApiFailure(failure).message),
              );
            }}
          >
            Télécharger<span className="sr-only"> {doc.label}</span>
          </button>
        ) : null}
        {busy ? (
          <span role="status" className="text-sm text-base-content/75">
            Envoi en cours…
          </span>
        ) : null}
      </div>
      {pending.map((entry) => (
        <PendingChange
          key={entry.key}
          entry={entry}
          testId={`pending-document-${entry.change.kind}`}
          className="mt-3 p-3 text-sm"
          title={
            <span className="break-all">
              {entry.change.fileName} ({formatFileSize(entry.change.size)})
            </span>
          }
          waiting="Gardé sur cet appareil, il partira dès le retour du réseau, même si vous fermez la page."
          refusedFallback="Le serveur a refusé ce document."
        />
      ))}
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/**
 * « Mes documents » (issue 16): the papers the agency asks for, each with its status (à fournir,
 * reçu, validé, refusé with the reason), sent as PDF, JPEG or PNG up to 10 MB; a large phone
 * photo is made smaller on the device before it goes (document-file.ts).
 */
/** Inside the page's « Mes documents » section, which names it. */
export function MyDocuments() {
  const { user } = useSession();
  const userId = user?._id;
  // Kept on the device with the rest of the area: the statuses read offline after one visit.
  const [load, reload] = useCachedApi<ClientDocumentView[]>(userId, DOCUMENTS_PATH);
  // Uploads waiting in the outbox (the service worker writes them as it keeps them): arrived,
  // the statuses are read again.
  const pending = usePendingChanges(userId, 'client-document', reload);
  const [sent, setSent] = useState<Partial<Record<DocumentKind, ClientDocumentView>>>({});
  const docs = load.status === 'ready' ? load.data.map((d) => sent[d.kind] ?? d) : [];
  return (
    <>
      <p className="mt-2 text-sm text-base-content/75">
        Les pièces que votre chasseur vous demande pour votre dossier de financement. Formats
        acceptés&nbsp;: PDF, JPEG ou PNG, 10&nbsp;Mo au plus par fichier. Vos documents ne sont
        visibles que par vous et par l’équipe qui suit votre projet.
      </p>
      {load.status !== 'ready' ? (
        <LoadGate inline load={load} loading="Chargement de vos documents…" />
      ) : (
        <ul className="mt-4 space-y-4">
          {docs.map((doc) => (
            <DocumentRow
              key={doc.kind}
              doc={doc}
              userId={userId ?? ''}
              pending={pending.filter((p) => p.change.kind === doc.kind)}
              onSent={(updated) => {
                setSent((s) => ({ ...s, [updated.kind]: updated }));
                reload();
              }}
            />
          ))}
        </ul>
      )}
    </>
  );
}
