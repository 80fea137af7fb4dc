import { describe, expect, it } from 'vitest';
import { OwnerStep, ownerSubmissionSchema } from '../../domain/owner-questionnaire.schema';
import { validOwnerSubmission } from '../../domain/owner-questionnaire.fixture';
import { questionCount } from '../../domain/form-duration';
import * as firstChunk from './owner-steps';
import {
  FIRST_QUESTION,
  LAST_QUESTION,
  QUESTION_COUNT,
  buildSubmission,
  canGoNext,
  checkSubmission,
  defaultAnswers,
  flowReducer,
  initialFlowState,
  mayLeave,
  phaseIndexOf,
  openingState,
  ownerPhases,
  restoreAnswers,
  resumeStep,
  splitFieldErrors,
  type FlowState,
  type OwnerAnswers,
} from './questionnaire-flow';

const { disponible: _disponible, ...bien } = validOwnerSubmission.bien;
/** Every answer of the fixture, flat, as the draft holds them. */
const complete = { ...bien, ...validOwnerSubmission.contact } as OwnerAnswers;

const at = (step: number, answers: OwnerAnswers = defaultAnswers): FlowState =>
  ({ step, answers }) as FlowState;

describe('owner questionnaire steps', () => {
  it('numbers fourteen questions, PROPERTY_TYPE being the first', () => {
    expect(QUESTION_COUNT).toBe(14);
    expect(QUESTION_COUNT).toBe(questionCount(ownerPhases));
    expect(QUESTION_COUNT).toBe(LAST_QUESTION - FIRST_QUESTION + 1);
    expect(QUESTION_COUNT).toBe(OwnerStep.CONFIRM - OwnerStep.START - 1);
  });

  it('counts the steps of the phases, which run from PROPERTY_TYPE to CONTACT without a gap', () => {
    expect(ownerPhases[0].first).toBe(OwnerStep.PROPERTY_TYPE);
    expect(FIRST_QUESTION).toBe(OwnerStep.PROPERTY_TYPE);
    ownerPhases.slice(1).forEach((phase, i) => expect(phase.first).toBe(ownerPhases[i]!.last + 1));
    expect(ownerPhases.at(-1)!.last).toBe(OwnerStep.CONTACT);
    expect(LAST_QUESTION).toBe(OwnerStep.CONTACT);
    expect([ownerPhases[0].last, ownerPhases[1].first, ownerPhases[2].first]).toEqual([
      OwnerStep.PRICE,
      OwnerStep.WITH_DOC,
      OwnerStep.DESC,
    ]);
  });

  it('agrees with the step facts restated for the intro’s chunk', () => {
    expect(firstChunk.START_STEP).toBe(OwnerStep.START);
    expect(firstChunk.QUESTION_COUNT).toBe(QUESTION_COUNT);
    expect(firstChunk.ownerStepPicture(OwnerStep.CONFIRM)).toBe('/images/owner/step-16.svg');
  });

  it('puts the property in phase 1, WITH_DOC in phase 2, DESC and CONTACT in phase 3', () => {
    const phases = Array.from({ length: 14 }, (_, i) => phaseIndexOf(i + 2));
    expect(phases).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 2]);
    expect(phaseIndexOf(OwnerStep.CONFIRM)).toBe(3);
  });

  it('starts with one property, no price, no description and every document at Non', () => {
    expect(defaultAnswers).toEqual({
      bienCount: 1,
      price: null,
      description: '',
      withThreeLastAssembly: false,
      withFourLastChargesStatements: false,
      withLastPropertyTax: false,
      withMaintenanceBuilding: false,
      withPreStatement: false,
      withDiagnostics: false,
    });
  });
});

describe('Next gating (spec 5)', () => {
  it('is open on START and on the three ungated steps with nothing answered', () => {
    const nothing: OwnerAnswers = {};
    expect(canGoNext(OwnerStep.START, nothing)).toBe(true);
    expect(canGoNext(OwnerStep.PROPERTY_COUNT, nothing)).toBe(true);
    expect(canGoNext(OwnerStep.PRICE, { price: -3 })).toBe(true);
    expect(canGoNext(OwnerStep.WITH_DOC, nothing)).toBe(true);
  });

  it('is closed on the other steps until their answer is valid', () => {
    for (const step of [2, 4, 5, 6, 7, 8, 9, 10, 11, 15]) {
      expect(canGoNext(step, defaultAnswers), `étape ${step}`).toBe(false);
      expect(canGoNext(step, complete), `étape ${step}`).toBe(true);
    }
    expect(canGoNext(OwnerStep.DEPARTMENT, { department: '77' } as unknown as OwnerAnswers)).toBe(
      false,
    );
    expect(canGoNext(OwnerStep.CONTACT, { ...complete, phone: '12 34' })).toBe(false);
  });

  it('lets DESC pass empty but not with markup', () => {
    expect(canGoNext(OwnerStep.DESC, { description: '' })).toBe(true);
    expect(canGoNext(OwnerStep.DESC, { description: 'Un <b>balcon</b>' })).toBe(false);
  });

  it('never leaves CONFIRM by Next', () => {
    expect(canGoNext(OwnerStep.CONFIRM, complete)).toBe(false);
  });
});

describe('flowReducer (spec 4.3)', () => {
  it('moves on by one when allowed and stays put otherwise', () => {
    expect(flowReducer(at(OwnerStep.START), { type: 'next' }).step).toBe(2);
    expect(flowReducer(at(2), { type: 'next' }).step).toBe(2);
    expect(
      flowReducer(at(2, { propertyType: 'Investissement locatif' }), { type: 'next' }).step,
    ).toBe(3);
    expect(flowReducer(at(OwnerStep.PRICE), { type: 'next' }).step).toBe(OwnerStep.WITH_DOC);
  });

  it('keeps PRICE on a wrong price, Next still enabled: nothing wrong carried on silently', () => {
    const wrong = { ...defaultAnswers, price: -3 };
    expect(canGoNext(OwnerStep.PRICE, wrong)).toBe(true);
    expect(mayLeave(OwnerStep.PRICE, wrong)).toBe(false);
    expect(flowReducer(at(OwnerStep.PRICE, wrong), { type: 'next' }).step).toBe(OwnerStep.PRICE);
    const right = { ...defaultAnswers, price: 640_000 };
    expect(mayLeave(OwnerStep.PRICE, right)).toBe(true);
    expect(flowReducer(at(OwnerStep.PRICE, right), { type: 'next' }).step).toBe(OwnerStep.WITH_DOC);
    expect(mayLeave(OwnerStep.PROPERTY_COUNT, defaultAnswers)).toBe(true);
    expect(mayLeave(OwnerStep.WITH_DOC, defaultAnswers)).toBe(true);
  });

  it('does not go past CONTACT by Next, nor before START by Previous', () => {
    expect(flowReducer(at(OwnerStep.CONTACT, complete), { type: 'next' }).step).toBe(15);
    expect(flowReducer(at(OwnerStep.START), { type: 'previous' }).step).toBe(1);
    expect(flowReducer(at(9, complete), { type: 'previous' }).step).toBe(8);
    expect(flowReducer(at(OwnerStep.CONFIRM), { type: 'previous' }).step).toBe(16);
  });

  it('merges answers, goes to a question, confirms and resets', () => {
    const answered = flowReducer(at(4), { type: 'answer', patch: { department: '93' } });
    expect(answered.answers).toMatchObject({ department: '93', bienCount: 1 });
    expect(flowReducer(answered, { type: 'goto', step: OwnerStep.CITY }).step).toBe(5);
    expect(flowReducer(at(15, complete), { type: 'confirmed' })).toEqual({
      step: OwnerStep.CONFIRM,
      answers: defaultAnswers,
    });
    expect(flowReducer(at(9, complete), { type: 'reset' })).toBe(initialFlowState);
  });

  it('restores a draft at its step with its answers', () => {
    const restored = flowReducer(initialFlowState, {
      type: 'restore',
      step: 9,
      answers: { ...complete, roomCount: undefined },
    });
    expect(restored.step).toBe(9);
    expect(restored.answers).toMatchObject({ city: 'Vincennes', surface: 3, bienCount: 1 });
    expect(restored.answers.roomCount).toBeUndefined();
  });
});

describe('opening the questions', () => {
  it('opens at the first question when the person starts, at the draft’s step otherwise', () => {
    expect(openingState(null, true)).toEqual({ step: 2, answers: defaultAnswers });
    expect(openingState({ step: 9, answers: complete }, false).step).toBe(9);
    expect(openingState({ step: 1, answers: { surface: 2 } }, true)).toEqual({
      step: 2,
      answers: { ...defaultAnswers, surface: 2 },
    });
    expect(openingState(null, false)).toBe(initialFlowState);
  });
});

describe('restoring a draft', () => {
  it('drops coded answers the schemas refuse and keeps half-typed contact fields', () => {
    const answers = restoreAnswers({
      department: '77',
      surface: 9,
      typeBien: 2,
      email: 'claire@',
      phone: 6,
      password: 'x',
      unknown: true,
    });
    expect(answers).toEqual({ ...defaultAnswers, typeBien: 2, email: 'claire@' });
  });

  it('resumes at the first earlier gated step left unanswered, never at CONFIRM', () => {
    expect(resumeStep(9, complete)).toBe(9);
    expect(resumeStep(9, { ...complete, city: undefined })).toBe(OwnerStep.CITY);
    expect(resumeStep(16, complete)).toBe(OwnerStep.CONTACT);
    expect(resumeStep(0, complete)).toBe(OwnerStep.START);
    expect(resumeStep(Number.NaN, complete)).toBe(OwnerStep.START);
  });
});

describe('the submission', () => {
  it('builds the body of POST /api/public/biens with disponible and bienCount in contact', () => {
    expect(buildSubmission(complete)).toEqual(validOwnerSubmission);
    const check = checkSubmission(complete);
    expect(check).toEqual({
      ok: true,
      body: ownerSubmissionSchema.parse(validOwnerSubmission),
      fields: {},
      fix: null,
    });
  });

  it('sends an empty price as null and an untouched description as empty text', () => {
    const body = buildSubmission({ ...complete, price: undefined, description: undefined });
    expect(body.bien).toMatchObject({ price: null, description: '', disponible: true });
    expect(checkSubmission({ ...complete, price: undefined }).ok).toBe(true);
  });

  it('names the contact fields and the first property step to fix', () => {
    const check = checkSubmission({ ...complete, phone: '12', surface: undefined, price: 1.5 });
    expect(check).toEqual({
      ok: false,
      fields: { phone: 'Saisissez un numéro français valide, par exemple 06 12 34 56 78.' },
      fix: { step: OwnerStep.SURFACE, field: 'surface', message: 'Choisissez une surface.' },
    });
  });

  it('sorts the server’s field errors the same way', () => {
    expect(
      splitFieldErrors({
        'bien.city': 'Cette ville n’est pas dans le département choisi.',
        'contact.email': 'Adresse invalide.',
        'contact.bienCount': 'Nombre invalide.',
        _: 'Autre',
      }),
    ).toEqual({
      fields: { email: 'Adresse invalide.' },
      fix: { step: OwnerStep.PROPERTY_COUNT, field: 'bienCount', message: 'Nombre invalide.' },
    });
  });
});
