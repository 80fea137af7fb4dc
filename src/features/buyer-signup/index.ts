import { lazyPage } from '../../lib/lazy-page';
import { loadBuyerWizard } from './load-wizard';

/**
 * The buyer signup wizard (spec 2.6, issue 5): the intro in its own chunk (with Dexie, for the
 * draft), the questions in another (with zod), loaded on 'C’est parti !'. Neither is in the entry.
 */
export const buyerSignupPages = {
  BuyerSignupPage: lazyPage(() => import('./pages/buyer-signup-page')),
};

/** Starts loading the questions ahead. */
export const preloadBuyerWizard = () => loadBuyerWizard().catch(() => undefined);
