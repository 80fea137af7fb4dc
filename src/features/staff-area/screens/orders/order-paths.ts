import { STAFF_BASE } from '../../staff-paths';

/** The staff « Commandes » (issue 32): the list and an order's fiche. */
export const staffOrdersPaths = {
  orders: `${STAFF_BASE}/commandes`,
  order: (id: string) => `${STAFF_BASE}/commandes/${encodeURIComponent(id)}`,
};
