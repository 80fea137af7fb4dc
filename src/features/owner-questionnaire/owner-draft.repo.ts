import { flowDraft } from '../long-form';

/** The owner's draft (the long form's draft store, src/features/long-form/draft.ts). */
export const ownerDraft = flowDraft('owner');

export const readOwnerDraft = ownerDraft.read;
