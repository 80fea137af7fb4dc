import { z } from 'zod';
import { joinStepSchemas } from './long-form.schema';
import { formatEuro } from './format';
import { KEPT_DEPARTMENTS } from './geography';
import { codedOptions } from './options';
import { plainText } from './text';

/**
 * The visit report (issue 28): what a hunter writes on a phone during a visit, one question or
 * group per screen, sent with its photos through the outbox. The third flow of the long-form
 * engine (docs/long-form.md); the server checks the same schemas (src/domain/api/visits.ts).
 */
export const VisitStep = {
  START: 1,
  ADDRESS: 2,
  WHEN: 3,
  PRICE: 4,
  SURFACE: 5,
  FLOOR: 6,
  ENERGY: 7,
  CONDITION: 8,
  WORKS: 9,
  RATING: 10,
  STRENGTHS: 11,
  WEAKNESSES: 12,
  PHOTOS: 13,
  VERDICT: 14,
  CONFIRM: 15,
} as const;
export type VisitStepNumber = (typeof VisitStep)[keyof typeof VisitStep];

/** At most this many photos per report (issue 28), each at most 10 MB once on the server. */
export const VISIT_PHOTO_LIMIT = 12;
export const VISIT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const VISIT_PHOTO_LIMIT_MESSAGE = `${VISIT_PHOTO_LIMIT} photos au plus par compte rendu\u00a0: retirez-en une avant d’en ajouter une autre.`;
export const VISIT_PHOTO_SIZE_MESSAGE =
  'Cette photo est trop volumineuse\u00a0: 10\u00a0Mo au plus.';

export const VISIT_PRICE_MAX = 100_000_000;
export const VISIT_TEXT_MAX = 2000;

export const propertyStates = codedOptions({
  a_renover: 'À rénover entièrement',
  travaux: 'Travaux à prévoir',
  bon: 'Bon état',
  refait: 'Refait à neuf',
});
export type PropertyState = (typeof propertyStates)[number]['value'];
const propertyStateValues = propertyStates.map((s) => s.value) as [
  PropertyState,
  ...PropertyState[],
];

/** The hunter's verdict: only a report « à proposer » is shown to the buyer. */
export const recommendations = codedOptions({
  proposer: 'À proposer',
  ecarte: 'Écarté',
});
export type Recommendation = (typeof recommendations)[number]['value'];

/** A local date and time as the inputs give it: 2026-11-26T14:30 (Paris time). */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

const text = (what: string) =>
  plainText(
    VISIT_TEXT_MAX,
    `${what} ne doit pas dépasser ${VISIT_TEXT_MAX.toLocaleString('fr-FR')}\u00a0caractères.`,
  );

const wholeEuros = (what: string) =>
  z
    .number({ error: `Indiquez ${what} en chiffres.` })
    .int(`Indiquez ${what} en euros, sans centimes.`)
    .min(0, `${what.charAt(0).toUpperCase()}${what.slice(1)} ne peut pas être négatif.`)
    .max(VISIT_PRICE_MAX, `Indiquez ${what} jusqu’à ${formatEuro(VISIT_PRICE_MAX)}.`);

/** The DPE's two values go together: both, or neither when it is not given. */
const energyPair = {
  check: (v: { energy: number | null; emissions: number | null }) =>
    (v.energy === null) === (v.emissions === null),
  issue: {
    message:
      'Indiquez les deux valeurs du DPE (consommation et émissions), ou aucune s’il n’est pas communiqué.',
    path: ['emissions'],
  },
};

/** One schema per question step, composed into the body below. */
export const visitStepSchemas = {
  [VisitStep.ADDRESS]: z.object({
    address: plainText(200, 'L’adresse ne doit pas dépasser 200\u00a0caractères.').pipe(
      z.string().min(3, 'Indiquez l’adresse du bien visité (numéro et rue).'),
    ),
    department: z.enum(KEPT_DEPARTMENTS, {
      error: 'Choisissez un département parmi ceux que nous couvrons.',
    }),
    city: z
      .string({ error: 'Choisissez la ville du bien.' })
      .trim()
      .min(1, 'Choisissez la ville du bien.')
      .max(100, 'Nom de ville trop long.'),
  }),
  [VisitStep.WHEN]: z.object({
    visitedAt: z
      .string({ error: 'Indiquez la date et l’heure de la visite.' })
      .regex(LOCAL_DATE_TIME, 'Indiquez la date et l’heure de la visite.'),
  }),
  [VisitStep.PRICE]: z.object({
    askingPrice: wholeEuros('le prix demandé').refine(
      (v) => v > 0,
      'Le prix demandé doit être supérieur à 0\u00a0€.',
    ),
  }),
  [VisitStep.SURFACE]: z.object({
    livingArea: z
      .number({ error: 'Indiquez la surface en m².' })
      .positive('La surface doit être supérieure à 0\u00a0m².')
      .max(10_000, 'Indiquez une surface de 10\u202f000\u00a0m² au plus.'),
    rooms: z
      .number({ error: 'Indiquez le nombre de pièces.' })
      .int('Indiquez un nombre entier de pièces.')
      .min(1, 'Un bien compte au moins 1\u00a0pièce.')
      .max(50, 'Indiquez 50\u00a0pièces au plus.'),
  }),
  [VisitStep.FLOOR]: z.object({
    /** 0: rez-de-chaussée; null: a house, no floor. */
    floor: z
      .number({ error: 'Indiquez l’étage.' })
      .int('Indiquez l’étage en chiffres.')
      .min(-2, 'Indiquez un étage entre -2 et 80.')
      .max(80, 'Indiquez un étage entre -2 et 80.')
      .nullable(),
    lift: z.boolean({ error: 'Indiquez s’il y a un ascenseur.' }),
  }),
  [VisitStep.ENERGY]: z
    .object({
      /** Primary energy, kWh/m²/an; null with `emissions` null: DPE not given. */
      energy: z
        .number({ error: 'Indiquez la consommation en kWh/m²/an.' })
        .min(0, 'La consommation ne peut pas être négative.')
        .max(2000, 'Indiquez une consommation de 2\u202f000\u00a0kWh/m²/an au plus.')
        .nullable(),
      /** Greenhouse gas emissions, kg CO₂/m²/an. */
      emissions: z
        .number({ error: 'Indiquez les émissions en kg CO₂/m²/an.' })
        .min(0, 'Les émissions ne peuvent pas être négatives.')
        .max(500, 'Indiquez des émissions de 500\u00a0kg CO₂/m²/an au plus.')
        .nullable(),
    })
    .refine(energyPair.check, energyPair.issue),
  [VisitStep.CONDITION]: z.object({
    condition: z.enum(propertyStateValues, { error: 'Choisissez l’état du bien.' }),
  }),
  [VisitStep.WORKS]: z.object({
    works: text('La description des travaux').default(''),
    worksEstimate: wholeEuros('l’estimation des travaux').nullable(),
  }),
  [VisitStep.RATING]: z.object({
    rating: z
      .number({ error: 'Donnez une note de 1 à 5.' })
      .int('Donnez une note de 1 à 5.')
      .min(1, 'Donnez une note de 1 à 5.')
      .max(5, 'Donnez une note de 1 à 5.'),
  }),
  [VisitStep.STRENGTHS]: z.object({ strengths: text('Les points forts').default('') }),
  [VisitStep.WEAKNESSES]: z.object({ weaknesses: text('Les points faibles').default('') }),
  [VisitStep.VERDICT]: z.object({
    recommendation: z.enum(['proposer', 'ecarte'], {
      error: 'Dites si le bien est à proposer au client ou écarté.',
    }),
    reason: text('L’explication').pipe(
      z.string().min(1, 'Dites en quelques mots pourquoi (le client le lira s’il est proposé).'),
    ),
  }),
} as const;

/** A photo as the report lists it: its id on the device (a UUID) and what the server checks. */
export const visitPhotoSchema = z.object({
  id: z.uuid('Identifiant de photo invalide.'),
  width: z.number().int().min(1).max(10_000),
  height: z.number().int().min(1).max(10_000),
  size: z.number().int().min(1).max(VISIT_PHOTO_MAX_BYTES, VISIT_PHOTO_SIZE_MESSAGE),
});
export type VisitPhotoRef = z.output<typeof visitPhotoSchema>;

/** The answers of the question steps, as one object (a step's own cross-field rule again). */
export const visitAnswersSchema = joinStepSchemas(visitStepSchemas).refine(
  energyPair.check,
  energyPair.issue,
);
export type VisitAnswersBody = z.output<typeof visitAnswersSchema>;

/**
 * POST /api/staff/visit-reports: the report (its `ref`, the device's UUID, names it for its
 * photos' uploads) for a buyer, from a planned visit or not, with the photos it will upload.
 */
export const visitReportSubmissionSchema = joinStepSchemas(visitStepSchemas)
  .extend({
    ref: z.uuid('Identifiant de compte rendu invalide.'),
    buyerId: z.string().trim().min(1, 'Choisissez le client.').max(64),
    visitId: z.number().int().positive().nullable().default(null),
    photos: z
      .array(visitPhotoSchema)
      .max(VISIT_PHOTO_LIMIT, VISIT_PHOTO_LIMIT_MESSAGE)
      .refine(
        (photos) => new Set(photos.map((p) => p.id)).size === photos.length,
        'Une photo figure deux fois dans le compte rendu.',
      )
      .default([]),
  })
  .refine(energyPair.check, energyPair.issue);
export type VisitReportSubmission = z.output<typeof visitReportSubmissionSchema>;
