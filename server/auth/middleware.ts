import type { Context, MiddlewareHandler } from 'hono';
import { roleCodeOf } from '../../src/domain/role-names';
import { hasAnyRole, type RoleCode } from '../../src/domain/roles';
import { apiError } from '../http/errors';
import type { TokenService, Session } from './tokens';
import { toUser, type UsersRepo } from '../resources/users/users.repo';
import type { User } from '../../src/domain/user.schema';

export interface AuthVariables {
  session: Session;
  user: User;
}
export type AuthEnv = { Variables: AuthVariables };

const UNAUTHENTICATED = 'Votre session a expiré ou n’est pas valide. Reconnectez-vous.';
const FORBIDDEN = 'Vous n’avez pas accès à cette ressource.';

/**
 * Every protected call: a bearer token whose signature, algorithm, expiry and revocation are
 * checked, for an account that still exists, is not archived and has not changed its password
 * since the token was issued (session version). Roles come from the database,
 * so a role taken away applies at once, whatever the token says.
 */
export function requireAuth(tokens: TokenService, users: UsersRepo): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const found = await authenticate(c, tokens, users);
    if (!found) return apiError(c, 401, UNAUTHENTICATED);
    c.set('session', found.session);
    c.set('user', found.user);
    await next();
  };
}

/**
 * The caller's account when the request carries a valid bearer token (the checks of
 * requireAuth), undefined otherwise: for routes open to everyone that remember a signed-in
 * caller (a shop order).
 */
export async function authenticate(
  c: Context,
  tokens: TokenService,
  users: UsersRepo,
): Promise<AuthVariables | undefined> {
  const header = c.req.header('Authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const session = match?.[1] ? await tokens.verify(match[1]) : undefined;
  if (!session) return undefined;
  const row = await users.findById(session.userId);
  if (!row || row.is_archived === 1 || row.session_version !== session.sessionVersion)
    return undefined;
  const user = toUser(row);
  return { session: { ...session, roles: user.roles }, user };
}

/** The caller must hold one of these roles (after requireAuth). */
export function requireRoles(allowed: readonly RoleCode[]): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (!hasAnyRole(c.get('session').roles, allowed)) return apiError(c, 403, FORBIDDEN);
    await next();
  };
}

/** /api/{role}/…: the {role} segment must name one of the caller's roles (after requireAuth). */
export function requireRoleParam(): MiddlewareHandler<AuthEnv> {
  return async (c: Context<AuthEnv>, next) => {
    const code = roleCodeOf(c.req.param('role') ?? '');
    if (code === undefined || !c.get('session').roles.includes(code))
      return apiError(c, 403, FORBIDDEN);
    await next();
  };
}
