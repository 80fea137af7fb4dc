import type { Queue } from 'workbox-background-sync';
import { clearDraftIfKey, markDraftFailed } from '../src/db/drafts.repo';
import { getOutboxEntry, recordQueued, saveOutboxEntry } from '../src/db/outbox.repo';
import { afterAttempt, isDue, type OutboxFlow, type ReplayOutcome } from '../src/domain/outbox';

/** The two public POSTs that may wait for the network (spec 9, DESIGN.md). */
export const QUEUED_PATHS: Record<string, OutboxFlow> = {
  '/api/public/biens': 'owner',
  '/api/register': 'buyer',
};

export const REPLAY_TIMEOUT_MS = 20_000;

export type Notify = (message: {
  type: 'OUTBOX_CHANGED';
  key: string;
  status: string;
}) => Promise<void>;

/** fetch with a deadline: a request hanging on a dead connection counts as a network failure. */
export async function fetchWithTimeout(
  request: Request,
  ms = REPLAY_TIMEOUT_MS,
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), ms);
  try {
    return await fetch(request, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

async function messageOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as {
      message?: unknown;
      fieldErrors?: Record<string, unknown>;
    };
    const detail = Object.values(body.fieldErrors ?? {}).find(
      (v): v is string => typeof v === 'string',
    );
    const message = typeof body.message === 'string' ? body.message : undefined;
    // The field's own message says what to fix; the general one alone does not.
    return detail ? `${message ? `${message} ` : ''}${detail}` : message;
  } catch {
    return undefined;
  }
}

/** What the person will see for a queued submission: the e-mail it was made with. */
export async function summaryOf(request: Request): Promise<string | undefined> {
  try {
    const body = (await request.clone().json()) as {
      email?: unknown;
      contact?: { email?: unknown };
    };
    const email = body.contact?.email ?? body.email;
    return typeof email === 'string' ? email : undefined;
  } catch {
    return undefined;
  }
}

export async function queueSubmission(
  queue: Queue,
  request: Request,
  flow: OutboxFlow,
  notify: Notify,
): Promise<void> {
  const key = request.headers.get('Idempotency-Key') ?? '';
  const summary = await summaryOf(request);
  await recordQueued(key, flow, summary);
  await queue.pushRequest({ request, metadata: { flow, key } });
  await notify({ type: 'OUTBOX_CHANGED', key, status: 'queued' });
}

let running: Promise<void> | undefined;

/**
 * Replays what waits, oldest first, with our own rules (src/domain/outbox.ts): 2xx → sent and
 * the draft is cleared; 4xx → final failure kept with the server's message, the draft marked so
 * its next edit gets a new key; network error, timeout or 5xx → back in the queue with backoff.
 * One replay at a time; `force` ignores the backoff ('Renvoyer maintenant').
 */
export function replayQueue(queue: Queue, notify: Notify, force = false): Promise<void> {
  running ??= (async () => {
    try {
      const waiting = await queue.getAll();
      for (let i = 0; i < waiting.length; i += 1) {
        const item = await queue.shiftRequest();
        if (!item) break;
        const key = item.request.headers.get('Idempotency-Key') ?? '';
        const flow =
          (item.metadata as { flow?: OutboxFlow } | undefined)?.flow ??
          QUEUED_PATHS[new URL(item.request.url).pathname] ??
          'owner';
        const entry = (await getOutboxEntry(key)) ?? (await recordQueued(key, flow));
        if (!isDue(entry, Date.now(), force)) {
          await queue.pushRequest(item); // not yet: to the back, try the others
          continue;
        }
        await saveOutboxEntry({ ...entry, status: 'sending', updatedAt: Date.now() });
        await notify({ type: 'OUTBOX_CHANGED', key, status: 'sending' });

        let outcome: ReplayOutcome;
        try {
          const response = await fetchWithTimeout(item.request.clone());
          outcome = {
            kind: 'answered',
            status: response.status,
            message: await messageOf(response),
          };
        } catch (error) {
          outcome =
            error instanceof DOMException && error.name === 'TimeoutError'
              ? { kind: 'timeout' }
              : { kind: 'network-error' };
        }
        const next = afterAttempt(entry, outcome, Date.now());
        await saveOutboxEntry(next);
        if (next.status === 'sent') await clearDraftIfKey(flow, key);
        else if (next.status === 'failed') await markDraftFailed(flow, key);
        else await queue.pushRequest(item); // transient: keep it, with its body, for later
        await notify({ type: 'OUTBOX_CHANGED', key, status: next.status });
      }
    } finally {
      running = undefined;
    }
  })();
  return running;
}
