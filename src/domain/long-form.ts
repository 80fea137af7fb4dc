/**
 * What the two long forms (owner questionnaire, buyer signup) share of their step logic. Each
 * flow gives its bounds and its own gate (`canGoNext`): whether a step's answer lets it move on.
 */
export interface StepBounds<Answers> {
  start: number;
  firstQuestion: number;
  /** The last step a saved draft may reopen at (the submit step; never CONFIRM). */
  lastQuestion: number;
  canGoNext: (step: number, answers: Answers) => boolean;
}

/**
 * The step to resume at: the saved one, unless an earlier gated step lost its answer (a draft
 * from another version of the form); kept within the bounds, never CONFIRM.
 */
export function resumeStepIn<Answers>(
  bounds: StepBounds<Answers>,
  saved: number,
  answers: Answers,
): number {
  const target = Number.isInteger(saved)
    ? Math.min(Math.max(saved, bounds.start), bounds.lastQuestion)
    : bounds.start;
  for (let step = bounds.firstQuestion; step < target; step += 1) {
    if (!bounds.canGoNext(step, answers)) return step;
  }
  return target;
}
