/** Drafts live in src/db (shared with the service worker); features use them from here. */
export {
  clearDraft,
  clearDraftIfKey,
  markDraftFailed,
  readDraft,
  saveDraft,
  withoutSecrets,
  type DraftFlow,
  type DraftRecord,
} from '../db/drafts.repo';
