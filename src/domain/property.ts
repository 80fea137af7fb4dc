/**
 * Shared property enumerations (spec 3.5). The questionnaire and the buyer wizard draw from the
 * same list; the spec does not give numeric values, so these codes are ours (1..7), stable.
 */
import { numberedOptions, selfLabelled } from './options';

export { labelOf, numberedOptions, selfLabelled, type NumberedOptions } from './options';

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
