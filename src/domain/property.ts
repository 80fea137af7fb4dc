/**
 * Shared property enumerations (spec 3.5). The questionnaire and the buyer wizard draw from the
 * same list; the spec does not give numeric values, so these codes are ours (1..7), stable.
 */
/** Positions 0..9 of a list, and the same counted from 1: the values `options` gives its labels. */
type FromZero = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
type FromOne = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** `{ value, label }` for each label, the values counted from `first` (0 or 1) in order. */
export type NumberedOptions<L extends readonly string[], First extends 0 | 1> = {
  readonly [K in keyof L]: {
    readonly value: K extends `${infer I extends number}`
      ? (First extends 0 ? FromZero : FromOne)[I]
      : never;
    readonly label: L[K];
  };
};

/** Builds an option list from its labels: the first label gets `first`, the next `first + 1`… */
export function numberedOptions<const L extends readonly string[], First extends 0 | 1 = 1>(
  labels: L,
  first: First = 1 as First,
): NumberedOptions<L, First> {
  return labels.map((label, index) => ({
    value: first + index,
    label,
  })) as unknown as NumberedOptions<L, First>;
}

export const bienTypes = numberedOptions([
  'Appartement',
  'Maison',
  'Terrain',
  'Parking/Box',
  'Loft/Atelier',
  'Immeuble',
  'Autre',
]);
export type BienType = (typeof bienTypes)[number]['value'];

/** Property condition (spec 3.5); the owner form offers the first two (spec 2.5). */
export const propertyConditions = ['Ancien', 'Neuf', 'Projet de construction'] as const;
export type PropertyCondition = (typeof propertyConditions)[number];

/** What the property is for (spec 3.3). */
export const propertyPurposes = ['Résidence principale', 'Investissement locatif'] as const;
export type PropertyPurpose = (typeof propertyPurposes)[number];

/** Options whose label is their value. */
export const selfLabelled = <V extends string>(values: readonly V[]) =>
  values.map((value) => ({ value, label: value }));

/** The purposes as a question's options (the owner's PROPERTY_TYPE, the buyer's SEARCH_GOAL). */
export const purposeOptions = selfLabelled(propertyPurposes);

/** Surface bands 1-5 (spec 3.3, 9). */
export const surfaceBands = numberedOptions([
  'Moins de 30\u00a0m²',
  '30 à 50\u00a0m²',
  '50 à 70\u00a0m²',
  '70 à 100\u00a0m²',
  '100\u00a0m² et plus',
]);

/** Rooms 1-5: 1 is a studio, 5 means 5 or more (spec 3.3). */
export const roomCounts = numberedOptions([
  'Studio',
  '2 pièces',
  '3 pièces',
  '4 pièces',
  '5 pièces et +',
]);

export const bedroomCounts = numberedOptions(['1', '2', '3', '4', '5 et +']);

/** Visits already done, 0-5, 5 meaning 5 or more (spec 3.3). */
export const visitCounts = numberedOptions(['Aucune', '1', '2', '3', '4', '5 et +'], 0);

/** Number of properties for sale 1-4, 4 meaning 4 or more (spec 3.4). */
export const propertyCountOptions = numberedOptions(['1', '2', '3', '4 et +']);

export function labelOf<T extends { value: unknown; label: string }>(
  options: readonly T[],
  value: unknown,
): string {
  return options.find((o) => o.value === value)?.label ?? String(value);
}
