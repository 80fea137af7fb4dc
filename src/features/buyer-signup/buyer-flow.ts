import { resumeStepIn } from '../../domain/long-form';
import type { z } from 'zod';
import {
  BuyerStep,
  buyerStepSchemas,
  partnerCodeSchema,
  registerSchema,
  type BuyerStepNumber,
  type RegisterRequest,
} from '../../domain/buyer-signup.schema';
import { fieldErrors } from '../../domain/validation';

/**
 * The buyer wizard as pure data and functions (spec 2.6, 5): gating, the navigation reducer,
 * the draft restore and the POST /api/register body. The hook only wires these to React.
 */

export type QuestionStep = keyof typeof buyerStepSchemas;
type ProjectInput = {
  [S in QuestionStep]: z.input<(typeof buyerStepSchemas)[S]>;
}[QuestionStep];
type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (
  k: infer I,
) => void
  ? I
  : never;

/** Every project answer (as the draft stores them), plus the USER fields except passwords. */
export type BuyerAnswers = Partial<UnionToIntersection<ProjectInput>> & {
  lastname?: string;
  firstname?: string;
  email?: string;
  phone?: string;
  partnerCode?: string;
};
export type AccountFields = {
  lastname: string;
  firstname: string;
  email: string;
  phone: string;
  password: string;
  passwordConfirm: string;
};

export const FIRST_QUESTION = BuyerStep.PERSON_COUNT;
export const LAST_QUESTION = BuyerStep.USER;

export function isQuestionStep(step: number): step is QuestionStep {
  return step >= FIRST_QUESTION && step <= BuyerStep.WITH_BANK;
}

/** Suivant is enabled once the step's own schema accepts the answers (spec 2.6, 5). */
export function canGoNext(step: number, answers: BuyerAnswers): boolean {
  if (step === BuyerStep.START) return true;
  if (!isQuestionStep(step)) return false;
  return buyerStepSchemas[step].safeParse(answers).success;
}

/** The step that asks for a field. */
export const stepOfField: Readonly<Record<string, QuestionStep>> = Object.fromEntries(
  Object.entries(buyerStepSchemas).flatMap(([step, schema]) =>
    Object.keys(schema.shape).map((field) => [field, Number(step) as QuestionStep]),
  ),
);

const TEXT_FIELDS = ['lastname', 'firstname', 'email', 'phone'] as const;

/** Answers read back from a draft: a coded answer is kept only if its step's schema accepts it. */
export function restoreAnswers(raw: Record<string, unknown>): BuyerAnswers {
  const restored: Record<string, unknown> = {};
  for (const [field, step] of Object.entries(stepOfField)) {
    if (!(field in raw) || raw[field] === undefined) continue;
    const shape = buyerStepSchemas[step].shape as Record<string, z.ZodType>;
    if (shape[field]?.safeParse(raw[field]).success) restored[field] = raw[field];
  }
  for (const field of TEXT_FIELDS) {
    if (typeof raw[field] === 'string') restored[field] = raw[field];
  }
  if (partnerCodeSchema.safeParse(raw.partnerCode).success) restored.partnerCode = raw.partnerCode;
  return restored as BuyerAnswers;
}

/** The step to resume at: the saved one, unless an earlier step lost its answer; never CONFIRM. */
export function resumeStep(saved: number, answers: BuyerAnswers): BuyerStepNumber {
  const bounds = {
    start: BuyerStep.START,
    firstQuestion: FIRST_QUESTION,
    lastQuestion: LAST_QUESTION,
    canGoNext,
  };
  return resumeStepIn(bounds, saved, answers) as BuyerStepNumber;
}

export interface FlowState {
  step: BuyerStepNumber;
  answers: BuyerAnswers;
}

export type FlowAction =
  | { type: 'restore'; step: number; answers: Record<string, unknown> }
  | { type: 'answer'; patch: BuyerAnswers }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'goto'; step: BuyerStepNumber }
  | { type: 'confirmed' }
  /** The registration the service worker queued was refused: back to USER with the answers. */
  | { type: 'reopen' }
  | { type: 'reset' };

export const initialFlowState: FlowState = {
  step: BuyerStep.START,
  answers: { description: '' },
};

/** Navigation: Next only when the step allows it, never past USER (only a 201 or 202 leaves it). */
export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'restore': {
      const answers = { ...initialFlowState.answers, ...restoreAnswers(action.answers) };
      return { step: resumeStep(action.step, answers), answers };
    }
    case 'answer':
      return { ...state, answers: { ...state.answers, ...action.patch } };
    case 'next':
      if (state.step >= LAST_QUESTION || !canGoNext(state.step, state.answers)) return state;
      return { ...state, step: (state.step + 1) as BuyerStepNumber };
    case 'previous':
      if (state.step <= BuyerStep.START || state.step > LAST_QUESTION) return state;
      return { ...state, step: (state.step - 1) as BuyerStepNumber };
    case 'goto':
      return action.step >= BuyerStep.START && action.step <= LAST_QUESTION
        ? { ...state, step: action.step }
        : state;
    case 'confirmed':
      return { ...state, step: BuyerStep.CONFIRM };
    case 'reopen':
      return state.step === BuyerStep.CONFIRM ? { ...state, step: BuyerStep.USER } : state;
    case 'reset':
      return {
        ...initialFlowState,
        answers: { partnerCode: state.answers.partnerCode, description: '' },
      };
  }
}

/** The opening state: the draft restored, then the first question when the person just started. */
export function openingState(
  draft: { step: number; answers: Record<string, unknown> } | null,
  begin: boolean,
  partnerCode: string | undefined,
): FlowState {
  let state = draft
    ? flowReducer(initialFlowState, { type: 'restore', step: draft.step, answers: draft.answers })
    : initialFlowState;
  if (partnerCode && partnerCodeSchema.safeParse(partnerCode).success) {
    state = { ...state, answers: { ...state.answers, partnerCode } };
  }
  if (begin && state.step === BuyerStep.START) state = flowReducer(state, { type: 'next' });
  return state;
}

/** The POST /api/register body (registerSchema): user fields at top level, the whole project. */
export function buildRegistration(answers: BuyerAnswers, account: AccountFields) {
  const { lastname, firstname, email, phone, partnerCode, ...project } = answers;
  void lastname;
  void firstname;
  void email;
  void phone;
  return {
    ...account,
    project: { ...project, description: project.description ?? '' },
    ...(partnerCode ? { partnerCode } : {}),
  };
}

export type RegistrationCheck =
  | { ok: true; body: RegisterRequest }
  | {
      ok: false;
      user: Record<string, string>;
      project: { step: QuestionStep; message: string } | null;
    };

/** Validates the body with the server's schema and says where a problem lies. */
export function checkRegistration(
  answers: BuyerAnswers,
  account: AccountFields,
): RegistrationCheck {
  const parsed = registerSchema.safeParse(buildRegistration(answers, account));
  if (parsed.success) return { ok: true, body: parsed.data };
  return splitFieldErrors(fieldErrors(parsed.error));
}

/** Errors keyed 'project.budget' or 'email' sorted into USER fields and the first step to revisit. */
export function splitFieldErrors(
  errors: Record<string, string>,
): Extract<RegistrationCheck, { ok: false }> {
  const user: Record<string, string> = {};
  let project: { step: QuestionStep; message: string } | null = null;
  for (const [path, message] of Object.entries(errors)) {
    const [part = '', field = ''] = path.split('.');
    if (part === 'project') {
      const step = stepOfField[field];
      if (step !== undefined && (!project || step < project.step)) project = { step, message };
    } else {
      user[part] = message;
    }
  }
  return { ok: false, user, project };
}
