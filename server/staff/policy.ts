import type { Context, MiddlewareHandler } from 'hono';
import { hasAnyRole, Role, STAFF_ROLES, SUPERVISORS, type RoleCode } from '../../src/domain/roles';
import type { AuthEnv, AuthVariables } from '../auth/middleware';
import { apiError } from '../http/errors';

/**
 * Who does what in the staff area (issue 15's table, docs/staff-area.md). The server decides
 * here; the screens only hide what it would refuse.
 *
 * | | chasseur | manager | directeur | admin |
 * | buyers and projects seen         | assigned to them | all | all | all |
 * | owner leads seen                 | assigned to them | all | all | all |
 * | assign a hunter                  | —                | ✓   | ✓   | ✓   |
 * | move a stage, add a note         | own              | ✓   | ✓   | ✓   |
 * | figures                          | own              | all | all | all |
 * | users (admin paths)              | —                | —   | —   | ✓   |
 *
 * There is no team model (no table says which hunters a manager leads): a manager sees the
 * agency's figures, as directeurs and admins do.
 */
export interface Actor {
  id: string;
  roles: readonly RoleCode[];
}

/** 'all', or only the records assigned to this hunter. */
export type Scope = { kind: 'all' } | { kind: 'hunter'; hunterId: string };

export const isStaff = (actor: Actor) => hasAnyRole(actor.roles, STAFF_ROLES);
export const isSupervisor = (actor: Actor) => hasAnyRole(actor.roles, SUPERVISORS);
export const isAdmin = (actor: Actor) => actor.roles.includes(Role.ADMIN);

/** The buyers, projects and leads an actor may see and work; undefined: none (not staff). */
export function workScope(actor: Actor): Scope | undefined {
  if (isSupervisor(actor)) return { kind: 'all' };
  if (actor.roles.includes(Role.CHASSEUR)) return { kind: 'hunter', hunterId: actor.id };
  return undefined;
}

/** Whether a record assigned to `assignedTo` (null: nobody) is within the scope. */
export function inScope(scope: Scope, assignedTo: string | null): boolean {
  return scope.kind === 'all' || assignedTo === scope.hunterId;
}

/** Whose figures an actor sees: the agency's (supervisors), their own (chasseur). */
export function figuresScope(actor: Actor): Scope | undefined {
  return workScope(actor);
}

/** Routes behind requireStaff(): the caller's scope is there too. */
export type StaffEnv = { Variables: AuthVariables & { scope: Scope } };

export const actorOf = <E extends AuthEnv>(c: Context<E>): Actor => ({
  id: c.get('user')._id,
  roles: c.get('session').roles,
});

const FORBIDDEN = 'Vous n’avez pas accès à cette ressource.';

/** After requireAuth: staff only; the scope is then in c.get('scope'). */
export function requireStaff(): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    const scope = workScope(actorOf(c));
    if (!scope) return apiError(c, 403, FORBIDDEN);
    c.set('scope', scope);
    await next();
  };
}

/** After requireAuth: manager, directeur or admin. */
export function requireSupervisor(): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (!isSupervisor(actorOf(c))) return apiError(c, 403, FORBIDDEN);
    await next();
  };
}

export { FORBIDDEN };
