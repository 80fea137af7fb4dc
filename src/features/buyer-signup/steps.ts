/**
 * Step data without zod (the intro chunk uses it): pictures and their French alts, phases.
 * Steps are plain numbers here, as in BuyerStep (src/domain/buyer-signup.schema.ts).
 */
export const START_STEP = 1;
export const USER_STEP = 16;
export const CONFIRM_STEP = 17;

/** Side illustration of a step: 16 pictures, CONFIRM reuses the last. */
export function buyerStepPicture(step: number): string {
  const n = Math.min(Math.max(step, 1), 16);
  return `/images/buyer/step-${String(n).padStart(2, '0')}.svg`;
}

export const buyerPictureAlts: Record<number, string> = {
  1: 'Un couple regarde des annonces de logements avec un chasseur immobilier',
  2: 'Une famille réunie devant une maison',
  3: 'Une maison et une clé, pour y vivre ou pour la louer',
  4: 'Une carte de l’Île-de-France avec ses départements',
  5: 'Une carte avec des repères sur plusieurs villes',
  6: 'Un appartement, une maison et un terrain',
  7: 'Un immeuble ancien à côté d’un immeuble neuf',
  8: 'Un plan d’appartement avec ses mesures',
  9: 'Un plan avec plusieurs pièces',
  10: 'Une chambre avec un lit',
  11: 'Une porte ouverte sur une visite',
  12: 'Un carnet et un crayon pour décrire le projet',
  13: 'Une calculatrice et des billets',
  14: 'Une tirelire et des pièces',
  15: 'Un banquier serre la main d’un acheteur',
  16: 'Un formulaire de création de compte sur un téléphone',
  17: 'Une enveloppe de confirmation envoyée',
};

/** The three phases of the header (spec 2.6). */
export const buyerPhases = [
  { label: 'Critères de recherche', first: 2, last: 12 },
  { label: 'Renseignements financiers', first: 13, last: 15 },
  { label: 'Création de votre compte', first: 16, last: 16 },
] as const;

/** Index (0-2) of a step's phase; CONFIRM counts as past the last phase. */
export function phaseIndexOf(step: number): number {
  if (step > USER_STEP) return buyerPhases.length;
  const index = buyerPhases.findIndex((p) => step >= p.first && step <= p.last);
  return Math.max(index, 0);
}
