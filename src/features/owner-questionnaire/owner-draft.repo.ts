import {
  clearDraft,
  clearDraftIfKey,
  markDraftFailed,
  readDraft,
  saveDraft,
} from '../../lib/drafts';
import { draftStorageFailure, type DraftStorage } from '../../db/drafts.repo';
import type { OwnerAnswers } from './questionnaire-flow';

/**
 * The owner's draft in IndexedDB (DESIGN.md, offline model), through src/lib/drafts: the step
 * and every answer, kept until the server confirmed the submission, with the Idempotency-Key its
 * submission carries. The page works on without storage (private browsing, a full disk): every
 * call resolves, and says why when the device did not store ('full' or 'refused').
 */

const FLOW = 'owner';

export interface OwnerDraft {
  step: number;
  answers: Record<string, unknown>;
  /** The Idempotency-Key its submission carries (to find it in the outbox). */
  key: string;
}

/** The saved draft, null when there is none, 'full' or 'refused' when storage cannot be read. */
export async function readOwnerDraft(): Promise<OwnerDraft | null | Exclude<DraftStorage, 'ok'>> {
  try {
    const draft = await readDraft(FLOW);
    return draft ? { step: draft.step, answers: draft.answers, key: draft.idempotencyKey } : null;
  } catch (error) {
    return draftStorageFailure(error);
  }
}

/**
 * Saves a step change or changed answers: 'ok', or why the device did not store them ('full',
 * 'refused'). Answers not stored go with the next save (saveDraft).
 */
export async function saveOwnerDraft(patch: {
  step?: number;
  answers?: OwnerAnswers;
}): Promise<DraftStorage> {
  try {
    await saveDraft(FLOW, patch);
    return 'ok';
  } catch (error) {
    return draftStorageFailure(error);
  }
}

let fallbackKey: string | undefined;

/**
 * Saves the last answers and returns the key the submission must carry: the draft's own key
 * (renewed by this save if the server refused the previous one), or, without storage, one key
 * kept in memory for the life of the page so a retry is still recognised by the server.
 */
export async function keyForSubmission(answers: OwnerAnswers): Promise<string> {
  try {
    return (await saveDraft(FLOW, { answers })).idempotencyKey;
  } catch {
    fallbackKey ??= crypto.randomUUID();
    return fallbackKey;
  }
}

/** The server refused this key's submission for good (4xx): the next edit gets a new key. */
export async function markOwnerSubmissionRefused(key: string): Promise<void> {
  if (key === fallbackKey) fallbackKey = undefined;
  await markDraftFailed(FLOW, key).catch(() => undefined);
}

/** The owner starts again: every answer goes. */
export async function clearOwnerDraft(): Promise<void> {
  fallbackKey = undefined;
  await clearDraft(FLOW).catch(() => undefined);
}

/**
 * The server confirmed the submission sent under `key`: its draft is done. A draft edited since
 * in another tab (it has another key by then) is kept.
 */
export async function finishOwnerDraft(key: string): Promise<void> {
  fallbackKey = undefined;
  await clearDraftIfKey(FLOW, key).catch(() => undefined);
}
