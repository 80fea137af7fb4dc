import { useId } from 'react';
import { NOTE_MAX, noteSchema } from '../../../domain/api/buyers';
import { formatShortDate, formatTime } from '../../../domain/french-date';
import { outboxStatusLabel } from '../../../domain/outbox';
import type { NoteView } from '../../../domain/staff-views';
import { api } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { useSchemaForm } from '../../../ui/form/schema-form';
import { useSession } from '../../auth';
import type { ChangeEntry } from '../../../db/outbox.repo';
import { changeHeaders, usePendingChanges } from '../../offline/submission-status';
import { NoteField } from './note-field';

/** The form's fields, checked with the contract's schema (POST /api/staff/notes). */
const noteFormSchema = noteSchema.pick({ text: true, visibleToClient: true });

/**
 * « 25 nov., 14 h 05 » (Paris; with the year when not this one): the staff area's short date and
 * time, never broken inside (src/domain/french-date.ts).
 */
export const formatDateTime = (iso: string | number) =>
  `${formatShortDate(iso)}, ${formatTime(iso)}`;

/** A note the outbox still holds: its text and its state, until the server has it. */
function PendingNoteItem({ note }: { note: ChangeEntry<'staff-note'> }) {
  const { status, message } = note;
  return (
    <li className="rounded-box border border-dashed border-warning p-3" data-testid="pending-note">
      <p className="whitespace-pre-line">{note.change.text}</p>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-base-content/75">
        <span className={`badge ${status === 'failed' ? 'badge-error' : 'badge-warning'}`}>
          {outboxStatusLabel(status, 'staff-note')}
        </span>
        {message ? <span>{message}</span> : null}
        {status !== 'failed' ? <span>Elle partira dès le retour du réseau.</span> : null}
      </p>
    </li>
  );
}

/**
 * A record's notes (free text, dated, with their author), newest first, and the form to add one.
 * A note goes through the outbox (Idempotency-Key): written without network, it waits on the
 * device, shown with its state, and is stored once when the network is back.
 */
export function NotesPanel({
  recordType,
  recordId,
  notes,
  canMarkVisible,
  onChanged,
}: {
  recordType: 'buyer' | 'owner';
  recordId: string;
  notes: NoteView[];
  /** A buyer's notes may be shown to the client in their area. */
  canMarkVisible: boolean;
  onChanged: () => void;
}) {
  const { user } = useSession();
  const userId = user?._id;
  const textId = useId();
  const { register, submit, reset, failure, formState } = useSchemaForm(noteFormSchema, {
    defaultValues: { text: '', visibleToClient: false },
    // An empty box left is not an error until the note is sent.
    mode: 'onSubmit',
  });
  // Notes waiting in the outbox (the service worker writes them as it keeps them): arrived, the
  // record is read again.
  const pending = usePendingChanges(userId, 'staff-note', onChanged).filter(
    (n) => n.change.recordType === recordType && n.change.recordId === recordId,
  );

  const send = submit(async ({ text, visibleToClient }) => {
    if (!userId) return;
    const answer = await api<{ queued?: boolean; message?: string }>('/api/staff/notes', {
      method: 'POST',
      body: { recordType, recordId, text, visibleToClient: canMarkVisible && visibleToClient },
      headers: changeHeaders(crypto.randomUUID(), userId),
    });
    reset();
    if (answer.queued) {
      notify.info('Pas de réseau\u00a0: la note partira dès son retour.');
    } else {
      notify.success('Note ajoutée.');
      onChanged();
    }
  });

  return (
    <section aria-labelledby={`${textId}-title`} className="rounded-box border border-base-300 p-5">
      <h2 id={`${textId}-title`} className="text-xl font-semibold">
        Notes
      </h2>
      <form className="mt-4" noValidate onSubmit={(event) => void send(event)}>
        <NoteField
          id={textId}
          label="Nouvelle note"
          rows={3}
          maxLength={NOTE_MAX}
          error={formState.errors.text?.message ?? failure}
          field={register('text')}
        />
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          {canMarkVisible ? (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                {...register('visibleToClient')}
              />
              Visible par le client dans son espace
            </label>
          ) : (
            <span />
          )}
          <button
            type="submit"
            className="btn btn-primary btn-sm"
            disabled={formState.isSubmitting}
          >
            Ajouter la note
          </button>
        </div>
      </form>
      <ul className="mt-5 space-y-3">
        {pending.map((note) => (
          <PendingNoteItem key={note.key} note={note} />
        ))}
        {notes.map((note) => (
          <li key={note.id} className="rounded-box bg-base-200 p-3" data-testid="staff-note">
            <p className="whitespace-pre-line">{note.text}</p>
            <p className="mt-2 text-sm text-base-content/75">
              {note.authorName ?? 'Équipe'} · {formatDateTime(note.createdAt)}
              {note.visibleToClient ? (
                <span className="badge badge-info ml-2">Visible par le client</span>
              ) : null}
            </p>
          </li>
        ))}
        {notes.length === 0 && pending.length === 0 ? (
          <li className="text-base-content/75">Aucune note pour l’instant.</li>
        ) : null}
      </ul>
    </section>
  );
}
