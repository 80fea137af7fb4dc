import { useId, useState } from 'react';
import { projectStages, type ProjectStage } from '../../../domain/project';
import { stageIndex, stageMoveRefusal } from '../../../domain/staff';
import { notify } from '../../../lib/toast';
import { staffChange } from '../staff-api';

/**
 * Moves a project one stage forward or back (spec 4.7's order); going back needs a note, the
 * move carries the version it was made on. A stale version (someone moved it meanwhile): the
 * server refuses (409), the fiche reloads and says so. The client is e-mailed by the server.
 */
export function StageControl({
  projectId,
  stage,
  version,
  onMoved,
}: {
  projectId: number;
  stage: ProjectStage;
  version: number;
  onMoved: () => void;
}) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const index = stageIndex(stage);
  const previous = projectStages[index - 1];
  const next = projectStages[index + 1];

  const move = async (to: ProjectStage) => {
    const refusal = stageMoveRefusal(stage, to, note);
    if (refusal) {
      setError(refusal);
      return;
    }
    setBusy(true);
    setError(null);
    const result = await staffChange(`/api/staff/projects/${projectId}/stage`, 'POST', {
      to,
      note: note.trim(),
      version,
    });
    setBusy(false);
    if (result.ok) {
      setNote('');
      const label = projectStages.find((s) => s.value === to)?.label ?? to;
      notify.success(`Projet passé à l’étape «\u00a0${label}\u00a0».`);
      onMoved();
      return;
    }
    setError(result.message);
    if (result.status === 409) onMoved();
  };

  return (
    <div className="mt-4 rounded-box bg-base-200 p-4">
      <label htmlFor={noteId} className="text-sm font-medium">
        Note du changement d’étape{' '}
        <span className="font-normal text-base-content/75">
          (obligatoire pour revenir en arrière)
        </span>
      </label>
      <textarea
        id={noteId}
        className="textarea textarea-bordered mt-1 w-full"
        rows={2}
        maxLength={2000}
        value={note}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${noteId}-error` : undefined}
        onChange={(event) => setNote(event.target.value)}
      />
      {error ? (
        <p id={`${noteId}-error`} role="alert" className="mt-1 text-sm text-error">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {previous ? (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={busy}
            onClick={() => void move(previous.value)}
          >
            ← Revenir à «&nbsp;{previous.label}&nbsp;»
          </button>
        ) : null}
        {next ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={busy}
            onClick={() => void move(next.value)}
          >
            Passer à «&nbsp;{next.label}&nbsp;» →
          </button>
        ) : null}
      </div>
    </div>
  );
}
