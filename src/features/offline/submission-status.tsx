import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { getOutboxEntry } from '../../db/outbox.repo';
import type { OutboxStatus } from '../../domain/outbox';
import { requestReplay, swStore } from './sw-registration';

export interface SubmissionState {
  /** 'queued' until the worker has written its entry (the page got 202 before that). */
  status: OutboxStatus;
  /** The server's refusal, or the last transient error while it waits. */
  message?: string;
}

/**
 * The live state of a submission the service worker queued (answered 202), read from the outbox
 * the worker writes: the CONFIRM steps show it, and change by themselves once it has gone.
 */
export function useSubmissionState(key: string | null): SubmissionState | null {
  useEffect(() => {
    if (!key) return;
    // The outbox panel (count, 'Renvoyer maintenant', replay triggers) belongs on screen now.
    swStore.outboxActivity = true;
    requestReplay();
  }, [key]);
  const entry = useLiveQuery(
    () => (key ? getOutboxEntry(key).catch(() => undefined) : undefined),
    [key],
    'reading' as const,
  );
  if (!key) return null;
  // The worker writes the entry before it answers 202: until it is read, it waits.
  if (entry === 'reading') return { status: 'queued' };
  // Gone: pruned a day after it arrived (or storage cleared): nothing more to say.
  if (!entry) return null;
  return entry.message
    ? { status: entry.status, message: entry.message }
    : { status: entry.status };
}

/** What both flows' CONFIRM steps are given. */
export interface ConfirmationProps {
  email: string | null;
  /** The Idempotency-Key of a submission the worker keeps for the network; null if it arrived. */
  queuedKey: string | null;
  /** The queued submission was refused: back to the submit step with the server's message. */
  onRefused: (message: string | undefined) => void;
}

/**
 * What a CONFIRM step says of its submission: `submission` (null when the server answered at
 * once), whether it has arrived (then the flow's own thanks) or was refused (then no promise).
 */
export function useConfirmation(queuedKey: string | null) {
  const submission = useSubmissionState(queuedKey);
  return {
    submission,
    arrived: !submission || submission.status === 'sent',
    refused: submission?.status === 'failed',
  };
}

/**
 * Whether the submission sent under `key` still waits in the worker's outbox: a flow reopened
 * on such a draft (a reload, the next day) shows CONFIRM waiting instead of asking again.
 */
export async function isWaiting(key: string): Promise<boolean> {
  const entry = await getOutboxEntry(key).catch(() => undefined);
  return entry?.status === 'queued' || entry?.status === 'sending';
}

/**
 * At opening, a flow's draft whose submission still waits in the outbox (a reload, the next
 * day): `onWaiting` gets its key and e-mail, and the flow shows CONFIRM waiting instead of the
 * form. Only a draft saved on the flow's submit step (`submitStep`) can have been sent.
 */
export function useWaitingAtOpening(
  draft: { step: number; answers: Record<string, unknown>; key?: string } | null,
  submitStep: number,
  onWaiting: (key: string, email: string) => void,
): void {
  useEffect(() => {
    const key = draft?.key;
    // The e-mail the confirmation names, for the forms that ask one (not a visit report).
    const email = typeof draft?.answers.email === 'string' ? draft.answers.email : '';
    if (!key || draft.step !== submitStep) return;
    let current = true;
    void isWaiting(key).then((waiting) => {
      if (waiting && current) onWaiting(key, email);
    });
    return () => {
      current = false;
    };
    // Only at opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const tone: Record<OutboxStatus, string> = {
  queued: 'alert-warning',
  sending: 'alert-info',
  sent: 'alert-success',
  failed: 'alert-error',
};

/**
 * What the person is told about a queued submission, honestly: it waits for the network and will
 * leave by itself, it is leaving, it has arrived, or the server refused it (with its message and
 * the way back to the answers).
 */
export function SubmissionStatus({
  state,
  what,
  masculine = false,
  onFix,
}: {
  state: SubmissionState;
  /** 'votre demande', 'votre inscription', 'le compte rendu'. */
  what: string;
  /** `what` is masculine: the agreements follow (feminine by default). */
  masculine?: boolean;
  onFix: () => void;
}) {
  const { status, message } = state;
  const e = masculine ? '' : 'e';
  return (
    <div
      role={status === 'failed' ? 'alert' : 'status'}
      data-testid="submission-status"
      data-status={status}
      className={`alert alert-soft alert-vertical mt-6 items-start text-left sm:alert-horizontal ${tone[status]}`}
    >
      <div>
        {status === 'queued' ? (
          <>
            <p className="font-semibold">En attente du réseau</p>
            <p>
              {capitalized(what)} est gardé{e} sur cet appareil et partira{' '}
              {masculine ? 'tout seul' : 'toute seule'} dès que la connexion le permettra, même si
              vous fermez la page.
            </p>
            {message ? (
              <p className="mt-1 text-sm opacity-80">Dernière tentative&nbsp;: {message}</p>
            ) : null}
          </>
        ) : status === 'sending' ? (
          <p className="font-semibold">Envoi en cours…</p>
        ) : status === 'sent' ? (
          <>
            <p className="font-semibold">
              Envoyé{e}&nbsp;: {what} est bien arrivé{e}.
            </p>
            {message ? <p className="mt-1 text-sm">{message}</p> : null}
          </>
        ) : (
          <>
            <p className="font-semibold">Envoi refusé</p>
            <p>{message ?? 'Le serveur a refusé cet envoi.'}</p>
          </>
        )}
      </div>
      {status === 'failed' ? (
        <button type="button" className="btn btn-sm" onClick={onFix}>
          Corriger mes réponses
        </button>
      ) : status === 'queued' ? (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => requestReplay(true)}>
          Renvoyer maintenant
        </button>
      ) : null}
    </div>
  );
}

// The signed-in changes waiting in the outbox: this file is the features' entry to the database.
export { changeHeaders, usePendingChanges } from './use-pending-changes';
export { PendingChange } from './pending-change';
