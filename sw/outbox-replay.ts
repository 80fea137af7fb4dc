import type { Queue } from 'workbox-background-sync';
import { clearDraftIfKey, markDraftFailed } from '../src/db/drafts.repo';
import {
  getOutboxEntry,
  listUnsettled,
  recordQueued,
  saveOutboxEntry,
} from '../src/db/outbox.repo';
import {
  afterAttempt,
  expired,
  replayDecision,
  type OutboxEntry,
  type OutboxFlow,
  type ReplayOutcome,
  type StoredRequest,
} from '../src/domain/outbox';

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

type QueueEntry = Awaited<ReturnType<Queue['getAll']>>[number];

const keyOf = (request: Request) => request.headers.get('Idempotency-Key') ?? '';

function flowOf(entry: QueueEntry): OutboxFlow {
  return (
    (entry.metadata as { flow?: OutboxFlow } | undefined)?.flow ??
    QUEUED_PATHS[new URL(entry.request.url).pathname] ??
    'owner'
  );
}

/** Hex SHA-256 of a body: tells an identical copy of a submission from an edited one. */
export async function fingerprint(body: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function toStored(request: Request): Promise<StoredRequest> {
  const headers: [string, string][] = [];
  request.headers.forEach((value, name) => headers.push([name, value]));
  return {
    url: request.url,
    method: request.method,
    headers,
    body: await request.clone().text(),
  };
}

const fromStored = (stored: StoredRequest) =>
  new Request(stored.url, { method: stored.method, headers: stored.headers, body: stored.body });

/** An entry younger than this may be between its two writes (queue, then outbox): left alone. */
const SETTLE_MS = 60_000;

/**
 * Puts the outbox and the queue back in agreement before a replay: a send interrupted by the
 * browser stopping the worker goes back into the queue from its in-flight copy; an entry whose
 * request is gone (expired after OUTBOX_RETENTION_MS, or lost) is shown as failed rather than
 * left waiting forever.
 */
async function reconcile(queue: Queue, notify: Notify): Promise<void> {
  const queuedKeys = new Set((await queue.getAll()).map((e) => keyOf(e.request)));
  const now = Date.now();
  for (const entry of await listUnsettled()) {
    if (entry.status === 'sending' && entry.inflight) {
      if (!queuedKeys.has(entry.key)) {
        await queue.pushRequest({
          request: fromStored(entry.inflight),
          metadata: { flow: entry.flow, key: entry.key },
          timestamp: entry.createdAt,
        });
      }
      const { inflight: _inflight, ...rest } = entry;
      await saveOutboxEntry({ ...rest, status: 'queued', updatedAt: now });
    } else if (!queuedKeys.has(entry.key) && now - entry.updatedAt > SETTLE_MS) {
      const { inflight: _inflight, ...rest } = entry;
      await saveOutboxEntry({
        ...rest,
        status: 'failed',
        updatedAt: now,
        message: expired(entry, now)
          ? 'Cet envoi a attendu le réseau trop longtemps et a expiré : renvoyez le formulaire.'
          : 'Cet envoi n’a pas pu être conservé sur l’appareil : renvoyez le formulaire.',
      });
      await markDraftFailed(entry.flow, entry.key);
      await notify({ type: 'OUTBOX_CHANGED', key: entry.key, status: 'failed' });
    } else if (entry.status === 'sending') {
      await saveOutboxEntry({ ...entry, status: 'queued', updatedAt: now });
    }
  }
}

/**
 * Replays what waits, oldest first, with our own rules (src/domain/outbox.ts): 2xx → sent and
 * the draft is cleared; 4xx → final failure kept with the server's message, the draft marked so
 * its next edit gets a new key; network error, timeout or 5xx → back in the queue with backoff.
 * A copy of a body the server has already settled is dropped without a request. Before each
 * send, the request is written to the outbox as in flight, so a worker stopped mid-send loses
 * nothing (reconcile). One replay at a time; `force` ignores the backoff ('Renvoyer maintenant').
 */
export function replayQueue(queue: Queue, notify: Notify, force = false): Promise<void> {
  running ??= (async () => {
    try {
      await reconcile(queue, notify);
      const count = (await queue.getAll()).length;
      for (let i = 0; i < count; i += 1) {
        // Peek first: the in-flight copy is written before the request leaves the queue.
        const [head] = await queue.getAll();
        if (!head) break;
        const key = keyOf(head.request);
        const flow = flowOf(head);
        const stored = await toStored(head.request);
        const hash = await fingerprint(stored.body);
        const entry = (await getOutboxEntry(key)) ?? (await recordQueued(key, flow));
        const decision = replayDecision(entry, hash, Date.now(), force);
        if (decision === 'drop') {
          await queue.shiftRequest();
          continue;
        }
        if (decision === 'later') {
          const item = await queue.shiftRequest();
          if (item) await queue.pushRequest(item); // not yet: to the back, try the others
          continue;
        }
        const sending: OutboxEntry = {
          ...entry,
          status: 'sending',
          inflight: stored,
          updatedAt: Date.now(),
        };
        await saveOutboxEntry(sending);
        const item = await queue.shiftRequest();
        if (!item) break;
        await notify({ type: 'OUTBOX_CHANGED', key, status: 'sending' });

        let outcome: ReplayOutcome;
        try {
          const response = await fetchWithTimeout(fromStored(stored));
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
        const next = afterAttempt(sending, outcome, Date.now(), hash);
        if (next.status === 'queued') await queue.pushRequest(item); // transient: keep it
        await saveOutboxEntry(next);
        if (next.status === 'sent') await clearDraftIfKey(flow, key);
        else if (next.status === 'failed') await markDraftFailed(flow, key);
        await notify({ type: 'OUTBOX_CHANGED', key, status: next.status });
      }
    } finally {
      running = undefined;
    }
  })();
  return running;
}
