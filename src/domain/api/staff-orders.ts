/**
 * What the staff « Commandes » needs besides src/domain/api/orders.ts (issue 32): the people an
 * order can be given to. A decorator is any active staff account (chasseur, manager, directeur,
 * admin): homestylz has no role of its own, its decorators are given a staff account
 * (docs/shop.md, « Commandes »).
 */
export const STAFF_ORDER_DECORATORS_PATH = '/api/staff/order-decorators';

export interface OrderDecorator {
  id: string;
  name: string;
}

/** Default length of a decorator's visit, in minutes (the fiche's appointment form). */
export const DEFAULT_APPOINTMENT_MINUTES = 90;
