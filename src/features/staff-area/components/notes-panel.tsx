import { useId, useState } from 'react';
import { outboxStatusLabel } from '../../../domain/outbox';
import type { NoteView } from '../../../domain/staff-views';
import { api, toApiFailure } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { useSession } from '../../auth';
import type { ChangeEntry } from '../../../db/outbox.repo';
import { changeHeaders, usePendingChanges } from '../../offline/submission-status';

const dateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});
export const formatDateTime = (iso: string | number) =>
  dateTime.format(new Date(iso)).replace(/(\d+):(\d+)/, '$1\u00a0h\u00a0$2');

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
  const [text, setText] = useState('');
  const [visible, setVisible] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Notes waiting in the outbox (the service worker writes them as it keeps them): arrived, the
  // record is read again.
  const pending = usePendingChanges(userId, 'staff-note', onChanged).filter(
    (n) => n.change.recordType === recordType && n.change.recordId === recordId,
  );

  const send = async () => {
    if (!userId) return;
    const body = text.trim();
    if (!body) {
      setError('Écrivez la note avant de l’ajouter.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await api<{ queued?: boolean; message?: string }>('/api/staff/notes', {
        method: 'POST',
        body: {
          recordType,
          recordId,
          text: body,
          visibleToClient: canMarkVisible && visible,
        },
        headers: changeHeaders(crypto.randomUUID(), userId),
      });
      setText('');
      setVisible(false);
      if (answer.queued) {
        notify.info('Pas de réseau\u00a0: la note partira dès son retour.');
      } else {
        notify.success('Note ajoutée.');
        onChanged();
      }
    } catch (failure) {
      setError(toApiFailure(failure).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${textId}-title`} className="rounded-box border border-base-300 p-5">
      <h2 id={`${textId}-title`} className="text-xl font-semibold">
        Notes
      </h2>
      <form
        className="mt-4"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label htmlFor={textId} className="text-sm font-medium">
          Nouvelle note
        </label>
        <textarea
          id={textId}
          className="textarea textarea-bordered mt-1 w-full"
          rows={3}
          maxLength={4000}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${textId}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        {error ? (
          <p id={`${textId}-error`} role="alert" className="mt-1 text-sm text-error">
            {error}
          </p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          {canMarkVisible ? (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={visible}
                onChange={(event) => setVisible(event.target.checked)}
              />
              Visible par le client dans son espace
            </label>
          ) : (
            <span />
          )}
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
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
