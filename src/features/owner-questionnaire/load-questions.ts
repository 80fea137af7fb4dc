/**
 * Loads the questions (their zod schemas, the form library, the steps). Declared here and
 * imported by index.ts, so the dynamic import starts from the app's entry like the route chunks
 * do: the bundler then keeps the modules the entry already has in the entry, instead of splitting
 * them into extra small files that every page (the home page included) would download.
 */
export const loadOwnerQuestions = () => import('./components/owner-questions');
