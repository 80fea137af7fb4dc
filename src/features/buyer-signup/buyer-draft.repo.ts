import {
  clearDraft,
  clearDraftIfKey,
  markDraftFailed,
  readDraft,
  saveDraft,
} from '../../lib/drafts';

/**
 * The buyer's draft in IndexedDB (DESIGN.md, offline model): the step and answers, never a
 * password (saveDraft strips them too). Every call resolves; false or 'unavailable' says the
 * device refused (private browsing, full disk) and the wizard goes on in memory.
 */
const FLOW = 'buyer';

export interface BuyerDraft {
  step: number;
  answers: Record<string, unknown>;
}

export async function readBuyerDraft(): Promise<BuyerDraft | null | 'unavailable'> {
  try {
    const draft = await readDraft(FLOW);
    return draft ? { step: draft.step, answers: draft.answers } : null;
  } catch {
    return 'unavailable';
  }
}

export async function saveBuyerDraft(patch: {
  step?: number;
  answers?: Record<string, unknown>;
}): Promise<boolean> {
  try {
    await saveDraft(FLOW, patch);
    return true;
  } catch {
    return false;
  }
}

let fallbackKey: string | undefined;

/** Saves the last answers and returns the Idempotency-Key the registration must carry. */
export async function keyForRegistration(answers: Record<string, unknown>): Promise<string> {
  try {
    return (await saveDraft(FLOW, { answers })).idempotencyKey;
  } catch {
    fallbackKey ??= crypto.randomUUID();
    return fallbackKey;
  }
}

export async function markRegistrationRefused(key: string): Promise<void> {
  if (key === fallbackKey) fallbackKey = undefined;
  await markDraftFailed(FLOW, key).catch(() => undefined);
}

export async function clearBuyerDraft(): Promise<void> {
  fallbackKey = undefined;
  await clearDraft(FLOW).catch(() => undefined);
}

/** The server confirmed the registration sent under `key`. */
export async function finishBuyerDraft(key: string): Promise<void> {
  fallbackKey = undefined;
  await clearDraftIfKey(FLOW, key).catch(() => undefined);
}
