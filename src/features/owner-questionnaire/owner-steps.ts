import { questionCount } from '../../domain/form-duration';

/**
 * The few step facts the page's first chunk needs. They are restated here rather than imported
 * from owner-questionnaire.schema, which builds its zod schemas when loaded: the intro (the
 * prerendered landing page for sellers) then loads neither zod nor the questions' code.
 * questionnaire-flow.test.ts checks they agree with OwnerStep.
 */
export const START_STEP = 1;

/**
 * The three phases of the progress indicator (spec 2.5), together every step a person answers,
 * PROPERTY_TYPE (2) to CONTACT (15). The spec names them but not their steps; our split: the
 * property itself (PROPERTY_TYPE to PRICE), the sale documents (WITH_DOC), then the person (DESC
 * and CONTACT: DESC is a free note addressed to the hunter who will call, so it opens the
 * conversation rather than describing a coded property field).
 */
export const ownerPhases = [
  { label: 'Informations sur le bien', first: 2, last: 12 },
  { label: 'Documents de vente', first: 13, last: 13 },
  { label: 'Coordonnées', first: 14, last: 15 },
] as const;

/** Questions numbered for the person, 1 (PROPERTY_TYPE) to 14 (CONTACT): the phases' steps. */
export const QUESTION_COUNT = questionCount(ownerPhases);

/** The side picture of a step (spec 2.5), drawn for each of the 16 steps. */
export function ownerStepPicture(step: number): string {
  return `/images/owner/step-${String(step).padStart(2, '0')}.svg`;
}
