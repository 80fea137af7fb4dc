import { questionCount } from '../../domain/form-duration';

/**
 * Step data without zod (the intro chunk uses it): pictures and their French alts, phases.
 * Steps are plain numbers here, as in BuyerStep (src/domain/buyer-signup.schema.ts).
 */
export const START_STEP = 1;
export const CONFIRM_STEP = 17;

/** Side illustration of a step: 16 pictures; CONFIRM shows the confirmation e-mail leaving. */
export function buyerStepPicture(step: number): string {
  if (step >= CONFIRM_STEP) return '/images/owner/step-16.svg';
  const n = Math.min(Math.max(step, 1), 16);
  return `/images/buyer/step-${String(n).padStart(2, '0')}.svg`;
}

/** Each picture's alt: what it shows, as its own <title> says (steps.test.ts checks it). */
export const buyerPictureAlts: Record<number, string> = {
  1: 'Un couple tient une clé devant sa nouvelle maison',
  2: 'Une petite famille réunie\u00a0: deux adultes et deux enfants de tailles différentes',
  3: 'Une maison avec un cœur face à un immeuble avec une pièce, pour habiter ou investir',
  4: 'Carte abstraite de l’Île-de-France avec plusieurs repères',
  5: 'Une liste de villes cochées à côté d’une petite silhouette de ville',
  6: 'Une maison, un appartement et un loft côte à côte',
  7: 'Une clé sur un porte-clés avec une étiquette et un petit marteau pour les travaux',
  8: 'Un plan de logement en L avec un mètre ruban déroulé à la verticale',
  9: 'Une pièce à vivre ouverte avec salon, canapé et cuisine américaine',
  10: 'Une chambre d’enfant avec un petit lit à côté du grand lit des parents',
  11: 'Une personne avec des jumelles devant des maisons',
  12: 'Un carnet ouvert avec un crayon et des étincelles',
  13: 'Une tirelire et une petite maison pour le budget',
  14: 'Des piles de pièces posées sur une main ouverte pour l’apport personnel',
  15: 'Une banque avec une poignée de main',
  16: 'Un ordinateur portable avec un avatar d’utilisateur et un cadenas',
  17: 'Une enveloppe qui s’envole avec une coche de validation et des confettis',
};

/**
 * The three phases of the header (spec 2.6): together every step a person answers, from
 * PERSON_COUNT (2) to USER (16, the account form); buyer-flow.test.ts checks them against BuyerStep.
 */
export const buyerPhases = [
  { label: 'Critères de recherche', first: 2, last: 12 },
  { label: 'Renseignements financiers', first: 13, last: 15 },
  { label: 'Création de votre compte', first: 16, last: 16 },
] as const;

/** The questions the intro announces: 15, the steps of the phases. */
export const QUESTION_COUNT = questionCount(buyerPhases);
