import type { ComponentType } from 'react';

/**
 * Every island (../lib/island.tsx) by name: what the browser loads to hydrate it on a prerendered
 * page. The prerender fails if a name does not lead back to the component the page used.
 * scripts/first-paint.mjs reads the import paths to preload each page's islands.
 */
export const islands = {
  header: () => import('./layout/header').then((m) => m.Header),
  'cookie-banner': () => import('../features/consent/cookie-banner').then((m) => m.CookieBanner),
  'cookie-settings': () =>
    import('../features/consent/cookie-settings-button').then((m) => m.CookieSettingsButton),
  'contact-form': () =>
    import('../features/public-site/components/contact-form').then((m) => m.ContactForm),
  'fee-simulator': () =>
    import('../features/public-site/components/fee-simulator').then((m) => m.FeeSimulator),
  'product-order': () =>
    import('../features/shop/components/product-order').then((m) => m.ProductOrder),
  'owner-questionnaire': () =>
    import('../features/owner-questionnaire/components/owner-questionnaire').then(
      (m) => m.OwnerQuestionnaire,
    ),
  'buyer-signup': () =>
    import('../features/buyer-signup/components/buyer-signup').then((m) => m.BuyerSignup),
} satisfies Record<string, () => Promise<ComponentType<never>>>;

export type IslandName = keyof typeof islands;
