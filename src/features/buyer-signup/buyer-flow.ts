import type { z } from 'zod';
import {
  BuyerStep,
  buyerStepSchemas,
  partnerCodeSchema,
  registerSchema,
  type BuyerStepNumber,
  type RegisterRequest,
} from '../../domain/buyer-signup.schema';
import {
  checkBody,
  flowMachine,
  restoreStepAnswers,
  stepsOfFields,
  type DraftSnapshot,
  type SplitErrors,
  type SubmissionCheck,
} from '../long-form';

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
export const stepOfField: Readonly<Record<string, QuestionStep>> = stepsOfFields(buyerStepSchemas);

/** The USER fields kept in the draft (never the passwords). */
const TEXT_FIELDS = ['lastname', 'firstname', 'email', 'phone'];

/** Answers read back from a draft: a coded answer is kept only if its step's schema accepts it. */
export function restoreAnswers(raw: Record<string, unknown>): BuyerAnswers {
  const restored = restoreStepAnswers(buyerStepSchemas, raw, TEXT_FIELDS);
  if (partnerCodeSchema.safeParse(raw.partnerCode).success) restored.partnerCode = raw.partnerCode;
  return restored as BuyerAnswers;
}

const INITIAL_ANSWERS: BuyerAnswers = { description: '' };

/** The wizard's navigation, run by the long form's machine: never past USER by Next. */
export const buyerMachine = flowMachine<BuyerAnswers, BuyerStepNumber>({
  bounds: {
    start: BuyerStep.START,
    firstQuestion: FIRST_QUESTION,
    lastQuestion: LAST_QUESTION,
    confirm: BuyerStep.CONFIRM,
  },
  initialAnswers: INITIAL_ANSWERS,
  restoreAnswers: (raw) => ({ ...INITIAL_ANSWERS, ...restoreAnswers(raw) }),
  canGoNext,
  // The partner code came with the link: starting again keeps it.
  keptOnRestart: ({ partnerCode }) => ({ partnerCode }),
});

export const initialFlowState = buyerMachine.initialState;
export const flowReducer = buyerMachine.reducer;

/** The opening state: the draft restored, the link's partner code, then the first question. */
export function openingState(
  draft: DraftSnapshot | null,
  begin: boolean,
  partnerCode: string | undefined,
) {
  return buyerMachine.openingState(draft, begin, partnerSeed(partnerCode));
}

/** The answers a signup link adds at opening: its partner code, when it is a valid one. */
export function partnerSeed(partnerCode: string | undefined): BuyerAnswers {
  return partnerCode && partnerCodeSchema.safeParse(partnerCode).success ? { partnerCode } : {};
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

/** Validates the body with the server's schema and says where a problem lies. */
export function checkRegistration(
  answers: BuyerAnswers,
  account: AccountFields,
): SubmissionCheck<RegisterRequest> {
  return checkBody(registerSchema, buildRegistration(answers, account), splitFieldErrors);
}

/** Errors keyed 'project.budget' or 'email' sorted into USER fields and the first step to revisit. */
export function splitFieldErrors(errors: Record<string, string>): SplitErrors {
  const fields: Record<string, string> = {};
  let fix: { step: QuestionStep; message: string } | null = null;
  for (const [path, message] of Object.entries(errors)) {
    const [part = '', field = ''] = path.split('.');
    if (part === 'project') {
      const step = stepOfField[field];
      if (step !== undefined && (!fix || step < fix.step)) fix = { step, message };
    } else {
      fields[part] = message;
    }
  }
  return { fields, fix };
}
