import { lazyPage } from '../../lib/lazy-page';

/**
 * The homestylz shop (issue 14): the pack pages, the basket panel and the payment return. Only
 * this door ships with every page: the panel's open state and lazy pages (the panel's host,
 * ./shop-host.tsx, comes with the page's other hosts, src/app/client-hosts.tsx). Dexie, the basket rules and the payment call load with the panel or a pack page.
 */
export { openBasket } from './basket-panel.state';

export const shopPages = {
  PackPage: lazyPage(() => import('./pages/pack-page')),
  CheckoutPage: lazyPage(() => import('./pages/checkout-page')),
};
