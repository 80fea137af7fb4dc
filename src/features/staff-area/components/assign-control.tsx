import { useState } from 'react';
import { notify } from '../../../lib/toast';
import { staffChange } from '../staff-api';
import { useHunters } from './hunters';
import { SelectFilter } from './list-controls';

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
    </form>
  );
}
