import type { BuyerProject } from './buyer-signup.schema';
import type { DocumentKind } from './client-documents';

/**
 * The outbox of submissions and changes made without network (DESIGN.md, offline model): one
 * entry per Idempotency-Key, written by the service worker and shown by the page. Pure rules
 * here; the storage is in src/db, the replay in sw/.
 */
export type OutboxFlow =
  | 'owner'
  | 'buyer'
  | 'staff-note'
  | 'client-criteria'
  | 'client-document'
  | 'visit-report'
  | 'visit-photo'
  | 'visit-answer'
  | 'message'
  | 'staff-stage'
  | 'staff-assign'
  | 'staff-task'
  /** The copy of a long form's draft following it for another device (issue 33). */
  | 'form-copy';
/** The flows whose submission is a draft kept in Dexie until the server confirms it. */
export const isDraftFlow = (flow: OutboxFlow): flow is 'owner' | 'buyer' =>
  flow === 'owner' || flow === 'buyer';
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

/**
 * What a signed-in change made offline said, by flow: kept in its outbox entry (the one place a
 * change waits on the device, docs/decisions/010-cached-reads.md) so the screens show it, with
 * its state, until the server has it.
 */
export interface OutboxChanges {
  'staff-note': {
    recordType: 'buyer' | 'owner';
    recordId: string;
    text: string;
    visibleToClient: boolean;
  };
  'client-criteria': { projectId: number; criteria: BuyerProject };
  'client-document': { kind: DocumentKind; fileName: string; size: number };
  /** A visit report (issue 28): its device id, for whom, where, and how many photos follow. */
  'visit-report': { ref: string; buyerId: string; address: string; photos: number };
  /** One photo of the report `ref`. */
  'visit-photo': { ref: string; photoId: string; size: number };
  /** The buyer's answer to a visit report. */
  'visit-answer': { reportId: number; answer: 'interesse' | 'pas_pour_moi'; comment: string };
  /** A message of a project's conversation (issue 29), from the client or the staff. */
  message: { side: 'client' | 'staff'; projectId: number; text: string };
  /** A stage move of a buyer's project (issue 29), confirmed by the hunter. */
  'staff-stage': { projectId: number; to: string; note: string; notify: boolean };
  /** A record given to a hunter (null: to nobody) by a supervisor (issue 29). */
  'staff-assign': { recordType: 'buyer' | 'owner'; recordId: string; hunterId: string | null };
  /** A task added to a buyer or a lead (dueAt: Paris local time), or one ticked done or undone. */
  'staff-task':
    | {
        action: 'add';
        recordType: 'buyer' | 'owner';
        recordId: string;
        text: string;
        dueAt: string;
      }
    | { action: 'done'; taskId: number; done: boolean };
}
export type ChangeFlow = keyof OutboxChanges;
/** The header a signed-in change carries so the worker records whose it is (`owner`). */
export const OUTBOX_OWNER_HEADER = 'X-Outbox-Owner';
export type OutboxChange = { [F in ChangeFlow]: { flow: F } & OutboxChanges[F] }[ChangeFlow];
/** The change of flow `F`. */
export type ChangeOf<F extends ChangeFlow> = Extract<OutboxChange, { flow: F }>;

export interface OutboxEntry {
  key: string;
  flow: OutboxFlow;
  status: OutboxStatus;
  attempts: number;
  /** When the next replay may be tried (ms since epoch). */
  nextAttemptAt: number;
  /** The server's message for a final failure, or the last transient error. */
  message?: string;
  /** For the person: what was sent (e.g. the e-mail of the CONFIRM step). */
  summary?: string;
  createdAt: number;
  updatedAt: number;
  sentAt?: number;
  /** The person hid it from the outbox list ('Masquer'); the screens that follow it still can. */
  hidden?: boolean;
  /** The person was told it arrived or was refused (a notice, once, even if it happened while
   * the app was closed). */
  noticed?: boolean;
  /** Fingerprint of the body the server settled (sent or refused): an identical copy is dropped. */
  settledHash?: string;
  /** A signed-in change: the account that made it (its screens show it to that account only). */
  owner?: string;
  /** A signed-in change: what it said (staff note, criteria, document). */
  change?: OutboxChange;
}

/** What a replay attempt gave. */
export type ReplayOutcome =
  | { kind: 'answered'; status: number; message?: string; retryAfterSeconds?: number }
  | { kind: 'network-error' }
  | { kind: 'timeout' };

/** Kept this long before giving up; the page warns the person well before. */
export const OUTBOX_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
export const NEAR_EXPIRY_MS = 3 * 24 * 60 * 60 * 1000;
const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 5 * 60_000;

/**
 * Success is any 2xx (the server answers an idempotent repeat with the first 2xx again). A 4xx is
 * final: the same request would get the same answer, so it is kept with its message, never
 * retried (except 408 and 429, which ask to come back later). Network errors, timeouts and 5xx
 * are transient: retried with backoff. Workbox's own replay drops a request answered 500: this
 * does not.
 */
export function classify(outcome: ReplayOutcome): 'sent' | 'final' | 'retry' {
  if (outcome.kind !== 'answered') return 'retry';
  if (outcome.status >= 200 && outcome.status < 300) return 'sent';
  if (outcome.status === 408 || outcome.status === 429) return 'retry';
  if (outcome.status >= 400 && outcome.status < 500) return 'final';
  return 'retry';
}

/**
 * Whether an answer of the server to a direct send (not a replay) is a final refusal: the same
 * rule as a replay's, so a form and the outbox never disagree on what is worth trying again.
 * `null` is no answer at all (network error, timeout).
 */
export function isFinalRefusal(status: number | null): boolean {
  return status !== null && classify({ kind: 'answered', status }) === 'final';
}

/** Delay before attempt n+1: 2 s, 4 s, 8 s… up to 5 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export function newOutboxEntry(
  key: string,
  flow: OutboxFlow,
  now: number,
  summary?: string,
): OutboxEntry {
  const entry: OutboxEntry = {
    key,
    flow,
    status: 'queued',
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  };
  if (summary) entry.summary = summary;
  return entry;
}

const TRANSIENT: Record<Exclude<ReplayOutcome['kind'], 'answered'>, string> = {
  'network-error': 'Pas de réseau pour le moment.',
  timeout: 'Le serveur a mis trop de temps à répondre.',
};

/** The entry after a replay attempt of the body whose fingerprint is `bodyHash`. */
export function afterAttempt(
  entry: OutboxEntry,
  outcome: ReplayOutcome,
  now: number,
  bodyHash?: string,
): OutboxEntry {
  const attempts = entry.attempts + 1;
  const verdict = classify(outcome);
  const settled = verdict !== 'retry' && bodyHash ? { ...entry, settledHash: bodyHash } : entry;
  if (verdict === 'sent') {
    const { message: _m, ...rest } = settled;
    return { ...rest, status: 'sent', attempts, updatedAt: now, sentAt: now };
  }
  if (verdict === 'final') {
    const message =
      (outcome.kind === 'answered' && outcome.message) ||
      'Le serveur a refusé cet envoi. Vérifiez vos réponses puis renvoyez.';
    return { ...settled, status: 'failed', attempts, updatedAt: now, message };
  }
  // 429 (too many submissions from this connection): the server's message says why and when;
  // its Retry-After is waited for, however long, before the next try.
  const limited = outcome.kind === 'answered' && outcome.status === 429;
  const message =
    outcome.kind !== 'answered'
      ? TRANSIENT[outcome.kind]
      : limited && outcome.message
        ? outcome.message
        : `Le serveur est momentanément indisponible (erreur ${outcome.status}).`;
  const asked = outcome.kind === 'answered' ? (outcome.retryAfterSeconds ?? 0) * 1000 : 0;
  return {
    ...settled,
    status: 'queued',
    attempts,
    updatedAt: now,
    nextAttemptAt: now + Math.max(backoffMs(attempts), asked),
    message,
  };
}

/** Seconds of a Retry-After header given in seconds; undefined otherwise (or unreasonable). */
export function retryAfterSeconds(header: string | null): number | undefined {
  if (!header || !/^\d{1,7}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/**
 * What to do with a request found in the queue, given its key's entry and the fingerprint of its
 * body. Two tabs, a double press or a copy left by a stopped worker can queue the same body twice
 * under one key: once the server has settled that body, the copy is dropped without a request.
 * Another body under a key already sent ('superseded': a stale tab's answers) is not sent either:
 * the server would refuse it (409) and the entry would wrongly turn from arrived to refused; the
 * entry keeps 'sent' and says so. After a refusal, another body is sent. A queued entry waits for
 * its backoff unless forced.
 */
export function replayDecision(
  entry: OutboxEntry,
  bodyHash: string,
  now: number,
  force = false,
): 'send' | 'drop' | 'superseded' | 'later' {
  if (entry.status === 'sent') return entry.settledHash === bodyHash ? 'drop' : 'superseded';
  if (entry.status === 'failed') return entry.settledHash === bodyHash ? 'drop' : 'send';
  if (entry.status === 'sending') return 'send';
  return isDue(entry, now, force) ? 'send' : 'later';
}

/** Whether a queued entry may be tried now (a manual 'Renvoyer maintenant' ignores the wait). */
export function isDue(entry: OutboxEntry, now: number, force = false): boolean {
  return entry.status === 'queued' && (force || entry.nextAttemptAt <= now);
}

export function expiresAt(entry: OutboxEntry): number {
  return entry.createdAt + OUTBOX_RETENTION_MS;
}

/** What a sent entry says when a later, different version under its key was not sent. */
export const SUPERSEDED_MESSAGE =
  'Des réponses modifiées ensuite (dans un autre onglet) n’ont pas été envoyées\u00a0: la première version est arrivée.';

/** Past its retention: the queue has dropped the request. */
export function expired(entry: OutboxEntry, now: number): boolean {
  return expiresAt(entry) <= now;
}

/** Queued long enough that the person must be told (it would otherwise expire unseen). */
export function isNearExpiry(entry: OutboxEntry, now: number): boolean {
  return entry.status === 'queued' && expiresAt(entry) - now <= NEAR_EXPIRY_MS;
}

/** What each flow's submission is called, and whether the word is feminine (the agreement). */
export const outboxFlowNames: Record<OutboxFlow, { label: string; feminine: boolean }> = {
  owner: { label: 'Questionnaire propriétaire', feminine: false },
  buyer: { label: 'Inscription acquéreur', feminine: true },
  'staff-note': { label: 'Note de suivi', feminine: true },
  'client-criteria': { label: 'Modification de vos critères', feminine: true },
  'client-document': { label: 'Document', feminine: false },
  'visit-report': { label: 'Compte rendu de visite', feminine: false },
  'visit-photo': { label: 'Photo de visite', feminine: true },
  'visit-answer': { label: 'Réponse à un compte rendu', feminine: true },
  message: { label: 'Message', feminine: false },
  'staff-stage': { label: 'Changement d’étape', feminine: false },
  'staff-assign': { label: 'Attribution', feminine: true },
  'staff-task': { label: 'Tâche', feminine: true },
  'form-copy': { label: 'Saisie pour un autre appareil', feminine: true },
};

/** The outbox entries of the visit report `ref` (the report and its photos). */
export const isEntryOfReport = (entry: OutboxEntry, ref: string) =>
  (entry.change?.flow === 'visit-report' || entry.change?.flow === 'visit-photo') &&
  entry.change.ref === ref;

/**
 * Where a visit report of `photos` photos stands in this device's outbox (issue 28): 'refused'
 * with the server's reason when any of its requests was, 'waiting' for the network or 'sending'
 * with the photos arrived so far, 'sent' once nothing of it waits; undefined when the outbox has
 * nothing of it (sent directly, or never sent from here: the server's state tells then). A page
 * that loses the network in the middle of a report queues every request left at once, so the
 * photos not in the outbox have arrived.
 */
export type ReportSending =
  | { state: 'waiting' | 'sending'; photosSent: number; photos: number }
  | { state: 'refused'; message: string }
  | { state: 'sent'; photos: number };

export function reportSending(
  entries: OutboxEntry[],
  ref: string,
  photos: number,
): ReportSending | undefined {
  const own = entries.filter((e) => isEntryOfReport(e, ref));
  if (own.length === 0) return undefined;
  const refused = own.find((e) => e.status === 'failed');
  if (refused)
    return { state: 'refused', message: refused.message ?? 'Le serveur a refusé cet envoi.' };
  const pending = own.filter((e) => e.status === 'queued' || e.status === 'sending');
  if (pending.length === 0) return { state: 'sent', photos };
  const photosPending = pending.filter((e) => e.flow === 'visit-photo').length;
  return {
    state: pending.some((e) => e.status === 'sending') ? 'sending' : 'waiting',
    photosSent: Math.max(0, photos - photosPending),
    photos,
  };
}

/** The state's French label, agreed with the flow's noun ('Envoyé', 'Envoyée'). */
export function outboxStatusLabel(status: OutboxStatus, flow: OutboxFlow): string {
  const label = outboxStatusLabels[status];
  return status === 'sent' && outboxFlowNames[flow].feminine ? `${label}e` : label;
}

/** French label of each state, for the badge and the list. */
export const outboxStatusLabels: Record<OutboxStatus, string> = {
  queued: 'En attente',
  sending: 'Envoi en cours',
  sent: 'Envoyé',
  failed: 'Échec',
};
