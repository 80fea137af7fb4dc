import type { Queue } from 'workbox-background-sync';
import { clearDraftIfKey, markDraftFailed } from '../src/db/drafts.repo';
import { reportDraftKey, settleReportDraft } from '../src/db/visit-drafts.repo';
import { VISIT_PHOTO_UPLOAD } from '../src/domain/device-id';
import {
  getOutboxEntry,
  listUnsettled,
  recordQueued,
  saveOutboxEntry,
} from '../src/db/outbox.repo';
import {
  OUTBOX_OWNER_HEADER,
  afterAttempt,
  expired,
  isDraftFlow,
  replayDecision,
  retryAfterSeconds,
  SUPERSEDED_MESSAGE,
  type ChangeOf,
  type OutboxChange,
  type OutboxEntry,
  type OutboxFlow,
  type ReplayOutcome,
} from '../src/domain/outbox';

/**
 * The POSTs that may wait for the network (spec 9, DESIGN.md): the two public forms, and the
 * staff's notes (issue 15: hunters on poor signal), all sent with an Idempotency-Key.
 */
export const QUEUED_PATHS: Record<string, OutboxFlow> = {
  '/api/public/biens': 'owner',
  '/api/register': 'buyer',
  '/api/staff/notes': 'staff-note',
  '/api/staff/visit-reports': 'visit-report',
  '/api/staff/tasks': 'staff-task',
};

const STAGE_MOVE = /^\/api\/staff\/projects\/(\d+)\/stage$/;
const BUYER_ASSIGN = /^\/api\/staff\/buyers\/([^/]+)\/assign$/;
const LEAD_ASSIGN = /^\/api\/staff\/leads\/(\d+)\/assign$/;

/** A task ticked done or undone (src/domain/api/tasks.ts TASK_DONE_PATH; zod stays out of here). */
const TASK_DONE_PATTERN = /^\/api\/staff\/tasks\/(\d+)\/done$/;

/**
 * Queued requests whose path carries an id: a client's criteria edit (POST) and a document's
 * upload (PUT, the file's bytes), both issue 16.
 */
const QUEUED_PATTERNS: readonly (readonly [string, RegExp, OutboxFlow])[] = [
  ['POST', /^\/api\/client\/projects\/\d+\/criteria$/, 'client-criteria'],
  ['PUT', /^\/api\/client\/documents\/[a-z_]+$/, 'client-document'],
  // Issue 28: a visit report's photos (the image's bytes) and the buyer's answer to a report.
  ['PUT', VISIT_PHOTO_UPLOAD, 'visit-photo'],
  ['POST', /^\/api\/client\/visit-reports\/\d+\/answer$/, 'visit-answer'],
  // Issue 29: a message of a project's conversation, from the client or the staff.
  ['POST', /^\/api\/(client|staff)\/projects\/\d+\/messages$/, 'message'],
  // Issue 29: a stage move, and a record given to a hunter (buyer: account id; lead: number).
  ['POST', STAGE_MOVE, 'staff-stage'],
  ['POST', BUYER_ASSIGN, 'staff-assign'],
  ['POST', LEAD_ASSIGN, 'staff-assign'],
  // Issue 29: a task ticked done or undone (a new task: QUEUED_PATHS).
  ['POST', TASK_DONE_PATTERN, 'staff-task'],
  // Issue 33: the copy of a long form's draft follows each step (src/domain/api/form-copies.ts).
  ['PUT', /^\/api\/form-copies\/[A-Za-z0-9_-]{43}$/, 'form-copy'],
];

/**
 * The flow of a `method` request to `pathname` that may wait for the network, undefined for any
 * other.
 */
export function queuedFlowOf(pathname: string, method = 'POST'): OutboxFlow | undefined {
  if (method === 'POST' && Object.hasOwn(QUEUED_PATHS, pathname)) return QUEUED_PATHS[pathname];
  return QUEUED_PATTERNS.find(([m, pattern]) => m === method && pattern.test(pathname))?.[2];
}

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
    // The field's own message says what to fix; the general one alone does not. A server that
    // puts the same sentence in both (409: this e-mail has an account) is quoted once.
    if (!detail || message?.includes(detail)) return message ?? detail;
    return message ? `${message} ${detail}` : detail;
  } catch {
    return undefined;
  }
}

/** What the person will see for a queued submission: the e-mail it was made with, or a note's start. */
export async function summaryOf(request: Request): Promise<string | undefined> {
  // A document's upload: its bytes say nothing, its name does.
  const fileName = request.headers.get('X-File-Name');
  if (fileName) {
    try {
      return decodeURIComponent(fileName);
    } catch {
      return undefined;
    }
  }
  try {
    const body = (await request.clone().json()) as {
      email?: unknown;
      contact?: { email?: unknown };
      text?: unknown;
    };
    const email = body.contact?.email ?? body.email;
    if (typeof email === 'string') return email;
    if (typeof body.text === 'string')
      return body.text.length > 60 ? `${body.text.slice(0, 59)}…` : body.text;
    return undefined;
  } catch {
    return undefined;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * What a signed-in change says, read from its request (the screens show it while it waits):
 * the note, the criteria (without the version) and the project, the document's kind, name and
 * size. Undefined for the public forms, or a body that is not what the screen sends.
 */
export async function changeOf(
  request: Request,
  flow: OutboxFlow,
): Promise<OutboxChange | undefined> {
  const { pathname } = new URL(request.url);
  try {
    if (flow === 'staff-note') {
      const body: unknown = await request.clone().json();
      if (!isRecord(body)) return undefined;
      const { recordType, recordId, text, visibleToClient } = body;
      if (
        (recordType !== 'buyer' && recordType !== 'owner') ||
        typeof recordId !== 'string' ||
        typeof text !== 'string'
      )
        return undefined;
      return { flow, recordType, recordId, text, visibleToClient: visibleToClient === true };
    }
    if (flow === 'client-criteria') {
      const projectId = Number(/^\/api\/client\/projects\/(\d+)\/criteria$/.exec(pathname)?.[1]);
      const body: unknown = await request.clone().json();
      if (!Number.isSafeInteger(projectId) || !isRecord(body)) return undefined;
      const { version: _version, ...criteria } = body;
      return { flow, projectId, criteria: criteria as ChangeOf<'client-criteria'>['criteria'] };
    }
    if (flow === 'visit-report') {
      const body: unknown = await request.clone().json();
      if (!isRecord(body)) return undefined;
      const { ref, buyerId, address, photos } = body;
      if (typeof ref !== 'string' || typeof buyerId !== 'string' || !Array.isArray(photos))
        return undefined;
      return {
        flow,
        ref,
        buyerId,
        address: typeof address === 'string' ? address : '',
        photos: photos.length,
      };
    }
    if (flow === 'visit-photo') {
      const [, ref, photoId] = VISIT_PHOTO_UPLOAD.exec(pathname) ?? [];
      if (!ref || !photoId) return undefined;
      return { flow, ref, photoId, size: (await request.clone().blob()).size };
    }
    if (flow === 'visit-answer') {
      const reportId = Number(/^\/api\/client\/visit-reports\/(\d+)\/answer$/.exec(pathname)?.[1]);
      const body: unknown = await request.clone().json();
      if (!Number.isSafeInteger(reportId) || !isRecord(body)) return undefined;
      const { answer, comment } = body;
      if (answer !== 'interesse' && answer !== 'pas_pour_moi') return undefined;
      return { flow, reportId, answer, comment: typeof comment === 'string' ? comment : '' };
    }
    if (flow === 'message') {
      const [, side, id] =
        /^\/api\/(client|staff)\/projects\/(\d+)\/messages$/.exec(pathname) ?? [];
      const projectId = Number(id);
      const body: unknown = await request.clone().json();
      if ((side !== 'client' && side !== 'staff') || !Number.isSafeInteger(projectId))
        return undefined;
      if (!isRecord(body) || typeof body.text !== 'string') return undefined;
      return { flow, side, projectId, text: body.text };
    }
    if (flow === 'staff-stage') {
      const projectId = Number(STAGE_MOVE.exec(pathname)?.[1]);
      const body: unknown = await request.clone().json();
      if (!Number.isSafeInteger(projectId) || !isRecord(body) || typeof body.to !== 'string')
        return undefined;
      const note = typeof body.note === 'string' ? body.note : '';
      return { flow, projectId, to: body.to, note, notify: body.notify !== false };
    }
    if (flow === 'staff-assign') {
      const buyer = BUYER_ASSIGN.exec(pathname)?.[1];
      const lead = LEAD_ASSIGN.exec(pathname)?.[1];
      const body: unknown = await request.clone().json();
      if (!isRecord(body)) return undefined;
      const hunterId = typeof body.hunterId === 'string' ? body.hunterId : null;
      if (lead) return { flow, recordType: 'owner', recordId: lead, hunterId };
      if (!buyer) return undefined;
      return { flow, recordType: 'buyer', recordId: decodeURIComponent(buyer), hunterId };
    }
    if (flow === 'staff-task') {
      const body: unknown = await request.clone().json();
      if (!isRecord(body)) return undefined;
      const taskId = Number(TASK_DONE_PATTERN.exec(pathname)?.[1]);
      if (Number.isSafeInteger(taskId) && taskId > 0)
        return { flow, action: 'done', taskId, done: body.done === true };
      const { recordType, recordId, text, dueAt } = body;
      if (
        (recordType !== 'buyer' && recordType !== 'owner') ||
        typeof recordId !== 'string' ||
        typeof text !== 'string' ||
        typeof dueAt !== 'string'
      )
        return undefined;
      return { flow, action: 'add', recordType, recordId, text, dueAt };
    }
    if (flow === 'client-document') {
      const kind = /^\/api\/client\/documents\/([a-z_]+)$/.exec(pathname)?.[1];
      if (!kind) return undefined;
      const size = (await request.clone().blob()).size;
      const fileName = (await summaryOf(request)) ?? kind;
      return { flow, kind: kind as ChangeOf<'client-document'>['kind'], fileName, size };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

export async function queueSubmission(
  queue: Queue,
  request: Request,
  flow: OutboxFlow,
  notify: Notify,
): Promise<void> {
  const key = request.headers.get('Idempotency-Key') ?? '';
  const summary = await summaryOf(request);
  // A signed-in change: whose it is and what it says, in the same write as its state.
  const owner = request.headers.get(OUTBOX_OWNER_HEADER) ?? undefined;
  const change = await changeOf(request, flow);
  await recordQueued(key, flow, summary, change ? { owner, change } : undefined);
  await queue.pushRequest({ request, metadata: { flow, key } });
  await notify({ type: 'OUTBOX_CHANGED', key, status: 'queued' });
}

type QueueEntry = Awaited<ReturnType<Queue['getAll']>>[number];

const keyOf = (request: Request) => request.headers.get('Idempotency-Key') ?? '';

function flowOf(entry: QueueEntry): OutboxFlow {
  return (
    (entry.metadata as { flow?: OutboxFlow } | undefined)?.flow ??
    queuedFlowOf(new URL(entry.request.url).pathname, entry.request.method) ??
    'owner'
  );
}

/** Hex SHA-256 of a body: tells an identical copy of a submission from an edited one. */
export async function fingerprint(body: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** An entry younger than this may be between its two writes (outbox, then queue): left alone. */
const SETTLE_MS = 60_000;

/**
 * Puts the outbox back in agreement with the queue before a replay: an entry left 'sending' by a
 * worker the browser stopped mid-send is queued again (its request never left the queue); an
 * entry whose request is gone (expired after OUTBOX_RETENTION_MS) is shown as failed rather
 * than left waiting forever.
 */
async function reconcile(queue: Queue, notify: Notify): Promise<void> {
  const queuedKeys = new Set((await queue.getAll()).map((e) => keyOf(e.request)));
  const now = Date.now();
  for (const entry of await listUnsettled()) {
    if (queuedKeys.has(entry.key)) {
      if (entry.status === 'sending') {
        await saveOutboxEntry({ ...entry, status: 'queued', updatedAt: now });
      }
    } else if (now - entry.updatedAt > SETTLE_MS) {
      await saveOutboxEntry({
        ...entry,
        status: 'failed',
        updatedAt: now,
        message: expired(entry, now)
          ? 'Cet envoi a attendu le réseau trop longtemps et a expiré\u00a0: renvoyez le formulaire.'
          : 'Cet envoi n’a pas pu être conservé sur l’appareil\u00a0: renvoyez le formulaire.',
      });
      if (isDraftFlow(entry.flow)) await markDraftFailed(entry.flow, entry.key);
      await notify({ type: 'OUTBOX_CHANGED', key: entry.key, status: 'failed' });
    }
  }
}

const sameEntry = (a: QueueEntry, b: QueueEntry) =>
  a.timestamp === b.timestamp && keyOf(a.request) === keyOf(b.request);

/**
 * Removes `head` from the front of the queue. Only expiry can change the front while the replay
 * holds its lock: if another entry comes out, it goes back where it was.
 */
async function removeHead(queue: Queue, head: QueueEntry): Promise<void> {
  const item = await queue.shiftRequest();
  if (item && !sameEntry(item, head)) await queue.unshiftRequest(item);
}

/**
 * Moves `head` to the back of the queue: the copy is written first, so a worker stopped between
 * the two writes leaves a duplicate (dropped later by its fingerprint), never a loss.
 */
async function rotate(queue: Queue, head: QueueEntry): Promise<void> {
  await queue.pushRequest({ ...head, request: head.request.clone() });
  await removeHead(queue, head);
}

/** One pass over what waits, oldest first (see replayQueue). */
async function replayPass(queue: Queue, notify: Notify, force: boolean): Promise<void> {
  await reconcile(queue, notify);
  const count = (await queue.getAll()).length;
  for (let i = 0; i < count; i += 1) {
    const [head] = await queue.getAll();
    if (!head) break;
    const key = keyOf(head.request);
    const flow = flowOf(head);
    const hash = await fingerprint(await head.request.clone().text());
    const entry = (await getOutboxEntry(key)) ?? (await recordQueued(key, flow));
    const decision = replayDecision(entry, hash, Date.now(), force);
    if (decision === 'drop') {
      await removeHead(queue, head);
      continue;
    }
    if (decision === 'superseded') {
      await saveOutboxEntry({ ...entry, message: SUPERSEDED_MESSAGE, updatedAt: Date.now() });
      await removeHead(queue, head);
      await notify({ type: 'OUTBOX_CHANGED', key, status: entry.status });
      continue;
    }
    if (decision === 'later') {
      await rotate(queue, head); // not yet: to the back, try the others
      continue;
    }
    const sending: OutboxEntry = { ...entry, status: 'sending', updatedAt: Date.now() };
    await saveOutboxEntry(sending);
    await notify({ type: 'OUTBOX_CHANGED', key, status: 'sending' });

    // Sent from the front of the queue, removed only once answered: a worker stopped meanwhile
    // finds it there again (and the server's Idempotency-Key makes the repeat harmless).
    let outcome: ReplayOutcome;
    try {
      const response = await fetchWithTimeout(head.request.clone());
      outcome = {
        kind: 'answered',
        status: response.status,
        message: await messageOf(response),
        retryAfterSeconds: retryAfterSeconds(response.headers.get('Retry-After')),
      };
    } catch (error) {
      outcome =
        error instanceof DOMException && error.name === 'TimeoutError'
          ? { kind: 'timeout' }
          : { kind: 'network-error' };
    }
    const next = afterAttempt(sending, outcome, Date.now(), hash);
    await saveOutboxEntry(next);
    if (next.status === 'queued')
      await rotate(queue, head); // transient: keep it, at the back
    else await removeHead(queue, head);
    if (isDraftFlow(flow)) {
      if (next.status === 'sent') await clearDraftIfKey(flow, key);
      else if (next.status === 'failed') await markDraftFailed(flow, key);
    }
    // A visit report leaves the device once the server has it and all its photos (issue 28); a
    // refused one keeps its draft, whose next edit gets a new key.
    const report = next.change;
    if (report?.flow === 'visit-report' || report?.flow === 'visit-photo') {
      if (next.status === 'sent') await settleReportDraft(report.ref);
      else if (next.status === 'failed' && report.flow === 'visit-report')
        await markDraftFailed(reportDraftKey(report.ref), key);
    }
    await notify({ type: 'OUTBOX_CHANGED', key, status: next.status });
  }
}

/**
 * Runs `task` alone across every worker of this origin (an updated worker installing while the
 * active one replays): Web Locks where the browser has them, else this worker's own order.
 */
function exclusively(task: () => Promise<void>): Promise<void> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return locks ? locks.request('outbox-replay', () => task()).then(() => undefined) : task();
}

let running: Promise<void> | undefined;
/** A replay asked for while one runs: one more pass after it (forced if any ask was). */
let again: { force: boolean } | undefined;

/**
 * Replays what waits, oldest first, with our own rules (src/domain/outbox.ts): 2xx → sent and
 * the draft is cleared; 4xx → final failure kept with the server's message, the draft marked so
 * its next edit gets a new key; network error, timeout or 5xx → back in the queue with backoff.
 * A copy of a body the server has already settled is dropped without a request. Nothing leaves
 * the queue before its answer is recorded, so a worker stopped at any point loses nothing. One
 * replay at a time; `force` ignores the backoff ('Renvoyer maintenant', the network back); a
 * call during a replay gets one more pass after it.
 */
export function replayQueue(queue: Queue, notify: Notify, force = false): Promise<void> {
  if (running) {
    again = { force: force || (again?.force ?? false) };
    return running;
  }
  running = (async () => {
    try {
      let pass: { force: boolean } | undefined = { force };
      while (pass) {
        again = undefined;
        const { force: forced } = pass;
        await exclusively(() => replayPass(queue, notify, forced));
        pass = again;
      }
    } finally {
      running = undefined;
      again = undefined;
    }
  })();
  return running;
}
