import { resumeStepIn } from '../../domain/long-form';
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
import { fieldErrors } from '../../domain/validation';

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
/** Questions the person sees numbered, 1 (PROPERTY_TYPE) to 14 (CONTACT). */
export const QUESTION_COUNT = LAST_QUESTION - FIRST_QUESTION + 1;

/** Where the draft comes from: what the page read from IndexedDB before loading this module. */
export interface DraftSnapshot {
  step: number;
  answers: Record<string, unknown>;
  key?: string;
}

/**
 * The state the questions open with: the draft restored, if any; then, when the person has just
 * pressed 'C’est parti !' on the intro, the first question.
 */
export function openingState(draft: DraftSnapshot | null, begin: boolean): FlowState {
  let state = draft
    ? flowReducer(initialFlowState, { type: 'restore', step: draft.step, answers: draft.answers })
    : initialFlowState;
  if (begin && state.step === OwnerStep.START) state = flowReducer(state, { type: 'next' });
  return state;
}

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

/**
 * The three phases of the progress indicator (spec 2.5). The spec names them but not their
 * steps; our split: the property itself (PROPERTY_TYPE to PRICE), the sale documents (WITH_DOC),
 * then the person (DESC and CONTACT: DESC is a free note addressed to the hunter who will call,
 * so it opens the conversation rather than describing a coded property field).
 */
export const ownerPhases = [
  { label: 'Informations sur le bien', first: OwnerStep.PROPERTY_TYPE, last: OwnerStep.PRICE },
  { label: 'Documents de vente', first: OwnerStep.WITH_DOC, last: OwnerStep.WITH_DOC },
  { label: 'Coordonnées', first: OwnerStep.DESC, last: OwnerStep.CONTACT },
] as const;

/** Index (0-2) of the phase a step belongs to; CONFIRM counts as past the last phase. */
export function phaseIndexOf(step: number): number {
  if (step > LAST_QUESTION) return ownerPhases.length;
  const index = ownerPhases.findIndex((p) => step >= p.first && step <= p.last);
  return Math.max(index, 0);
}

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
export const stepOfField: Readonly<Record<OwnerField, OwnerQuestionStep>> = Object.fromEntries(
  Object.entries(ownerStepSchemas).flatMap(([step, schema]) =>
    Object.keys(schema.shape).map((field) => [field, Number(step) as OwnerQuestionStep]),
  ),
) as Record<OwnerField, OwnerQuestionStep>;

const fieldsOfStep = (step: OwnerQuestionStep): OwnerField[] =>
  Object.keys(ownerStepSchemas[step].shape) as OwnerField[];

const CONTACT_FIELDS = fieldsOfStep(OwnerStep.CONTACT);

/**
 * Answers read back from a draft, which may come from an older version of the page or have been
 * edited by hand: a coded answer is kept only if its step's schema accepts it; contact fields are
 * kept whenever they are text, as a half-typed e-mail is still worth giving back.
 */
export function restoreAnswers(raw: Record<string, unknown>): OwnerAnswers {
  const restored: Record<string, unknown> = { ...defaultAnswers };
  for (const [field, step] of Object.entries(stepOfField)) {
    if (!(field in raw)) continue;
    const value = raw[field];
    const schema = ownerStepSchemas[step].shape as Record<string, z.ZodType>;
    const keep = CONTACT_FIELDS.includes(field as OwnerField)
      ? typeof value === 'string'
      : schema[field]?.safeParse(value).success && value !== undefined;
    if (keep) restored[field] = value;
  }
  return restored as OwnerAnswers;
}

/**
 * The step to resume at: the saved one, unless an earlier gated step lost its answer (a draft
 * from another version); never CONFIRM, which is only reached by a confirmed submission.
 */
export function resumeStep(saved: number, answers: OwnerAnswers): OwnerStepNumber {
  const bounds = {
    start: OwnerStep.START,
    firstQuestion: FIRST_QUESTION,
    lastQuestion: LAST_QUESTION,
    canGoNext,
  };
  return resumeStepIn(bounds, saved, answers) as OwnerStepNumber;
}

export interface FlowState {
  step: OwnerStepNumber;
  answers: OwnerAnswers;
}

export type FlowAction =
  | { type: 'restore'; step: number; answers: Record<string, unknown> }
  | { type: 'answer'; patch: OwnerAnswers }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'goto'; step: OwnerQuestionStep }
  | { type: 'confirmed' }
  /** Queued by the service worker: CONFIRM, the answers kept until the server has them. */
  | { type: 'waiting' }
  /** The queued submission was refused: back to CONTACT with the answers. */
  | { type: 'reopen' }
  | { type: 'reset' };

export const initialFlowState: FlowState = { step: OwnerStep.START, answers: defaultAnswers };

/**
 * Step navigation (spec 4.3): Next adds 1 when the step allows it (a skip would add 2: no step
 * is skipped in this flow), Previous subtracts 1, reset returns to 1. Gating lives here, so a
 * key pressed twice can never move past an unanswered step. CONTACT leaves only by a confirmed
 * submission ('confirmed'), never by 'next'.
 */
export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'restore': {
      const answers = restoreAnswers(action.answers);
      return { step: resumeStep(action.step, answers), answers };
    }
    case 'answer':
      return { ...state, answers: { ...state.answers, ...action.patch } };
    case 'next':
      if (state.step >= LAST_QUESTION || !mayLeave(state.step, state.answers)) return state;
      return { ...state, step: (state.step + 1) as OwnerStepNumber };
    case 'previous':
      if (state.step <= OwnerStep.START || state.step > LAST_QUESTION) return state;
      return { ...state, step: (state.step - 1) as OwnerStepNumber };
    case 'goto':
      return isQuestionStep(action.step) ? { ...state, step: action.step } : state;
    case 'confirmed':
      return { step: OwnerStep.CONFIRM, answers: defaultAnswers };
    case 'waiting':
      return state.step === OwnerStep.CONTACT ? { ...state, step: OwnerStep.CONFIRM } : state;
    case 'reopen':
      return state.step === OwnerStep.CONFIRM ? { ...state, step: OwnerStep.CONTACT } : state;
    case 'reset':
      return initialFlowState;
  }
}

export type SubmissionCheck =
  | { ok: true; submission: OwnerSubmission }
  | {
      ok: false;
      /** Problems with the contact fields, by field name ('phone'). */
      contact: Record<string, string>;
      /** The first property answer to fix, and where. */
      bien: { step: OwnerQuestionStep; field: string; message: string } | null;
    };

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
export function checkSubmission(answers: OwnerAnswers): SubmissionCheck {
  const parsed = ownerSubmissionSchema.safeParse(buildSubmission(answers));
  if (parsed.success) return { ok: true, submission: parsed.data };
  return splitFieldErrors(fieldErrors(parsed.error));
}

/**
 * Errors keyed 'contact.phone' or 'bien.city' (from zod here, or from the server's 400 answer)
 * sorted into the contact fields and the first property step to revisit.
 */
export function splitFieldErrors(
  errors: Record<string, string>,
): Extract<SubmissionCheck, { ok: false }> {
  const contact: Record<string, string> = {};
  let bien: { step: OwnerQuestionStep; field: string; message: string } | null = null;
  for (const [path, message] of Object.entries(errors)) {
    const [part, field = ''] = path.split('.');
    const step = stepOfField[field as OwnerField] as OwnerQuestionStep | undefined;
    if (part === 'contact' && field === 'bienCount') {
      if (!bien || OwnerStep.PROPERTY_COUNT < bien.step)
        bien = { step: OwnerStep.PROPERTY_COUNT, field, message };
    } else if (part === 'contact') {
      contact[field] = message;
    } else if (part === 'bien' && step !== undefined) {
      if (!bien || step < bien.step) bien = { step, field, message };
    }
  }
  return { ok: false, contact, bien };
}
