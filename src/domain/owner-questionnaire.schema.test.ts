import { describe, expect, it } from 'vitest';
import {
  OWNER_PRICE,
  OwnerStep,
  UNGATED_OWNER_STEPS,
  priceMessages,
  ownerStepSchemas,
  ownerSubmissionSchema,
  visibleOwnerStep,
} from './owner-questionnaire.schema';
import { validOwnerSubmission } from './owner-questionnaire.fixture';

const firstMessage = (step: keyof typeof ownerStepSchemas, value: unknown) => {
  const r = ownerStepSchemas[step].safeParse(value);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('owner questionnaire steps (spec 2.5, 5)', () => {
  it('numbers the 16 steps and the visible number', () => {
    expect(Object.keys(OwnerStep)).toHaveLength(16);
    expect(OwnerStep.CONFIRM).toBe(16);
    expect(visibleOwnerStep(OwnerStep.PROPERTY_TYPE)).toBe(1);
    expect(visibleOwnerStep(OwnerStep.CITY, true)).toBe(3);
    expect(UNGATED_OWNER_STEPS).toEqual([3, 12, 13]);
  });

  it('accepts only the coded values', () => {
    expect(
      firstMessage(OwnerStep.PROPERTY_TYPE, { propertyType: 'Investissement locatif' }),
    ).toBeNull();
    expect(firstMessage(OwnerStep.PROPERTY_TYPE, { propertyType: 'Autre' })).toMatch(/Choisissez/);
    expect(firstMessage(OwnerStep.DEPARTMENT, { department: '77' })).toMatch(
      /Choisissez un département/,
    );
    expect(firstMessage(OwnerStep.STATUS, { status: 'Projet de construction' })).toMatch(
      /ancien ou neuf/,
    );
    expect(firstMessage(OwnerStep.VISIT_COUNT, { visitCount: 0 })).toBeNull();
    expect(firstMessage(OwnerStep.SURFACE, { surface: 6 })).toMatch(/surface/);
    expect(firstMessage(OwnerStep.BIEN_TYPE, { typeBien: 8 })).toMatch(/type de bien/);
  });

  it('checks bienCount as a number from 1 to 4, not as a phone', () => {
    expect(firstMessage(OwnerStep.PROPERTY_COUNT, { bienCount: 4 })).toBeNull();
    expect(firstMessage(OwnerStep.PROPERTY_COUNT, { bienCount: 5 })).toMatch(/entre 1 et 4/);
    expect(firstMessage(OwnerStep.PROPERTY_COUNT, { bienCount: '0612345678' })).toMatch(
      /entre 1 et 4/,
    );
  });

  it('lets the price be left for a free valuation', () => {
    expect(firstMessage(OwnerStep.PRICE, { price: null })).toBeNull();
  });

  it('says why a price is refused, amounts written the French way', () => {
    expect(firstMessage(OwnerStep.PRICE, { price: -3 })).toBe(
      'Le prix doit être supérieur à 0\u00a0€.',
    );
    expect(firstMessage(OwnerStep.PRICE, { price: 100_000_001 })).toBe(
      'Le prix ne peut pas dépasser 100\u202f000\u202f000\u00a0€.',
    );
    expect(firstMessage(OwnerStep.PRICE, { price: 1.5 })).toBe(priceMessages.cents);
    expect(firstMessage(OwnerStep.PRICE, { price: OWNER_PRICE.max })).toBeNull();
  });

  it('checks the contact: French phone, plausible e-mail, no markup', () => {
    const contact = validOwnerSubmission.contact;
    expect(firstMessage(OwnerStep.CONTACT, contact)).toBeNull();
    expect(firstMessage(OwnerStep.CONTACT, { ...contact, phone: '12345' })).toMatch(
      /numéro français/,
    );
    expect(firstMessage(OwnerStep.CONTACT, { ...contact, email: 'claire@' })).toMatch(
      /adresse e-mail valide/,
    );
    expect(firstMessage(OwnerStep.CONTACT, { ...contact, lastname: '<script>x</script>' })).toMatch(
      /ne peut contenir que des lettres/,
    );
    expect(firstMessage(OwnerStep.CONTACT, { ...contact, lastname: ' ' })).toBe(
      'Le nom est requis.',
    );
  });

  it('composes the whole submission, description optional', () => {
    expect(ownerSubmissionSchema.safeParse(validOwnerSubmission).success).toBe(true);
    const { description: _omitted, ...withoutDescription } = validOwnerSubmission.bien;
    const parsed = ownerSubmissionSchema.parse({
      ...validOwnerSubmission,
      bien: withoutDescription,
    });
    expect(parsed.bien.description).toBe('');
    expect(
      ownerSubmissionSchema.safeParse({
        ...validOwnerSubmission,
        bien: { ...validOwnerSubmission.bien, disponible: false },
      }).success,
    ).toBe(false);
  });
});
