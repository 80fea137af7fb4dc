import * as repo from '../../db/drafts.repo';
import type { DraftFlow, DraftStorage } from '../../db/drafts.repo';

/** A flow's draft as the flow reopens it. */
export interface FlowDraft {
  step: number;
  answers: Record<string, unknown>;
  /** The Idempotency-Key its submission carries (to find it in the outbox). */
  key: string;
}

/** How a page reads its draft: found, none, why not, or sent from another device (issue 33). */
export type DraftReading = FlowDraft | null | Exclude<DraftStorage, 'ok'> | 'sent';

/**
 * The copy's code (issue 33) is loaded only for a draft that has a copy: a form never continued
 * elsewhere does not download it.
 */
const loadCopyApi = () => import('./copy/copy-api');

/** The updates of the copy, one after the other: the last step reached is the last stored. */
let following: Promise<unknown> = Promise.resolve();

/** The draft's copy on the server follows its step and answers (never awaited by the form). */
function followCopy(record: repo.DraftRecord): void {
  const token = record.copyToken;
  if (!token) return;
  following = following
    .then(() => loadCopyApi())
    .then(({ updateCopy }) => updateCopy(token, record))
    .catch(() => undefined);
}

/** Whether the draft's copy says the form was sent from the other device (false offline). */
async function sentElsewhere(token: string): Promise<boolean> {
  try {
    const { readCopy } = await loadCopyApi();
    return (await readCopy(token, 5_000)).status === 'sent';
  } catch {
    return false;
  }
}

/**
 * One flow's draft in IndexedDB (DESIGN.md, offline model), as the two long forms use it: the
 * step and every answer (never a password), kept until the server confirmed the submission, with
 * the Idempotency-Key the submission carries. The flow works on without storage (private
 * browsing, a full device): every call resolves, and says why when the device did not store
 * ('full' or 'refused'); answers not stored go with the next save (repo.saveDraft).
 */
export function flowDraft(flow: DraftFlow) {
  /** Without storage, one key kept for the life of the page, so a retry is still recognised. */
  let fallbackKey: string | undefined;

  return {
    /** The flow the draft belongs to ('owner', 'buyer', …). */
    flow,
    /**
     * The saved draft, null when there is none, 'full' or 'refused' when it cannot be read, 'sent'
     * when its copy says another device sent the form (the draft is then cleared: it cannot be
     * sent a second time).
     */
    async read(): Promise<DraftReading> {
      try {
        const draft = await repo.readDraft(flow);
        if (!draft) return null;
        if (draft.copyToken && (await sentElsewhere(draft.copyToken))) {
          await repo.clearDraftIfKey(flow, draft.idempotencyKey);
          return 'sent';
        }
        return { step: draft.step, answers: draft.answers, key: draft.idempotencyKey };
      } catch (error) {
        return repo.draftStorageFailure(error);
      }
    },

    /** Saves a step change or changed answers: 'ok', or why the device did not store them. */
    async save(patch: { step?: number; answers?: object }): Promise<DraftStorage> {
      try {
        const record = await repo.saveDraft(
          flow,
          patch as { step?: number; answers?: Record<string, unknown> },
        );
        if (patch.step !== undefined) followCopy(record);
        return 'ok';
      } catch (error) {
        return repo.draftStorageFailure(error);
      }
    },

    /**
     * Saves the last answers and returns the key the submission must carry: the draft's own
     * (renewed by this save if the server refused the previous one), or the page's fallback.
     */
    async keyFor(answers: object): Promise<string> {
      try {
        return (await repo.saveDraft(flow, { answers: answers as Record<string, unknown> }))
          .idempotencyKey;
      } catch {
        fallbackKey ??= crypto.randomUUID();
        return fallbackKey;
      }
    },

    /** The server refused this key's submission for good (4xx): the next edit gets a new key. */
    async markRefused(key: string): Promise<void> {
      if (key === fallbackKey) fallbackKey = undefined;
      await repo.markDraftFailed(flow, key).catch(() => undefined);
    },

    /** The person starts again: every answer goes. */
    async clear(): Promise<void> {
      fallbackKey = undefined;
      await repo.clearDraft(flow).catch(() => undefined);
    },

    /**
     * The server confirmed the submission sent under `key`: its draft is done. A draft edited
     * since in another tab (it has another key by then) is kept.
     */
    async finish(key: string): Promise<void> {
      fallbackKey = undefined;
      await repo.clearDraftIfKey(flow, key).catch(() => undefined);
    },
  };
}

export type FlowDraftStore = ReturnType<typeof flowDraft>;
