import { useId } from 'react';
import { STAGE_NOTE_MAX, stageMoveSchema } from '../../../domain/api/buyers';
import { projectStages, type ProjectStage } from '../../../domain/project';
import { stageIndex, stageMoveRefusal } from '../../../domain/staff';
import { notify } from '../../../lib/toast';
import { useSchemaForm } from '../../../ui/form/schema-form';
import { staffChange } from '../staff-api';
import { NoteField } from './note-field';

/** The move's note, checked with the contract's schema (POST /api/staff/projects/:id/stage). */
const stageNoteSchema = stageMoveSchema.pick({ note: true });

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
  const { register, submit, reset, setError, failure, setFailure, formState } = useSchemaForm(
    stageNoteSchema,
    { defaultValues: { note: '' }, mode: 'onSubmit' },
  );
  const index = stageIndex(stage);
  const previous = projectStages[index - 1];
  const next = projectStages[index + 1];

  const move = (to: ProjectStage) =>
    submit(async ({ note }) => {
      // Going back needs a note (src/domain/staff.ts), said under the box.
      const refusal = stageMoveRefusal(stage, to, note);
      if (refusal) return setError('note', { message: refusal });
      const result = await staffChange(`/api/staff/projects/${projectId}/stage`, 'POST', {
        to,
        note,
        version,
      });
      if (result.ok) {
        reset();
        const label = projectStages.find((s) => s.value === to)?.label ?? to;
        notify.success(`Projet passé à l’étape «\u00a0${label}\u00a0».`);
        onMoved();
        return;
      }
      setFailure(result.message);
      if (result.status === 409) onMoved();
    })();
  const moveButton = (to: ProjectStage, className: string) => ({
    type: 'button' as const,
    className,
    disabled: formState.isSubmitting,
    onClick: () => void move(to),
  });

  return (
    <div className="mt-4 rounded-box bg-base-200 p-4">
      <NoteField
        id={noteId}
        label={
          <>
            Note du changement d’étape{' '}
            <span className="font-normal text-base-content/75">
              (obligatoire pour revenir en arrière)
            </span>
          </>
        }
        rows={2}
        maxLength={STAGE_NOTE_MAX}
        error={formState.errors.note?.message ?? failure}
        field={register('note')}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        {previous ? (
          <button {...moveButton(previous.value, 'btn btn-outline btn-sm')}>
            ← Revenir à «&nbsp;{previous.label}&nbsp;»
          </button>
        ) : null}
        {next ? (
          <button {...moveButton(next.value, 'btn btn-primary btn-sm')}>
            Passer à «&nbsp;{next.label}&nbsp;» →
          </button>
        ) : null}
      </div>
    </div>
  );
}
