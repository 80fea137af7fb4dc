/**
 * Loads the wizard's questions (zod schemas, the steps). Declared here and imported by index.ts
 * so the dynamic import starts from the app's entry, like the owner questionnaire's.
 */
export const loadBuyerWizard = () => import('./components/buyer-wizard');
