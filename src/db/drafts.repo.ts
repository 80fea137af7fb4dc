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

export function readDraft(flow: DraftFlow): Promise<DraftRecord | undefined> {
  return appDb.drafts.get(flow);
}

/**
 * Saves the step and merges the answers into the flow's draft, in one transaction (two tabs on
 * one draft see each other's answers, the last write wins per answer). The first save creates
 * the draft and its Idempotency-Key; after a final failure (markDraftFailed), the next edit gets
 * a new key, so the corrected answers are a new submission and not a 409.
 */
export async function saveDraft(
  flow: DraftFlow,
  patch: { step?: number; answers?: Record<string, unknown> },
): Promise<DraftRecord> {
  const saved = await appDb.transaction('rw', appDb.drafts, async () => {
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
    await appDb.drafts.put(next);
    return { record: next, created: !current };
  });
  // Ask the browser not to evict the drafts under storage pressure (granted or not, it goes on).
  if (saved.created && typeof navigator !== 'undefined') {
    // persist() exists in pages only (not in workers); drafts are written from pages.
    const storage = navigator.storage as
      (StorageManager & { persist?: () => Promise<boolean> }) | undefined;
    void storage?.persist?.().catch(() => false);
  }
  return saved.record;
}

/** The server refused this key's submission (4xx): keep the draft, renew the key on next edit. */
export async function markDraftFailed(flow: DraftFlow, key: string): Promise<void> {
  await appDb.drafts.update(flow, { failedKey: key });
}

/** Only once the server has confirmed the submission, or when the person starts again. */
export async function clearDraft(flow: DraftFlow): Promise<void> {
  await appDb.drafts.delete(flow);
}

/**
 * The server confirmed the submission sent with `key`: the draft it came from is done. A draft
 * edited since (another key) is kept.
 */
export async function clearDraftIfKey(flow: DraftFlow, key: string): Promise<void> {
  await appDb.transaction('rw', appDb.drafts, async () => {
    const current = await appDb.drafts.get(flow);
    if (current?.idempotencyKey === key) await appDb.drafts.delete(flow);
  });
}
