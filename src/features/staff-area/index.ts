import { lazyPage } from '../../lib/lazy-page';

/** The back office (spec 2.1: /wh-dashboard, staff roles). Its full content comes in later issues. */
export const staffAreaPages = {
  StaffDashboardPage: lazyPage(() => import('./pages/staff-dashboard-page')),
};
