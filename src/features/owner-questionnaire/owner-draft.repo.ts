import { flowDraft, type FlowDraft } from '../../lib/flow-draft';
import type { OwnerAnswers } from './questionnaire-flow';

/** The owner's draft (src/lib/flow-draft.ts), under the names the questionnaire uses. */
const draft = flowDraft('owner');

export type OwnerDraft = FlowDraft;

export const readOwnerDraft = draft.read;
export const saveOwnerDraft: (patch: {
  step?: number;
  answers?: OwnerAnswers;
}) => ReturnType<typeof draft.save> = draft.save;
export const keyForSubmission: (answers: OwnerAnswers) => Promise<string> = draft.keyFor;
export const markOwnerSubmissionRefused = draft.markRefused;
export const clearOwnerDraft = draft.clear;
export const finishOwnerDraft = draft.finish;
