import { describe, expect, it } from 'vitest';
import { BuyerStep } from '../../domain/buyer-signup.schema';
import { validRegistration } from '../../domain/buyer-signup.fixture';
import {
  buildRegistration,
  canGoNext,
  checkRegistration,
  flowReducer,
  initialFlowState,
  openingState,
  restoreAnswers,
  splitFieldErrors,
  type AccountFields,
  type BuyerAnswers,
} from './buyer-flow';
import { passwordProblems } from './components/user-step';

const { project, partnerCode, ...user } = validRegistration;
const account: AccountFields = {
  lastname: user.lastname,
  firstname: user.firstname,
  email: user.email,
  phone: user.phone,
  password: user.password,
  passwordConfirm: user.passwordConfirm,
};
const answers = { ...project, partnerCode } as BuyerAnswers;

describe('buyer flow', () => {
  it('gates Suivant on each step’s schema; at least one department', () => {
    expect(canGoNext(BuyerStep.START, {})).toBe(true);
    expect(canGoNext(BuyerStep.DEPARTMENT, { department: [] })).toBe(false);
    expect(canGoNext(BuyerStep.DEPARTMENT, { department: ['75'] })).toBe(true);
    expect(canGoNext(BuyerStep.VISIT_COUNT, { visitCount: 0 })).toBe(true);
    expect(canGoNext(BuyerStep.DESC, { description: '' })).toBe(true);
    expect(canGoNext(BuyerStep.BUDGET, { budget: 19000 })).toBe(false);
    expect(canGoNext(BuyerStep.BUDGET, { budget: 200000 })).toBe(true);
    expect(canGoNext(BuyerStep.WITH_BANK, { withBank: false })).toBe(true);
    expect(canGoNext(BuyerStep.USER, answers)).toBe(false);
  });

  it('moves by one, never past an unanswered step nor past USER', () => {
    let s = flowReducer(initialFlowState, { type: 'next' });
    expect(s.step).toBe(BuyerStep.PERSON_COUNT);
    expect(flowReducer(s, { type: 'next' }).step).toBe(BuyerStep.PERSON_COUNT);
    s = flowReducer(s, { type: 'answer', patch: { personCount: 2 } });
    s = flowReducer(s, { type: 'next' });
    expect(s.step).toBe(BuyerStep.SEARCH_GOAL);
    expect(flowReducer(s, { type: 'previous' }).step).toBe(BuyerStep.PERSON_COUNT);
    const atUser = { step: BuyerStep.USER, answers } as const;
    expect(flowReducer(atUser, { type: 'next' }).step).toBe(BuyerStep.USER);
    expect(flowReducer(atUser, { type: 'confirmed' }).step).toBe(BuyerStep.CONFIRM);
  });

  it('restores a draft at its step, or at the first step that lost its answer', () => {
    const full = openingState(
      { step: 9, answers: { ...answers, roomCount: 99 } },
      false,
      undefined,
    );
    expect(full.step).toBe(9);
    expect(full.answers.roomCount).toBeUndefined();
    expect(full.answers.cities).toEqual(project.cities);
    const broken = openingState(
      { step: 9, answers: { ...answers, department: [] } },
      false,
      undefined,
    );
    expect(broken.step).toBe(BuyerStep.DEPARTMENT);
    expect(openingState({ step: 40, answers }, false, undefined).step).toBe(BuyerStep.USER);
  });

  it('keeps the partner code of the URL, drops an invalid one and any password', () => {
    expect(openingState(null, true, 'COURTIER-42').answers.partnerCode).toBe('COURTIER-42');
    expect(openingState(null, true, 'x y').answers.partnerCode).toBeUndefined();
    expect(restoreAnswers({ password: 'Maison2026', lastname: 'Bernard' })).toEqual({
      lastname: 'Bernard',
    });
  });

  it('builds the body of POST /api/register as registerSchema wants it', () => {
    const body = buildRegistration(answers, account);
    expect(body).toEqual(validRegistration);
    const check = checkRegistration(answers, account);
    expect(check.ok).toBe(true);
  });

  it('says where a problem lies: a USER field, or the first project step', () => {
    const check = checkRegistration({ ...answers, budget: undefined }, { ...account, phone: '12' });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.fix?.step).toBe(BuyerStep.BUDGET);
    expect(Object.keys(check.fields)).toEqual(['phone']);
    expect(splitFieldErrors({ email: 'Déjà pris', 'project.department': 'x' })).toEqual({
      fields: { email: 'Déjà pris' },
      fix: { step: BuyerStep.DEPARTMENT, message: 'x' },
    });
  });

  it('lists the exact password messages', () => {
    expect(passwordProblems('')).toEqual(['Le mot de passe est requis']);
    expect(passwordProblems('abc')).toEqual([
      'Le mot de passe doit avoir au moin 6 caractères',
      'Il faut au moins 1 majuscule',
      'Il faut au moins 1 chiffre',
    ]);
    expect(passwordProblems('Maison2026')).toEqual([]);
  });
});
