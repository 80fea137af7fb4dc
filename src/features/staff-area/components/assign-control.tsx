import { useId, useState } from 'react';
import { notify } from '../../../lib/toast';
import { staffChange } from '../staff-api';
import { useHunters } from './hunters';

/**
 * Supervisors give a record to a hunter (or take it back): POST …/assign, audited, on the
 * record's `version`. A stale one is refused (409): the message stays while the record is read
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
  const id = useId();
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
  return (
    <form
      className="mt-3 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        setError(null);
        void staffChange(path, 'POST', { hunterId: choice || null, version }).then((result) => {
          setBusy(false);
          if (result.ok) {
            notify.success(choice ? 'Chasseur attribué.' : 'Attribution retirée.');
            onAssigned();
          } else {
            setError(result.message);
            if (result.status === 409) onAssigned();
          }
        });
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Chasseur attribué
        </label>
        <select
          id={id}
          className="select select-bordered select-sm"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value="">Non attribué</option>
          {hunters.map((h) => (
            <option key={h.id} value={h.id}>
              {h.name}
            </option>
          ))}
        </select>
      </div>
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
    </form>
  );
}
