/**
 * A long form's steps as pure data and functions, the same for every flow (owner questionnaire,
 * buyer signup, and the forms to come): the navigation reducer, the resume rule and the opening
 * state. A flow gives its rules (bounds, gating, how its answers are read back from a draft);
 * `flowMachine` gives back the functions its hook and its tests use.
 */

/** Where a flow's steps stand: START (the intro), the questions, the submit step, CONFIRM. */
export interface FlowBounds {
  start: number;
  firstQuestion: number;
  /** The submit step: the last step a saved draft may reopen at, left only by a submission. */
  lastQuestion: number;
  confirm: number;
}

export interface FlowRules<Answers> {
  bounds: FlowBounds;
  /** What a person who has not answered yet starts with. */
  initialAnswers: Answers;
  /**
   * Answers read back from a draft, which may come from an older version of the page or have
   * been edited by hand: whatever the flow's schemas do not accept is dropped. Returns the whole
   * answers (initial ones included).
   */
  restoreAnswers: (raw: Record<string, unknown>) => Answers;
  /** Whether Suivant is enabled on this step with these answers. */
  canGoNext: (step: number, answers: Answers) => boolean;
  /** Whether Suivant actually moves on (a flow may keep an enabled but wrong step); canGoNext by default. */
  mayLeave?: (step: number, answers: Answers) => boolean;
  /** What starting again keeps (the partner code of a signup link); nothing by default. */
  keptOnRestart?: (answers: Answers) => Partial<Answers>;
}

export interface FlowState<Answers, Step extends number = number> {
  step: Step;
  answers: Answers;
}

export type FlowAction<Answers> =
  | { type: 'restore'; step: number; answers: Record<string, unknown> }
  | { type: 'answer'; patch: Partial<Answers> }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'goto'; step: number }
  /** The server has the submission: CONFIRM, and the answers are done with. */
  | { type: 'confirmed' }
  /** Queued by the service worker: CONFIRM, the answers kept until the server has them. */
  | { type: 'waiting' }
  /** The queued submission was refused: back to the submit step with the answers. */
  | { type: 'reopen' }
  | { type: 'reset' };

/** A draft as the flow reopens it. */
export interface DraftSnapshot {
  step: number;
  answers: Record<string, unknown>;
  key?: string;
}

/**
 * The step to resume at: the saved one, unless an earlier gated step lost its answer (a draft
 * from another version of the form); kept within the bounds, never CONFIRM.
 */
export function resumeStepIn<Answers>(
  bounds: FlowBounds,
  canGoNext: (step: number, answers: Answers) => boolean,
  saved: number,
  answers: Answers,
): number {
  const target = Number.isInteger(saved)
    ? Math.min(Math.max(saved, bounds.start), bounds.lastQuestion)
    : bounds.start;
  for (let step = bounds.firstQuestion; step < target; step += 1) {
    if (!canGoNext(step, answers)) return step;
  }
  return target;
}

/**
 * The navigation of a flow (spec 4.3): Next adds 1 when the step allows it, Previous subtracts 1,
 * reset returns to START. Gating lives here, so a key pressed twice can never move past an
 * unanswered step. The submit step is left only by a submission ('confirmed' or 'waiting').
 */
export function flowMachine<Answers extends object, Step extends number = number>(
  rules: FlowRules<Answers>,
) {
  const { bounds, canGoNext } = rules;
  const mayLeave = rules.mayLeave ?? canGoNext;
  type State = FlowState<Answers, Step>;
  const at = (step: number) => step as Step;

  const initialState: State = { step: at(bounds.start), answers: rules.initialAnswers };

  const resumeStep = (saved: number, answers: Answers): Step =>
    at(resumeStepIn(bounds, canGoNext, saved, answers));

  function reducer(state: State, action: FlowAction<Answers>): State {
    switch (action.type) {
      case 'restore': {
        const answers = rules.restoreAnswers(action.answers);
        return { step: resumeStep(action.step, answers), answers };
      }
      case 'answer':
        return { ...state, answers: { ...state.answers, ...action.patch } };
      case 'next':
        if (state.step >= bounds.lastQuestion || !mayLeave(state.step, state.answers)) return state;
        return { ...state, step: at(state.step + 1) };
      case 'previous':
        if (state.step <= bounds.start || state.step > bounds.lastQuestion) return state;
        return { ...state, step: at(state.step - 1) };
      case 'goto':
        return action.step >= bounds.firstQuestion && action.step <= bounds.lastQuestion
          ? { ...state, step: at(action.step) }
          : state;
      case 'confirmed':
        return { step: at(bounds.confirm), answers: rules.initialAnswers };
      case 'waiting':
        return state.step === bounds.lastQuestion ? { ...state, step: at(bounds.confirm) } : state;
      case 'reopen':
        return state.step === bounds.confirm ? { ...state, step: at(bounds.lastQuestion) } : state;
      case 'reset':
        return rules.keptOnRestart
          ? {
              ...initialState,
              answers: { ...rules.initialAnswers, ...rules.keptOnRestart(state.answers) },
            }
          : initialState;
    }
  }

  /**
   * The state the flow opens with: the draft restored, if any; then the flow's own `seed` (a
   * partner code from the URL); then, when the person has just pressed 'C’est parti !' on the
   * intro, the first question.
   */
  function openingState(
    draft: DraftSnapshot | null,
    begin: boolean,
    seed: Partial<Answers> = {},
  ): State {
    let state = draft
      ? reducer(initialState, { type: 'restore', step: draft.step, answers: draft.answers })
      : initialState;
    if (Object.keys(seed).length > 0) state = { ...state, answers: { ...state.answers, ...seed } };
    if (begin && state.step === bounds.start) state = reducer(state, { type: 'next' });
    return state;
  }

  return { bounds, canGoNext, mayLeave, initialState, reducer, resumeStep, openingState };
}

export type FlowMachine<Answers extends object, Step extends number = number> = ReturnType<
  typeof flowMachine<Answers, Step>
>;
