import {
  clearDraft,
  clearDraftIfKey,
  markDraftFailed,
  readDraft,
  saveDraft,
} from '../../lib/drafts';
import { draftStorageFailure, type DraftStorage } from '../../db/drafts.repo';

/**
 * The buyer's draft in IndexedDB (DESIGN.md, offline model): the step and answers, never a
 * password (saveDraft strips them too). Every call resolves; 'full' or 'refused' says why the
 * device did not store (a full device; private browsing, storage blocked) and the wizard goes on
 * in memory. Answers not stored go with the next save (saveDraft).
 */
const FLOW = 'buyer';

export interface BuyerDraft {
  step: number;
  answers: Record<string, unknown>;
  /** The Idempotency-Key its registration carries (to find it in the outbox). */
  key: string;
}

export async function readBuyerDraft(): Promise<BuyerDraft | null | Exclude<DraftStorage, 'ok'>> {
  try {
    const draft = await readDraft(FLOW);
    return draft ? { step: draft.step, answers: draft.answers, key: draft.idempotencyKey } : null;
  } catch (error) {
    return draftStorageFailure(error);
  }
}

export async function saveBuyerDraft(patch: {
  step?: number;
  answers?: Record<string, unknown>;
}): Promise<DraftStorage> {
  try {
    await saveDraft(FLOW, patch);
    return 'ok';
  } catch (error) {
    return draftStorageFailure(error);
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
