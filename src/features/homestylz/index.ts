import { lazyPage } from '../../lib/lazy-page';

/** Pages of the homestylz sub-brand, each in its own chunk. */
export const homestylzPages = {
  HomestylzHomePage: lazyPage(() => import('./pages/homestylz-home-page')),
  HomestylzServicesPage: lazyPage(() => import('./pages/homestylz-services-page')),
  HomestylzProPage: lazyPage(() => import('./pages/homestylz-pro-page')),
};
