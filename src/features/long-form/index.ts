/**
 * The long form: one engine for every multi-step offline form (the owner questionnaire, the
 * buyer signup, and those to come). A flow is a description — its machine (steps, gating,
 * restore), its draft, how its last step is sent — plus its own step screens and texts. This is
 * the folder's only door.
 */
export {
  flowMachine,
  type DraftSnapshot,
  type FlowAction,
  type FlowBounds,
  type FlowMachine,
  type FlowRules,
  type FlowState,
} from './machine';
export { flowDraft, type FlowDraft, type FlowDraftStore } from './draft';
export { readDraftOnDevice } from './draft-on-device';
export { formCopyResumePages } from './resume-pages';
export { checkBody } from './check';
export { restoreStepAnswers, stepsOfFields } from './step-schemas';
export {
  useLongForm,
  type LongFormFlow,
  type SplitErrors,
  type StepNavigation,
  type StepToFix,
  type SubmissionCheck,
  type SubmitFailure,
} from './use-long-form';
export { useSubmitStepForm, type SubmitStepForm, type SubmitStepProps } from './use-submit-step';
export { LongFormPage, type LongFormProps } from './ui/page';
export { LongFormNav, LongFormForm } from './ui/controls';
export { LongFormFrame, LongFormTitle, longFormTitleClass, type LongFormPicture } from './ui/frame';
export { type LongFormBenefit, type LongFormIntroContent } from './ui/intro';
export { LongFormSteps, type LongFormCourse } from './ui/step-frame';
export type { LongFormConfirmationContent } from './ui/confirmation';
export { phaseIndex, type Phase } from './ui/progress-phases';
export {
  OptionCard,
  OptionCards,
  yesNoOptions,
  type ChoiceProps,
  type Option,
} from './ui/option-card';
export type { DraftStorage } from '../../db/drafts.repo';
