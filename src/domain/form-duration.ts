/**
 * How long the two long forms take, said the same everywhere the site states it (issue 27: the
 * home page said 3 minutes, the signup's intro 4). The figure is the spec's sign-up pitch:
 * 3 minutes (spec 1 and 2.4: « Cela vous prendra que 3 minutes » on the sign-in page; spec 9:
 * « Sign-up pitch: 3 minutes »). Pure and import-free: the home page imports it.
 */
export const SIGNUP_MINUTES = 3;

/** The owner questionnaire: one question fewer than the signup and no account to create. */
export const OWNER_QUESTIONNAIRE_MINUTES = SIGNUP_MINUTES;

/** '3 minutes', the number kept with its word on one line. */
export function minutesText(minutes: number): string {
  return `${minutes}\u00a0minute${minutes > 1 ? 's' : ''}`;
}

/**
 * How many questions a long form asks: the steps of its phases, which run from its first
 * question to its last one (each flow's tests check they cover exactly those steps).
 */
export function questionCount(phases: readonly { first: number; last: number }[]): number {
  return phases.reduce((count, phase) => count + phase.last - phase.first + 1, 0);
}

/** The length announced on a long form's intro: '15 questions, environ 3 minutes'. */
export function formLengthText(questions: number, minutes: number): string {
  return `${questions}\u00a0questions, environ ${minutesText(minutes)}`;
}
