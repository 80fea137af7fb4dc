/**
 * The few step facts the page's first chunk needs. They are restated here rather than imported
 * from owner-questionnaire.schema, which builds its zod schemas when loaded: the intro (the
 * prerendered landing page for sellers) then loads neither zod nor the questions' code.
 * questionnaire-flow.test.ts checks they agree with OwnerStep.
 */
export const START_STEP = 1;
/** Questions numbered for the person: PROPERTY_TYPE (1) to CONTACT (14). */
export const QUESTION_COUNT = 14;

/** The side picture of a step (spec 2.5), drawn for each of the 16 steps. */
export function ownerStepPicture(step: number): string {
  return `/images/owner/step-${String(step).padStart(2, '0')}.svg`;
}
