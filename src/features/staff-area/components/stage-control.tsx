import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEntry } from '../../../db/outbox.repo';
import { STAGE_NOTE_MAX, stageMoveSchema } from '../../../domain/api/buyers';
import { projectStages, type ProjectStage } from '../../../domain/project';
import {
  MANDATE_NOT_SIGNED,
  stageIndex,
  stageLabel,
  stageMoveRefusal,
} from '../../../domain/staff';
import { notify } from '../../../lib/toast';
import { useSchemaForm } from '../../../ui/form/schema-form';
import { Modal } from '../../../ui/confirm-dialog';
import { useSession } from '../../auth';
import { changeHeaders, PendingChange, usePendingChanges } from '../../offline/submission-status';
import { isQueued, staffChange } from '../staff-api';
import { NoteField } from './note-field';

/** The move's note, checked with the contract's schema (POST /api/staff/projects/:id/stage). */
const stageNoteSchema = stageMoveSchema.pick({ note: true });

/**
 * A stage move this device still holds (made without network), until the server has it; refused
 * (the project moved meanwhile), the server's reason until « J’ai compris ».
 */
function PendingMove({ entry }: { entry: ChangeEntry<'staff-stage'> }) {
  return (
    <PendingChange
      entry={entry}
      testId="pending-stage"
      className="mt-3 bg-base-100 p-3 text-sm"
      title={
        <span>
          Passage à «&nbsp;{stageLabel(entry.change.to)}&nbsp;»
          {entry.change.notify ? ', client prévenu par e-mail' : ', sans e-mail au client'}
        </span>
      }
      waiting="Gardé sur cet appareil, il partira dès le retour du réseau."
      refusedFallback="Le serveur a refusé ce changement d’étape."
    />
  );
}

/**
 * Moves a project one stage forward or back (spec 4.7's order); going back needs a note, the
 * move carries the version it was made on. Each move is confirmed in a dialog (from → to, the
 * note, « Prévenir le client par e-mail » checked by default: the server sends at most one
 * stage mail per project an hour, the latest stage winning). Sent with an Idempotency-Key:
 * without network the service worker keeps it (shown here until it arrives, the other moves of
 * the project waiting meanwhile); a stale version (someone moved it meanwhile) is refused (409),
 * the fiche reloads and says so.
 */
export function StageControl({
  projectId,
  stage,
  version,
  mandateSigned,
  onMoved,
}: {
  projectId: number;
  stage: ProjectStage;
  version: number;
  /**
   * Whether the project's mandat de recherche is signed, when the screen knows: unsigned, it
   * cannot be moved to « Mandat signé » or later (issue 30; the server says the same).
   */
  mandateSigned?: boolean;
  onMoved: () => void;
}) {
  const noteId = useId();
  const dialogId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const { user } = useSession();
  const userId = user?._id;
  const [target, setTarget] = useState<ProjectStage | null>(null);
  const [tellClient, setTellClient] = useState(true);
  const [sending, setSending] = useState(false);
  const { register, submit, reset, setError, getValues, failure, setFailure, formState } =
    useSchemaForm(stageNoteSchema, { defaultValues: { note: '' }, mode: 'onSubmit' });
  const pending = usePendingChanges(userId, 'staff-stage', onMoved).filter(
    (m) => m.change.projectId === projectId,
  );
  const waiting = pending.some((m) => m.status !== 'failed');
  const index = stageIndex(stage);
  const previous = projectStages[index - 1];
  const next = projectStages[index + 1];
  // The next stage needs a signed mandate this project does not have: the signature moves it.
  const awaitsMandate =
    next !== undefined && mandateSigned === false && stageIndex(next.value) >= stageIndex('MANDAT');

  // The note checked first (going back needs one, said under the box), then the dialog.
  const ask = (to: ProjectStage) =>
    submit(async ({ note }) => {
      const refusal = stageMoveRefusal(stage, to, note, { mandateSigned });
      if (refusal) return setError('note', { message: refusal });
      setFailure(null);
      setTarget(to);
      setTellClient(true);
    })();
  // A move asked: its confirmation opens (closed, the dialog forgets it).
  useEffect(() => {
    if (target && !dialog.current?.open) dialog.current?.showModal();
  }, [target]);

  const confirm = async () => {
    if (!target || !userId) return;
    setSending(true);
    const note = (getValues('note') ?? '').trim();
    const result = await staffChange(
      `/api/staff/projects/${projectId}/stage`,
      'POST',
      { to: target, note, version, notify: tellClient },
      changeHeaders(crypto.randomUUID(), userId),
    );
    setSending(false);
    dialog.current?.close();
    if (result.ok) {
      reset();
      if (isQueued(result.data)) {
        notify.info('Pas de réseau\u00a0: le changement d’étape partira dès son retour.');
        return;
      }
      notify.success(`Projet passé à l’étape «\u00a0${stageLabel(target)}\u00a0».`);
      onMoved();
      return;
    }
    setFailure(result.message);
    if (result.status === 409) onMoved();
  };

  const moveButton = (to: ProjectStage, className: string) => ({
    type: 'button' as const,
    className,
    disabled: formState.isSubmitting || waiting,
    onClick: () => void ask(to),
  });
  const note = target ? (getValues('note') ?? '').trim() : '';

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
        {next && !awaitsMandate ? (
          <button {...moveButton(next.value, 'btn btn-primary btn-sm')}>
            Passer à «&nbsp;{next.label}&nbsp;» →
          </button>
        ) : null}
      </div>
      {awaitsMandate ? (
        <p className="mt-2 text-sm text-base-content/75" data-testid="stage-awaits-mandate">
          {MANDATE_NOT_SIGNED}
        </p>
      ) : null}
      {pending.map((entry) => (
        <PendingMove key={entry.key} entry={entry} />
      ))}
      <Modal
        dialogRef={dialog}
        labelledBy={`${dialogId}-titre`}
        describedBy={`${dialogId}-texte`}
        onClose={() => setTarget(null)}
        actions={
          <button
            type="button"
            className="btn btn-primary"
            disabled={sending}
            onClick={() => void confirm()}
          >
            Confirmer le changement
          </button>
        }
      >
        <h2 id={`${dialogId}-titre`} className="text-xl font-semibold">
          Changer l’étape du projet&#8239;?
        </h2>
        <p id={`${dialogId}-texte`} className="mt-3" data-testid="stage-confirm-move">
          «&nbsp;{stageLabel(stage)}&nbsp;» →{' '}
          <span className="font-semibold">«&nbsp;{target ? stageLabel(target) : ''}&nbsp;»</span>
        </p>
        {note ? (
          <p className="mt-2 whitespace-pre-line text-sm text-base-content/75">
            Note&nbsp;: {note}
          </p>
        ) : (
          <p className="mt-2 text-sm text-base-content/75">Sans note.</p>
        )}
        <label className="mt-4 flex items-start gap-3">
          <input
            type="checkbox"
            className="checkbox checkbox-sm mt-0.5"
            checked={tellClient}
            onChange={(event) => setTellClient(event.target.checked)}
          />
          <span>
            Prévenir le client par e-mail
            <span className="block text-sm text-base-content/75">
              Un e-mail par heure au plus pour ce projet&nbsp;: s’il vient d’en recevoir un, il
              recevra la dernière étape à la fin de l’heure.
            </span>
          </span>
        </label>
      </Modal>
    </div>
  );
}
