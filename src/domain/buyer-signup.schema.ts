import { z } from 'zod';
import { commonStepSchemas, joinStepSchemas } from './long-form.schema';
import { band } from './property.schema';
import { formatEuro } from './format';
import { KEPT_DEPARTMENTS } from './geography';
import { passwordWithConfirmSchema } from './password';
import { BUDGET, purchaseTypes, type PurchaseType } from './project';
import { bienTypes, propertyPurposes, type BienType } from './property';
import { identitySchema } from './user.schema';

/** The 17 steps of the buyer wizard (spec 2.6). */
export const BuyerStep = {
  START: 1,
  PERSON_COUNT: 2,
  SEARCH_GOAL: 3,
  DEPARTMENT: 4,
  CITY: 5,
  BIEN_TYPE: 6,
  ACHAT_TYPE: 7,
  SURFACE: 8,
  ROOM_COUNT: 9,
  BEDROOM_COUNT: 10,
  VISIT_COUNT: 11,
  DESC: 12,
  BUDGET: 13,
  APPORT: 14,
  WITH_BANK: 15,
  USER: 16,
  CONFIRM: 17,
} as const;
export type BuyerStepNumber = (typeof BuyerStep)[keyof typeof BuyerStep];

/** Phase of the header (spec 2.6): criteria up to DESC, finance after it, account from USER. */
export function buyerPhase(step: number): 1 | 2 | 3 {
  if (step >= BuyerStep.USER) return 3;
  if (step > BuyerStep.DESC) return 2;
  return 1;
}

const bienTypeValues = bienTypes.map((b) => b.value) as [BienType, ...BienType[]];
const purchaseTypeValues = purchaseTypes.map((p) => p.value) as [PurchaseType, ...PurchaseType[]];

/** Why a budget is refused, said next to the field: amounts as French people write them. */
export const budgetMessages = {
  min: `Le budget doit être d’au moins ${formatEuro(BUDGET.min)}.`,
  max: `Le budget ne peut pas dépasser ${formatEuro(BUDGET.max)}.`,
  missing: 'Indiquez votre budget en euros.',
  /** What the browser could not read as a number ('45 a', '1e'). */
  unreadable: 'Saisissez votre budget en chiffres seulement, par exemple 450000.',
} as const;

/** One schema per question step (spec 2.6, 3.7, 5). */
export const buyerStepSchemas = {
  [BuyerStep.PERSON_COUNT]: z.object({
    personCount: band(1, 4, 'Indiquez combien de personnes sont concernées.'),
  }),
  [BuyerStep.SEARCH_GOAL]: z.object({
    searchGoal: z.enum(propertyPurposes, { error: 'Choisissez l’objectif de votre recherche.' }),
  }),
  [BuyerStep.DEPARTMENT]: z.object({
    // The original let this step pass with none selected (a defect): at least one is required.
    department: z
      .array(z.enum(KEPT_DEPARTMENTS, { error: 'Département non couvert.' }), {
        error: 'Choisissez au moins un département.',
      })
      .min(1, 'Choisissez au moins un département.')
      .max(KEPT_DEPARTMENTS.length),
  }),
  [BuyerStep.CITY]: z.object({
    cities: z
      .array(z.string().trim().min(1).max(100), { error: 'Choisissez au moins une ville.' })
      .min(1, 'Choisissez au moins une ville.')
      .max(200, 'Vous avez choisi trop de villes.'),
  }),
  [BuyerStep.BIEN_TYPE]: z.object({
    typeBien: z
      .array(z.union(bienTypeValues.map((v) => z.literal(v))), {
        error: 'Choisissez au moins un type de bien.',
      })
      .min(1, 'Choisissez au moins un type de bien.'),
  }),
  [BuyerStep.ACHAT_TYPE]: z.object({
    typeAchat: z
      .array(z.union(purchaseTypeValues.map((v) => z.literal(v))), {
        error: 'Choisissez au moins un type d’achat.',
      })
      .min(1, 'Choisissez au moins un type d’achat.'),
  }),
  ...commonStepSchemas(BuyerStep),
  [BuyerStep.BUDGET]: z.object({
    budget: z
      .number({ error: budgetMessages.missing })
      .int('Indiquez votre budget en euros, sans centimes.')
      .min(BUDGET.min, budgetMessages.min)
      .max(BUDGET.max, budgetMessages.max),
  }),
  [BuyerStep.APPORT]: z.object({ apport: band(1, 5, 'Choisissez le montant de votre apport.') }),
  [BuyerStep.WITH_BANK]: z.object({
    withBank: z.boolean({ error: 'Répondez par oui ou non.' }),
  }),
} as const;

/** The whole project (spec 3.7); withCourtier is not asked by the wizard (meaning not given). */
export const buyerProjectSchema = joinStepSchemas(buyerStepSchemas).extend({
  withCourtier: z.boolean().optional(),
});
export type BuyerProject = z.output<typeof buyerProjectSchema>;

/** USER step (spec 2.6, 5, 8): the account fields with the exact password messages. */
export const buyerUserSchema = identitySchema.and(passwordWithConfirmSchema);
export type BuyerUser = z.output<typeof buyerUserSchema>;

/** Partner referral code from /signup/{code}: letters, digits, dashes. */
export const partnerCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{2,40}$/, 'Code partenaire invalide.');

/** POST /api/register body: the user fields, the whole project, the partner code if any. */
export const registerSchema = z
  .object({
    project: buyerProjectSchema,
    partnerCode: partnerCodeSchema.optional(),
  })
  .and(buyerUserSchema);
export type RegisterRequest = z.output<typeof registerSchema>;
