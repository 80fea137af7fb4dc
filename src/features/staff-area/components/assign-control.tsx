import { useState } from 'react';
import { dismissOutboxEntry } from '../../../db/outbox.repo';
import { outboxStatusLabel } from '../../../domain/outbox';
import { notify } from '../../../lib/toast';
import { useSession } from '../../auth';
import { changeHeaders, usePendingChanges } from '../../offline/submission-status';
import { isQueued, staffChange } from '../staff-api';
import { useHunters } from './hunters';
import { SelectFilter } from './list-controls';

/**
 * Supervisors give a record to a hunter (or take it back): POST …/assign, audited, on the
 * record's `version`, through the outbox (issue 29: without network it waits on the device,
 * shown here, and leaves when the network is back). A stale one is refused (409): the message stays while the record is read
 * again (`onAssigned`), and the choice follows the hunter it now has.
 */
export function AssignControl({
  path,
  hunterId,
  version,
  onAssigned,
}: {
  path: string;
  hunterId: string | null;
  version?: number;
  onAssigned: () => void;
}) {
  const hunters = useHunters(true);
  const [choice, setChoice] = useState(hunterId ?? '');
  const [shown, setShown] = useState(hunterId);
  // The record was read again with another hunter: the select shows it.
  if (shown !== hunterId) {
    setShown(hunterId);
    setChoice(hunterId ?? '');
  }
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { user } = useSession();
  const userId = user?._id;
  // Assignments made offline for this record (issue 29), until the server has them.
  const pending = usePendingChanges(userId, 'staff-assign', onAssigned).filter(
    ({ change }) =>
      (change.recordType === 'buyer'
        ? `/api/staff/buyers/${encodeURIComponent(change.recordId)}/assign`
        : `/api/staff/leads/${change.recordId}/assign`) === path,
  );
  const nameOf = (id: string | null) =>
    id ? (hunters.find((h) => h.id === id)?.name ?? 'un chasseur') : 'personne';
  return (
    <form
      className="mt-3 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        setError(null);
        const headers = userId ? changeHeaders(crypto.randomUUID(), userId) : undefined;
        const body = { hunterId: choice || null, version };
        void staffChange(path, 'POST', body, headers).then((result) => {
          setBusy(false);
          if (result.ok && isQueued(result.data)) {
            notify.info('Pas de réseau\u00a0: l’attribution partira dès son retour.');
          } else if (result.ok) {
            notify.success(choice ? 'Chasseur attribué.' : 'Attribution retirée.');
            onAssigned();
          } else {
            setError(result.message);
            if (result.status === 409) onAssigned();
          }
        });
      }}
    >
      <SelectFilter
        label="Chasseur attribué"
        value={choice}
        options={[
          { value: '', label: 'Non attribué' },
          ...hunters.map((h) => ({ value: h.id, label: h.name })),
        ]}
        small
        onChange={setChoice}
      />
      <button
        type="submit"
        className="btn btn-sm btn-primary"
        disabled={busy || choice === (hunterId ?? '')}
      >
        Attribuer
      </button>
      {error ? (
        <p role="alert" className="w-full text-sm text-error">
          {error}
        </p>
      ) : null}
      {pending.map((entry) => (
        <p
          key={entry.key}
          role={entry.status === 'failed' ? 'alert' : 'status'}
          className="w-full text-sm"
          data-testid="pending-assign"
        >
          <span
            className={`badge mr-2 ${entry.status === 'failed' ? 'badge-error' : 'badge-warning'}`}
          >
            {outboxStatusLabel(entry.status, 'staff-assign')}
          </span>
          Attribution à {nameOf(entry.change.hunterId)}
          {entry.status === 'failed'
            ? `\u00a0: ${entry.message ?? 'refusée par le serveur.'}`
            : ', elle partira dès le retour du réseau.'}
          {entry.status === 'failed' ? (
            <button
              type="button"
              className="btn btn-xs ml-2"
              onClick={() => void dismissOutboxEntry(entry.key)}
            >
              J’ai compris
            </button>
          ) : null}
        </p>
      ))}
    </form>
  );
}
