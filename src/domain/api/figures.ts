import type { StaffFigures } from '../staff-admin-views';

/**
 * « Chiffres » (issue 15): GET /api/staff/figures answers {@link StaffFigures} in the caller's
 * scope: the agency's for managers, directeurs and admins (there is no team model), their own
 * for a chasseur (server/staff/policy.ts `figuresScope`).
 */
export type { StaffFigures };

export const FIGURES_PATH = '/api/staff/figures';
