/**
 * Shared property enumerations (spec 3.5). The questionnaire and the buyer wizard draw from the
 * same list; the spec does not give numeric values, so these codes are ours (1..7), stable.
 */
export const bienTypes = [
  { value: 1, label: 'Appartement' },
  { value: 2, label: 'Maison' },
  { value: 3, label: 'Terrain' },
  { value: 4, label: 'Parking/Box' },
  { value: 5, label: 'Loft/Atelier' },
  { value: 6, label: 'Immeuble' },
  { value: 7, label: 'Autre' },
] as const;
export type BienType = (typeof bienTypes)[number]['value'];

/** Property condition (spec 3.5); the owner form offers the first two (spec 2.5). */
export const propertyConditions = ['Ancien', 'Neuf', 'Projet de construction'] as const;
export type PropertyCondition = (typeof propertyConditions)[number];

/** What the property is for (spec 3.3). */
export const propertyPurposes = ['Résidence principale', 'Investissement locatif'] as const;
export type PropertyPurpose = (typeof propertyPurposes)[number];

/** Surface bands 1-5 (spec 3.3, 9). */
export const surfaceBands = [
  { value: 1, label: 'Moins de 30 m²' },
  { value: 2, label: '30 à 50 m²' },
  { value: 3, label: '50 à 70 m²' },
  { value: 4, label: '70 à 100 m²' },
  { value: 5, label: '100 m² et plus' },
] as const;

/** Rooms 1-5: 1 is a studio, 5 means 5 or more (spec 3.3). */
export const roomCounts = [
  { value: 1, label: 'Studio' },
  { value: 2, label: '2 pièces' },
  { value: 3, label: '3 pièces' },
  { value: 4, label: '4 pièces' },
  { value: 5, label: '5 pièces et +' },
] as const;

export const bedroomCounts = [
  { value: 1, label: '1' },
  { value: 2, label: '2' },
  { value: 3, label: '3' },
  { value: 4, label: '4' },
  { value: 5, label: '5 et +' },
] as const;

/** Visits already done, 0-5, 5 meaning 5 or more (spec 3.3). */
export const visitCounts = [
  { value: 0, label: 'Aucune' },
  { value: 1, label: '1' },
  { value: 2, label: '2' },
  { value: 3, label: '3' },
  { value: 4, label: '4' },
  { value: 5, label: '5 et +' },
] as const;

/** Number of properties for sale 1-4, 4 meaning 4 or more (spec 3.4). */
export const propertyCountOptions = [
  { value: 1, label: '1' },
  { value: 2, label: '2' },
  { value: 3, label: '3' },
  { value: 4, label: '4 et +' },
] as const;

export function labelOf<T extends { value: unknown; label: string }>(
  options: readonly T[],
  value: unknown,
): string {
  return options.find((o) => o.value === value)?.label ?? String(value);
}
