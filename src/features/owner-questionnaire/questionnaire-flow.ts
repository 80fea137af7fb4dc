import type { z } from 'zod';
import type {
  ownerBienSchema,
  ownerContactSchema,
  OwnerQuestionStep,
  OwnerStepNumber,
  OwnerSubmission,
} from '../../domain/owner-questionnaire.schema';
import {
  OwnerStep,
  UNGATED_OWNER_STEPS,
  ownerDocumentFlags,
  ownerStepSchemas,
  ownerSubmissionSchema,
} from '../../domain/owner-questionnaire.schema';
import {
  checkBody,
  flowMachine,
  phaseIndex,
  restoreStepAnswers,
  stepsOfFields,
  type DraftSnapshot,
  type FlowState as MachineState,
  type SplitErrors,
  type StepToFix,
  type SubmissionCheck,
} from '../long-form';
import { QUESTION_COUNT, ownerPhases } from './owner-steps';

/**
 * The owner questionnaire as pure data and functions (spec 2.5, 4.3, 5): steps, phases, gating,
 * the navigation reducer and the submission builder. The page and its hook only wire these to
 * React, Dexie and the API.
 */

type BienInput = Omit<z.input<typeof ownerBienSchema>, 'disponible'>;
type ContactInput = z.input<typeof ownerContactSchema>;

/** Every answer, flat, as the draft stores it; any of them may still be missing. */
export type OwnerAnswers = Partial<BienInput & ContactInput>;
export type OwnerField = keyof OwnerAnswers;

export const FIRST_QUESTION = OwnerStep.PROPERTY_TYPE;
export const LAST_QUESTION = OwnerStep.CONTACT;
/**
 * The phases of the progress indicator and the questions the person sees numbered, 1
 * (PROPERTY_TYPE) to 14 (CONTACT): stated in ./owner-steps.ts, which the intro's chunk loads
 * without zod; questionnaire-flow.test.ts checks them against OwnerStep.
 */
export { QUESTION_COUNT, ownerPhases };

export type { DraftSnapshot };

/** What a person who has not answered yet starts with (spec 2.5, 3.4). */
export const defaultAnswers: OwnerAnswers = {
  // PROPERTY_COUNT is ungated: the most common answer is preselected.
  bienCount: 1,
  // PRICE may stay empty: null asks for the free valuation.
  price: null,
  description: '',
  // WITH_DOC: each document is 'Non' until the owner says 'Oui'.
  ...Object.fromEntries(ownerDocumentFlags.map((flag) => [flag, false])),
};

/** Index (0-2) of the phase a step belongs to; CONFIRM counts as past the last phase. */
export const phaseIndexOf = (step: number): number => phaseIndex(ownerPhases, step);

export function isQuestionStep(step: number): step is OwnerQuestionStep {
  return step >= FIRST_QUESTION && step <= LAST_QUESTION;
}

/** Whether the step's own schema accepts the answers given so far. */
export function isStepAnswered(step: number, answers: OwnerAnswers): boolean {
  if (!isQuestionStep(step)) return true;
  return ownerStepSchemas[step].safeParse(answers).success;
}

/** Next is enabled (spec 5): always on START and the three ungated steps, else once valid. */
export function canGoNext(step: number, answers: OwnerAnswers): boolean {
  if (step === OwnerStep.START) return true;
  if (!isQuestionStep(step)) return false;
  return UNGATED_OWNER_STEPS.includes(step) || isStepAnswered(step, answers);
}

/**
 * Whether Next actually moves on: as `canGoNext`, except that an ungated step whose answer is
 * wrong (a price of -5 €) keeps the person on it, Next still enabled, with the reason shown
 * next to the field; nothing wrong is carried on silently.
 */
export function mayLeave(step: number, answers: OwnerAnswers): boolean {
  return canGoNext(step, answers) && isStepAnswered(step, answers);
}

/** The step that asks for a field: PROPERTY_COUNT for 'bienCount', CITY for 'city'… */
export const stepOfField = stepsOfFields(ownerStepSchemas) as Readonly<
  Record<OwnerField, OwnerQuestionStep>
>;

const CONTACT_FIELDS = Object.keys(ownerStepSchemas[OwnerStep.CONTACT].shape);

/**
 * Answers read back from a draft (the long form's rule): a coded answer is kept only if its step's
 * schema accepts it; contact fields whenever they are text.
 */
export function restoreAnswers(raw: Record<string, unknown>): OwnerAnswers {
  return { ...defaultAnswers, ...restoreStepAnswers(ownerStepSchemas, raw, CONTACT_FIELDS) };
}

/**
 * The questionnaire's navigation (spec 4.3), run by the long form's machine: Next adds 1 when
 * the step allows it (no step is skipped in this flow), Previous subtracts 1, reset returns to
 * START; CONTACT is left only by a submission.
 */
export const ownerMachine = flowMachine<OwnerAnswers, OwnerStepNumber>({
  bounds: {
    start: OwnerStep.START,
    firstQuestion: FIRST_QUESTION,
    lastQuestion: LAST_QUESTION,
    confirm: OwnerStep.CONFIRM,
  },
  initialAnswers: defaultAnswers,
  restoreAnswers,
  canGoNext,
  mayLeave,
});

export type FlowState = MachineState<OwnerAnswers, OwnerStepNumber>;
export const initialFlowState = ownerMachine.initialState;
export const flowReducer = ownerMachine.reducer;
export const resumeStep = ownerMachine.resumeStep;

/**
 * The state the questions open with: the draft restored, if any; then, when the person has just
 * pressed 'C’est parti !' on the intro, the first question.
 */
export const openingState = (draft: DraftSnapshot | null, begin: boolean) =>
  ownerMachine.openingState(draft, begin);

/** The POST body (spec 7): the property with disponible = true, and the contact with bienCount. */
export function buildSubmission(answers: OwnerAnswers): {
  bien: Record<string, unknown>;
  contact: Record<string, unknown>;
} {
  const { lastname, firstname, email, phone, bienCount, ...bien } = answers;
  return {
    bien: {
      ...bien,
      price: bien.price ?? null,
      description: bien.description ?? '',
      disponible: true,
    },
    contact: { lastname, firstname, email, phone, bienCount },
  };
}

/** Validates the whole body with the schema the server uses, and says where a problem lies. */
export function checkSubmission(answers: OwnerAnswers): SubmissionCheck<OwnerSubmission> {
  return checkBody(ownerSubmissionSchema, buildSubmission(answers), splitFieldErrors);
}

/**
 * Errors keyed 'contact.phone' or 'bien.city' (from zod here, or from the server's 400 answer)
 * sorted into the contact fields and the first property step to revisit.
 */
export function splitFieldErrors(errors: Record<string, string>): SplitErrors {
  const fields: Record<string, string> = {};
  let fix: (StepToFix & { step: OwnerQuestionStep; field: string }) | null = null;
  for (const [path, message] of Object.entries(errors)) {
    const [part, field = ''] = path.split('.');
    const step = stepOfField[field as OwnerField] as OwnerQuestionStep | undefined;
    if (part === 'contact' && field === 'bienCount') {
      if (!fix || OwnerStep.PROPERTY_COUNT < fix.step)
        fix = { step: OwnerStep.PROPERTY_COUNT, field, message };
    } else if (part === 'contact') {
      fields[field] = message;
    } else if (part === 'bien' && step !== undefined) {
      if (!fix || step < fix.step) fix = { step, field, message };
    }
  }
  return { fields, fix };
}
