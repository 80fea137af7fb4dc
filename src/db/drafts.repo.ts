import { appDb, type DraftFlow, type DraftRecord } from './database';

export type { DraftFlow, DraftRecord };

const SECRET_KEYS = /^password(confirm)?$/i;

/** A copy without any password field, at any depth: passwords never reach IndexedDB. */
export function withoutSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutSecrets) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !SECRET_KEYS.test(k))
        .map(([k, v]) => [k, withoutSecrets(v)]),
    ) as T;
  }
  return value;
}

function newKey(): string {
  return crypto.randomUUID();
}

/**
 * How the device took a draft: stored ('ok'), not stored because it is full ('full': the origin's
 * quota or the disk), or not stored for any other reason ('refused': private browsing, storage
 * blocked or broken). The flows say which to the person and keep the form on screen.
 */
export type DraftStorage = 'ok' | 'full' | 'refused';

const QUOTA_NAMES = new Set([
  'QuotaExceededError',
  // Firefox's older name for the same failure.
  'NS_ERROR_DOM_QUOTA_REACHED',
]);

/**
 * Why a draft could not be stored: 'full' for a quota error, whether IndexedDB raised it (a
 * DOMException, or Dexie's QuotaExceededError) or it is the `inner` cause of the Dexie error
 * that aborted the transaction (a quota refused at commit); 'refused' for anything else.
 */
export function draftStorageFailure(error: unknown): Exclude<DraftStorage, 'ok'> {
  let cause: unknown = error;
  for (let depth = 0; depth < 5 && cause && typeof cause === 'object'; depth += 1) {
    if (QUOTA_NAMES.has(String((cause as { name?: unknown }).name))) return 'full';
    cause = (cause as { inner?: unknown }).inner;
  }
  return 'refused';
}

type DraftPatch = { step?: number; answers?: Record<string, unknown> };

/**
 * What failed saves could not store, per flow: it goes with the next save, so once the device
 * stores again (space freed), the draft holds every answer and not only the later ones.
 */
const unsaved = new Map<DraftFlow, DraftPatch>();

function merged(earlier: DraftPatch | undefined, later: DraftPatch): DraftPatch {
  if (!earlier) return later;
  const answers =
    earlier.answers || later.answers ? { ...earlier.answers, ...later.answers } : undefined;
  return { step: later.step ?? earlier.step, ...(answers ? { answers } : {}) };
}

export function readDraft(flow: DraftFlow): Promise<DraftRecord | undefined> {
  return appDb.drafts.get(flow);
}

/**
 * Saves the step and merges the answers into the flow's draft, in one transaction (two tabs on
 * one draft see each other's answers, the last write wins per answer). The first save creates
 * the draft and its Idempotency-Key; after a final failure (markDraftFailed), the next edit gets
 * a new key, so the corrected answers are a new submission and not a 409. A save the device
 * refuses rejects (see draftStorageFailure) and its patch is kept for the next save.
 */
export async function saveDraft(flow: DraftFlow, given: DraftPatch): Promise<DraftRecord> {
  const pending = unsaved.get(flow);
  const patch = merged(pending, withoutSecrets(given));
  let saved: { record: DraftRecord; created: boolean };
  try {
    saved = await writeDraft(flow, patch);
  } catch (error) {
    unsaved.set(flow, merged(unsaved.get(flow), patch));
    throw error;
  }
  // Only what this save carried is stored: a failure meanwhile keeps its own patch.
  if (unsaved.get(flow) === pending) unsaved.delete(flow);
  // Ask the browser not to evict the drafts under storage pressure (granted or not, it goes on).
  if (saved.created && typeof navigator !== 'undefined') {
    // persist() exists in pages only (not in workers); drafts are written from pages.
    const storage = navigator.storage as
      (StorageManager & { persist?: () => Promise<boolean> }) | undefined;
    void storage?.persist?.().catch(() => false);
  }
  return saved.record;
}

function writeDraft(flow: DraftFlow, patch: DraftPatch) {
  return appDb.transaction('rw', appDb.drafts, async () => {
    const current = await appDb.drafts.get(flow);
    const editsAnswers = patch.answers !== undefined;
    const renew = !!current && editsAnswers && current.failedKey === current.idempotencyKey;
    const next: DraftRecord = {
      flow,
      step: patch.step ?? current?.step ?? 1,
      answers: withoutSecrets({ ...(current?.answers ?? {}), ...(patch.answers ?? {}) }),
      idempotencyKey: !current || renew ? newKey() : current.idempotencyKey,
      updatedAt: Date.now(),
    };
    if (current?.failedKey && !renew) next.failedKey = current.failedKey;
    if (current?.copyToken) next.copyToken = current.copyToken;
    await appDb.drafts.put(next);
    return { record: next, created: !current };
  });
}

/** The server refused this key's submission (4xx): keep the draft, renew the key on next edit. */
export async function markDraftFailed(flow: DraftFlow, key: string): Promise<void> {
  await appDb.drafts.update(flow, { failedKey: key });
}

/** Only once the server has confirmed the submission, or when the person starts again. */
export async function clearDraft(flow: DraftFlow): Promise<void> {
  unsaved.delete(flow);
  await appDb.drafts.delete(flow);
}

/**
 * The server confirmed the submission sent with `key`: the draft it came from is done. A draft
 * edited since (another key) is kept.
 */
export async function clearDraftIfKey(flow: DraftFlow, key: string): Promise<void> {
  // This tab's answers not stored yet were part of the submission confirmed.
  unsaved.delete(flow);
  await appDb.transaction('rw', appDb.drafts, async () => {
    const current = await appDb.drafts.get(flow);
    if (current?.idempotencyKey === key) await appDb.drafts.delete(flow);
  });
}

/** The copy of this draft kept on the server (issue 33): its token, so each step updates it. */
export async function setDraftCopyToken(flow: DraftFlow, token: string): Promise<void> {
  await appDb.drafts.update(flow, { copyToken: token });
}

/**
 * The copy opened from another device replaces this device's draft of the flow: its step,
 * answers, Idempotency-Key (both devices send under one key) and token.
 */
export async function adoptDraftCopy(
  flow: DraftFlow,
  copy: { step: number; answers: Record<string, unknown>; idempotencyKey: string; token: string },
): Promise<void> {
  unsaved.delete(flow);
  await appDb.drafts.put({
    flow,
    step: copy.step,
    answers: withoutSecrets(copy.answers),
    idempotencyKey: copy.idempotencyKey,
    copyToken: copy.token,
    updatedAt: Date.now(),
  });
}
