import { codedOptions, numberedOptions } from './options';

/** Project stages (spec 4.7), in order. */
export const projectStages = codedOptions({
  VALIDATION: 'En cours de validation',
  MANDAT: 'Mandat signé',
  RECHERCHE: 'Recherche',
  OFFRE_SENT: 'Offre d’achat',
  COMPROMIS_SIGNED: 'Compromis signé',
  FUNDING: 'Financement',
  ACT_SIGNED: 'Acte authentique signé',
  WORKS: 'Travaux',
  COMPLETED: 'Projet terminé',
});
export type ProjectStage = (typeof projectStages)[number]['value'];

/** Purchase types (spec 3.5 leaves the values out): ours, stable codes 1..4. */
export const purchaseTypes = numberedOptions([
  'Dans l’ancien',
  'Dans le neuf',
  'Sur plan (VEFA)',
  'Un bien à rénover',
]);
export type PurchaseType = (typeof purchaseTypes)[number]['value'];

/** Number of people in the project, 4 meaning 4 or more (spec 2.6). */
export const personCounts = numberedOptions(['1', '2', '3', '4 et +']);

/** Personal contribution bands 1-5 (spec 2.6). */
export const apportBands = numberedOptions([
  'Moins de 10\u202f000\u00a0€',
  'De 10\u202f001 à 50\u202f000\u00a0€',
  'De 50\u202f001 à 100\u202f000\u00a0€',
  'Plus de 100\u202f000\u00a0€',
  '100\u00a0% du montant de l’acquisition',
]);

/** BUDGET input attributes (spec 5). */
export const BUDGET = {
  min: 20_000,
  max: 10_000_000,
  step: 1000,
  placeholder: '200\u202f000\u00a0€', // spec '200 000€', in French typography (as Intl writes it)
} as const;
