/** Role levels (spec 3.5), as numeric codes carried in tokens. */
export const Role = {
  CLIENT: 1,
  CHASSEUR: 2,
  MANAGER: 3,
  DIRECTEUR: 4,
  ADMIN: 5,
} as const;

export type RoleCode = (typeof Role)[keyof typeof Role];

/** Roles allowed on /wh-dashboard (spec 6). */
export const STAFF_ROLES: readonly RoleCode[] = [
  Role.ADMIN,
  Role.CHASSEUR,
  Role.DIRECTEUR,
  Role.MANAGER,
];
/** Who sees and works every record of the staff area, and assigns hunters (issue 15). */
export const SUPERVISORS: readonly RoleCode[] = [Role.MANAGER, Role.DIRECTEUR, Role.ADMIN];
/** Roles allowed on /dashboard (spec 6). */
export const CLIENT_ROLES: readonly RoleCode[] = [Role.CLIENT];

/** Guard rule (spec 5, 6): the route's roles must intersect the user's roles. */
export function hasAnyRole(userRoles: readonly number[], allowed: readonly RoleCode[]): boolean {
  return userRoles.some((r) => (allowed as readonly number[]).includes(r));
}

/** Where 'Mon Espace' leads (spec 2.2): clients to /dashboard, everyone else to /wh-dashboard. */
export function homeOf(roles: readonly number[]): '/dashboard' | '/wh-dashboard' {
  return hasAnyRole(roles, STAFF_ROLES) ? '/wh-dashboard' : '/dashboard';
}
