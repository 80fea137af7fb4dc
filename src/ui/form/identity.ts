/**
 * A person's identity fields as the forms ask them (the owner questionnaire's CONTACT, the buyer
 * signup's USER), in their order: the input type and the autofill token of each. Each form
 * gives its own labels.
 */
export const identityInputs = {
  lastname: { type: 'text', autoComplete: 'family-name' },
  firstname: { type: 'text', autoComplete: 'given-name' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
} as const;

export type IdentityField = keyof typeof identityInputs;

export const identityFields = Object.keys(identityInputs) as IdentityField[];

/** The identity fields' first values in a form: the answers kept so far, empty otherwise. */
export function identityValues(
  answers: Partial<Record<IdentityField, string>>,
): Record<IdentityField, string> {
  return Object.fromEntries(identityFields.map((name) => [name, answers[name] ?? ''])) as Record<
    IdentityField,
    string
  >;
}
