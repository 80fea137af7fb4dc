import { lazyPage } from '../../lib/lazy-page';

/**
 * The buyer signup wizard (spec 2.6, issue 5): the intro in its own chunk (with Dexie, for the
 * draft), the questions in another (with zod), loaded on 'C’est parti !'. Neither is in the entry.
 */
export const buyerSignupPages = {
  BuyerSignupPage: lazyPage(() => import('./pages/buyer-signup-page')),
};
