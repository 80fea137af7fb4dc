import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  MESSAGE_MAX,
  clientMessagesPath,
  clientMessagesReadPath,
  messageSchema,
  staffMessagesPath,
  staffMessagesReadPath,
  type Conversation as ConversationData,
  type MessageSent,
  type MessageSide,
  type MessageView,
} from '../../../domain/api/messages';
import { formatDayDateTime } from '../../../domain/french-date';
import { dismissOutboxEntry, type ChangeEntry } from '../../../db/outbox.repo';
import { useCachedApi } from '../../../db/use-cached-api';
import { api, toApiFailure } from '../../../lib/api';
import { LoadGate } from '../../../ui/load-gate';
import { requestReplay } from '../../offline';
import { changeHeaders, usePendingChanges } from '../../offline/submission-status';

/** How often an open conversation asks for new messages (while the page is shown). */
const REFRESH_MS = 30_000;

const pathsOf = (side: MessageSide, projectId: number) =>
  side === 'client'
    ? { read: clientMessagesPath(projectId), seen: clientMessagesReadPath(projectId) }
    : { read: staffMessagesPath(projectId), seen: staffMessagesReadPath(projectId) };

/** Who wrote a message, as the reader sees it. */
function authorOf(message: MessageView, side: MessageSide, data: ConversationData): string {
  if (message.side === side) return 'Vous';
  if (message.side === 'client') return message.authorName ?? data.clientName;
  return message.authorName ?? data.hunterName ?? 'Votre chasseur';
}

function Bubble({
  message,
  mine,
  author,
  children,
  pending = false,
}: {
  message: { text: string; createdAt: string | number };
  mine: boolean;
  author: string;
  children?: ReactNode;
  pending?: boolean;
}) {
  const at = new Date(message.createdAt).toISOString();
  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
      <div
        className={`max-w-[85%] min-w-0 rounded-box p-3 sm:max-w-[75%] ${
          pending
            ? 'border border-dashed border-warning bg-base-100'
            : mine
              ? 'bg-primary/10'
              : 'border border-base-300 bg-base-100'
        }`}
        data-testid={pending ? 'pending-message' : 'message'}
        data-side={mine ? 'mine' : 'theirs'}
      >
        <p className="text-sm text-base-content/75">
          <span className="font-medium text-base-content">{author}</span>
          {pending ? null : (
            <>
              {' · '}
              <time dateTime={at}>{formatDayDateTime(at)}</time>
            </>
          )}
        </p>
        <p className="mt-1 break-words whitespace-pre-line">{message.text}</p>
        {children}
      </div>
    </li>
  );
}

/** A message the outbox still holds: waiting for the network, being sent, or refused. */
function PendingMessage({ entry }: { entry: ChangeEntry<'message'> }) {
  const failed = entry.status === 'failed';
  return (
    <Bubble
      message={{ text: entry.change.text, createdAt: entry.createdAt }}
      mine
      author="Vous"
      pending
    >
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <span className={`badge ${failed ? 'badge-error' : 'badge-warning'}`}>
          {failed
            ? 'Envoi refusé'
            : entry.status === 'sending'
              ? 'Envoi en cours'
              : 'En attente de réseau'}
        </span>
        {failed ? (
          <>
            <span>{entry.message ?? 'Le serveur a refusé ce message.'}</span>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => void dismissOutboxEntry(entry.key)}
            >
              J’ai compris
            </button>
          </>
        ) : (
          <span className="text-base-content/75">Il partira dès le retour du réseau.</span>
        )}
      </p>
    </Bubble>
  );
}

/**
 * One project's conversation (issue 29, docs/messages.md), for the client (`side` 'client') or
 * the staff: the messages, newest last, « Lu » under the last of the reader's own messages the
 * other side has read, the messages still waiting in this device's outbox, and the form under
 * them. A message carries an Idempotency-Key: without network it waits in the outbox (« En
 * attente de réseau ») and arrives once. Shown, the other side's messages are marked read.
 */
export function Conversation({
  side,
  projectId,
  userId,
  label,
}: {
  side: MessageSide;
  projectId: number;
  userId: string;
  /** The form's label: « Votre message », « Message à Claire Cliente ». */
  label: string;
}) {
  const paths = pathsOf(side, projectId);
  const [load, reload] = useCachedApi<ConversationData>(userId, paths.read);
  const pending = usePendingChanges(userId, 'message', reload).filter(
    (e) => e.change.projectId === projectId && e.change.side === side,
  );
  const textId = useId();
  const hintId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // The key of an attempt that got no answer: the same text tried again reuses it.
  const attempt = useRef<{ text: string; key: string } | null>(null);

  // New messages while the conversation is open.
  const latestReload = useRef(reload);
  useEffect(() => {
    latestReload.current = reload;
  });
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) latestReload.current();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  // Shown: the other side's messages are read (without network, the next showing says it).
  const lastTheirs =
    load.status === 'ready'
      ? load.data.messages.filter((m) => m.side !== side && m.readAt === null).at(-1)?.id
      : undefined;
  useEffect(() => {
    if (lastTheirs === undefined) return;
    api(paths.seen, { method: 'POST', body: { lastId: lastTheirs } }).catch(() => undefined);
  }, [lastTheirs, paths.seen]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const parsed = messageSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Vérifiez votre message.');
      return;
    }
    const key =
      attempt.current?.text === parsed.data.text ? attempt.current.key : crypto.randomUUID();
    attempt.current = { text: parsed.data.text, key };
    setBusy(true);
    try {
      await api<MessageSent | { queued: true }>(paths.read, {
        method: 'POST',
        body: parsed.data,
        headers: changeHeaders(key, userId),
      });
      attempt.current = null;
      setText('');
      reload();
    } catch (failure) {
      const { status, message } = toApiFailure(failure);
      // Refused: another try is another message, with another key.
      if (status !== null) attempt.current = null;
      setError(message);
    } finally {
      setBusy(false);
    }
  };

  // Never read on this device and no network: nothing was typed, nothing is lost.
  const shown =
    load.status === 'failed' && typeof navigator !== 'undefined' && !navigator.onLine
      ? {
          status: 'failed' as const,
          message: 'Les messages s’afficheront au retour du réseau.',
        }
      : load;

  return (
    <LoadGate inline load={shown} loading="Chargement des messages…">
      {(data) => {
        const mine = data.messages.filter((m) => m.side === side);
        const lastRead = mine.filter((m) => m.readAt !== null).at(-1);
        const empty = data.messages.length === 0 && pending.length === 0;
        return (
          <div className="mt-4" data-testid="conversation" data-project={projectId}>
            {data.older > 0 ? (
              <p className="mb-3 text-sm text-base-content/75">
                Seuls les {data.messages.length}&nbsp;derniers messages sont affichés.
              </p>
            ) : null}
            <div role="log" aria-label="Messages de la conversation" aria-live="polite">
              {empty ? (
                <p className="text-base-content/75">
                  {side === 'client'
                    ? 'Aucun message pour l’instant. Écrivez à votre chasseur\u00a0: il vous répondra ici.'
                    : 'Aucun message avec ce client pour l’instant.'}
                </p>
              ) : (
                <ol className="space-y-3">
                  {data.messages.map((m) => (
                    <Bubble
                      key={m.id}
                      message={m}
                      mine={m.side === side}
                      author={authorOf(m, side, data)}
                    >
                      {m.id === lastRead?.id && m.readAt ? (
                        <p
                          className="mt-1 text-right text-xs text-base-content/75"
                          data-testid="read-receipt"
                        >
                          Lu
                          <span className="sr-only">
                            {' '}
                            le <time dateTime={m.readAt}>{formatDayDateTime(m.readAt)}</time>
                          </span>
                        </p>
                      ) : null}
                    </Bubble>
                  ))}
                  {pending.map((entry) => (
                    <PendingMessage key={entry.key} entry={entry} />
                  ))}
                </ol>
              )}
            </div>
            {pending.some((e) => e.status !== 'failed') ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm mt-2"
                onClick={() => requestReplay(true)}
              >
                Renvoyer maintenant
              </button>
            ) : null}
            <form className="mt-5" noValidate onSubmit={(event) => void send(event)}>
              <label htmlFor={textId} className="block font-medium">
                {label}
              </label>
              <textarea
                id={textId}
                className="textarea mt-1 w-full"
                rows={3}
                maxLength={MESSAGE_MAX}
                value={text}
                aria-describedby={error ? `${hintId} ${errorId}` : hintId}
                aria-invalid={error ? true : undefined}
                onChange={(e) => setText(e.target.value)}
              />
              <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
                <p id={hintId} className="text-xs text-base-content/75">
                  Texte simple, {MESSAGE_MAX.toLocaleString('fr-FR')}&nbsp;caractères au plus.
                </p>
                <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                  {busy ? (
                    <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                  ) : null}
                  Envoyer
                </button>
              </div>
              {error ? (
                <p id={errorId} role="alert" className="mt-2 text-sm text-error">
                  {error}
                </p>
              ) : null}
            </form>
          </div>
        );
      }}
    </LoadGate>
  );
}
