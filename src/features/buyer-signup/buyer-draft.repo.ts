import { flowDraft, type FlowDraft } from '../../lib/flow-draft';

/** The buyer's draft (src/lib/flow-draft.ts), never a password, under the wizard's names. */
const draft = flowDraft('buyer');

export type BuyerDraft = FlowDraft;

export const readBuyerDraft = draft.read;
export const saveBuyerDraft = draft.save;
export const keyForRegistration = draft.keyFor;
export const markRegistrationRefused = draft.markRefused;
export const clearBuyerDraft = draft.clear;
export const finishBuyerDraft = draft.finish;
