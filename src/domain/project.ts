/** Project stages (spec 4.7), in order. */
export const projectStages = [
  { value: 'VALIDATION', label: 'En cours de validation' },
  { value: 'MANDAT', label: 'Mandat signé' },
  { value: 'RECHERCHE', label: 'Recherche' },
  { value: 'OFFRE_SENT', label: 'Offre d’achat' },
  { value: 'COMPROMIS_SIGNED', label: 'Compromis signé' },
  { value: 'FUNDING', label: 'Financement' },
  { value: 'ACT_SIGNED', label: 'Acte authentique signé' },
  { value: 'WORKS', label: 'Travaux' },
  { value: 'COMPLETED', label: 'Projet terminé' },
] as const;
export type ProjectStage = (typeof projectStages)[number]['value'];

/** Purchase types (spec 3.5 leaves the values out): ours, stable codes 1..4. */
export const purchaseTypes = [
  { value: 1, label: 'Dans l’ancien' },
  { value: 2, label: 'Dans le neuf' },
  { value: 3, label: 'Sur plan (VEFA)' },
  { value: 4, label: 'Un bien à rénover' },
] as const;
export type PurchaseType = (typeof purchaseTypes)[number]['value'];

/** Personal contribution bands 1-5 (spec 2.6). */
export const apportBands = [
  { value: 1, label: 'Moins de 10\u202f000\u00a0€' },
  { value: 2, label: 'De 10\u202f001 à 50\u202f000\u00a0€' },
  { value: 3, label: 'De 50\u202f001 à 100\u202f000\u00a0€' },
  { value: 4, label: 'Plus de 100\u202f000\u00a0€' },
  { value: 5, label: '100\u00a0% du montant de l’acquisition' },
] as const;

/** Number of people in the project, 4 meaning 4 or more (spec 2.6). */
export const personCounts = [
  { value: 1, label: '1' },
  { value: 2, label: '2' },
  { value: 3, label: '3' },
  { value: 4, label: '4 et +' },
] as const;

/** BUDGET input attributes (spec 5). */
export const BUDGET = {
  min: 20_000,
  max: 10_000_000,
  step: 1000,
  placeholder: '200\u202f000\u00a0€', // spec '200 000€', in French typography (as Intl writes it)
} as const;
