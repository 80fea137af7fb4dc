import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { hasAnyRole, type RoleCode } from '../domain/roles';
import { useSession } from '../features/auth';

/**
 * Route guard (spec 5, 6): the token's roles must meet the route's; otherwise, or without a
 * token, a silent redirect to '/'. A convenience only: the server enforces the same rules.
 */
export function Guard({ roles, children }: { roles: readonly RoleCode[]; children: ReactNode }) {
  const session = useSession();
  if (!session.token || !hasAnyRole(session.roles, roles)) return <Redirect to="/" replace />;
  return children;
}
