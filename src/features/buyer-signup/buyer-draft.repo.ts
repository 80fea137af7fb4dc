import { flowDraft } from '../long-form';

/** The buyer's draft (the long form's draft store), never a password. */
export const buyerDraft = flowDraft('buyer');

export const readBuyerDraft = buyerDraft.read;
