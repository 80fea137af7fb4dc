import { z } from 'zod';
import { commonStepSchemas, joinStepSchemas } from './long-form.schema';
import { band } from './property.schema';
import { formatEuro } from './format';
import { KEPT_DEPARTMENTS } from './geography';
import { bienTypes, propertyPurposes, type BienType } from './property';
import { identitySchema } from './user.schema';

/** The 16 steps of the owner questionnaire, numbered as the spec numbers them (2.5). */
export const OwnerStep = {
  START: 1,
  PROPERTY_TYPE: 2,
  PROPERTY_COUNT: 3,
  DEPARTMENT: 4,
  CITY: 5,
  BIEN_TYPE: 6,
  STATUS: 7,
  SURFACE: 8,
  ROOM_COUNT: 9,
  BEDROOM_COUNT: 10,
  VISIT_COUNT: 11,
  PRICE: 12,
  WITH_DOC: 13,
  DESC: 14,
  CONTACT: 15,
  CONFIRM: 16,
} as const;
export type OwnerStepNumber = (typeof OwnerStep)[keyof typeof OwnerStep];

/** Next is not gated on these steps (spec 5). */
export const UNGATED_OWNER_STEPS: readonly number[] = [
  OwnerStep.PROPERTY_COUNT,
  OwnerStep.PRICE,
  OwnerStep.WITH_DOC,
];

/** Visible number of a question (spec 2.5): the step less 1, or less 2 when a step was skipped. */
export function visibleOwnerStep(step: number, skipped = false): number {
  return step - (skipped ? 2 : 1);
}

export const ownerDocumentFlags = [
  'withThreeLastAssembly',
  'withFourLastChargesStatements',
  'withLastPropertyTax',
  'withMaintenanceBuilding',
  'withPreStatement',
  'withDiagnostics',
] as const;
export type OwnerDocumentFlag = (typeof ownerDocumentFlags)[number];

/** The documents the six flags stand for (spec 3.3). */
export const ownerDocumentLabels: Record<OwnerDocumentFlag, string> = {
  withThreeLastAssembly: 'Les procès-verbaux des 3 dernières assemblées générales',
  withFourLastChargesStatements: 'Les 4 derniers relevés de charges de copropriété',
  withLastPropertyTax: 'Le dernier avis de taxe foncière',
  withMaintenanceBuilding: 'Le carnet d’entretien de l’immeuble',
  withPreStatement: 'Le pré-état daté (valable 1 mois)',
  withDiagnostics: 'Les diagnostics immobiliers',
};

const bienTypeValues = bienTypes.map((b) => b.value) as [BienType, ...BienType[]];

/** Bounds of the PRICE answer, in whole euros (empty means a free valuation). */
export const OWNER_PRICE = { min: 1, max: 100_000_000 } as const;

/** Why a price is refused, said next to the field: amounts as French people write them. */
export const priceMessages = {
  cents: 'Indiquez un prix en euros, sans centimes.',
  min: `Le prix doit être supérieur à ${formatEuro(0)}.`,
  max: `Le prix ne peut pas dépasser ${formatEuro(OWNER_PRICE.max)}.`,
  /** What the browser could not read as a number ('12 a', '1e'). */
  unreadable: 'Saisissez le prix en chiffres seulement, par exemple 500000.',
} as const;

/** One schema per question step (spec 2.5, 3.3, 5), composed below. */
export const ownerStepSchemas = {
  [OwnerStep.PROPERTY_TYPE]: z.object({
    propertyType: z.enum(propertyPurposes, { error: 'Choisissez à quoi correspond votre bien.' }),
  }),
  [OwnerStep.PROPERTY_COUNT]: z.object({
    // The original put the phone pattern on this count (a defect): it is a number from 1 to 4.
    bienCount: band(1, 4, 'Indiquez un nombre de biens entre 1 et 4 et plus.'),
  }),
  [OwnerStep.DEPARTMENT]: z.object({
    department: z.enum(KEPT_DEPARTMENTS, {
      error: 'Choisissez un département parmi ceux que nous couvrons.',
    }),
  }),
  [OwnerStep.CITY]: z.object({
    city: z
      .string({ error: 'Choisissez la ville du bien.' })
      .trim()
      .min(1, 'Choisissez la ville du bien.')
      .max(100, 'Nom de ville trop long.'),
  }),
  [OwnerStep.BIEN_TYPE]: z.object({
    typeBien: z.union(
      bienTypeValues.map((v) => z.literal(v)),
      { error: 'Choisissez le type de bien.' },
    ),
  }),
  [OwnerStep.STATUS]: z.object({
    status: z.enum(['Ancien', 'Neuf'], { error: 'Indiquez si le bien est ancien ou neuf.' }),
  }),
  ...commonStepSchemas(OwnerStep),
  [OwnerStep.PRICE]: z.object({
    // Next is not gated here (spec 5) and we offer a free valuation: an owner who does not know
    // the price may leave it empty (null = "à estimer").
    price: z
      .number({ error: 'Le prix doit être un nombre.' })
      .int(priceMessages.cents)
      .min(OWNER_PRICE.min, priceMessages.min)
      .max(OWNER_PRICE.max, priceMessages.max)
      .nullable(),
  }),
  [OwnerStep.WITH_DOC]: z.object(
    Object.fromEntries(
      ownerDocumentFlags.map((flag) => [flag, z.boolean({ error: 'Répondez par oui ou non.' })]),
    ) as Record<OwnerDocumentFlag, z.ZodBoolean>,
  ),
  [OwnerStep.CONTACT]: identitySchema,
} as const;

export type OwnerQuestionStep = keyof typeof ownerStepSchemas;

/** The property part of the submission (spec 3.3), disponible always true. */
export const ownerBienSchema = joinStepSchemas(ownerStepSchemas, [
  OwnerStep.PROPERTY_COUNT,
  OwnerStep.CONTACT,
]).extend({ disponible: z.literal(true, { error: 'Le bien doit être disponible.' }) });

/** The owner part (spec 3.4): contact fields and the number of properties. */
export const ownerContactSchema = ownerStepSchemas[OwnerStep.CONTACT].extend(
  ownerStepSchemas[OwnerStep.PROPERTY_COUNT].shape,
);

/** POST /api/public/biens body: validated by the page and again, identically, by the server. */
export const ownerSubmissionSchema = z.object({
  bien: ownerBienSchema,
  contact: ownerContactSchema,
});

export type OwnerSubmission = z.output<typeof ownerSubmissionSchema>;
export type OwnerBien = z.output<typeof ownerBienSchema>;
export type OwnerContact = z.output<typeof ownerContactSchema>;
