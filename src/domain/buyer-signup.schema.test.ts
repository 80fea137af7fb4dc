import { describe, expect, it } from 'vitest';
import { validRegistration } from './buyer-signup.fixture';
import {
  BuyerStep,
  buyerPhase,
  buyerStepSchemas,
  buyerUserSchema,
  registerSchema,
} from './buyer-signup.schema';
import { passwordMessages } from './password';

const issues = (
  schema: {
    safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } };
  },
  v: unknown,
) => schema.safeParse(v).error?.issues.map((i) => i.message) ?? [];

describe('buyer wizard schemas (spec 2.6, 5)', () => {
  it('has 17 steps and three phases', () => {
    expect(Object.keys(BuyerStep)).toHaveLength(17);
    expect(
      [
        BuyerStep.DESC,
        BuyerStep.BUDGET,
        BuyerStep.WITH_BANK,
        BuyerStep.USER,
        BuyerStep.CONFIRM,
      ].map(buyerPhase),
    ).toEqual([1, 2, 2, 3, 3]);
  });

  it('needs at least one department among the kept five', () => {
    expect(issues(buyerStepSchemas[BuyerStep.DEPARTMENT], { department: [] })).toEqual([
      'Choisissez au moins un département.',
    ]);
    expect(issues(buyerStepSchemas[BuyerStep.DEPARTMENT], { department: ['77'] })).toEqual([
      'Département non couvert.',
    ]);
    expect(issues(buyerStepSchemas[BuyerStep.DEPARTMENT], { department: ['75', '91'] })).toEqual(
      [],
    );
  });

  it('bounds the budget and the counts', () => {
    expect(issues(buyerStepSchemas[BuyerStep.BUDGET], { budget: 19_999 })).toEqual([
      'Le budget doit être d’au moins 20\u202f000\u00a0€.',
    ]);
    expect(issues(buyerStepSchemas[BuyerStep.BUDGET], { budget: 10_000_001 })).toEqual([
      'Le budget ne peut pas dépasser 10\u202f000\u202f000\u00a0€.',
    ]);
    expect(issues(buyerStepSchemas[BuyerStep.BUDGET], { budget: 20_000 })).toEqual([]);
    expect(issues(buyerStepSchemas[BuyerStep.BUDGET], { budget: 10_000_000 })).toEqual([]);
    expect(issues(buyerStepSchemas[BuyerStep.VISIT_COUNT], { visitCount: 0 })).toEqual([]);
    expect(issues(buyerStepSchemas[BuyerStep.PERSON_COUNT], { personCount: 0 })).toHaveLength(1);
  });

  it('shows the exact password messages and the mismatch message', () => {
    const user = { ...validRegistration, password: 'abc', passwordConfirm: 'abd' };
    const messages = issues(buyerUserSchema, user);
    expect(messages).toContain(passwordMessages.minLength);
    expect(messages).toContain(passwordMessages.uppercase);
    expect(messages).toContain(passwordMessages.digit);
    expect(
      issues(buyerUserSchema, { ...validRegistration, passwordConfirm: 'Maison2027' }),
    ).toEqual([passwordMessages.mismatch]);
  });

  it('accepts the whole registration, description optional', () => {
    expect(registerSchema.safeParse(validRegistration).success).toBe(true);
    const { description: _d, ...project } = validRegistration.project;
    expect(registerSchema.safeParse({ ...validRegistration, project }).success).toBe(true);
    expect(registerSchema.safeParse({ ...validRegistration, partnerCode: 'a b' }).success).toBe(
      false,
    );
  });
});
