import { lazyPage } from '../../lib/lazy-page';

/** The customer area (spec 2.1: /dashboard, client only). Its full content comes in later issues. */
export const clientAreaPages = {
  ClientDashboardPage: lazyPage(() => import('./pages/client-dashboard-page')),
};
