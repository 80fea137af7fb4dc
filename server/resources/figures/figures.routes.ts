import { Hono } from 'hono';
import type { StaffFigures } from '../../../src/domain/api/figures';
import { requireAuth, type AuthEnv } from '../../auth/middleware';
import type { StaffRouteDeps } from '../../staff/deps';
import { actorOf, figuresScope, FORBIDDEN } from '../../staff/policy';
import { apiError } from '../../http/errors';
import { staffFigures } from './figures.repo';

/**
 * « Chiffres » (issue 15): plain figures computed by the server, in the caller's scope
 * (server/staff/policy.ts: a chasseur their own, managers, directeurs and admins the agency's).
 */
export function staffFiguresRoutes(deps: StaffRouteDeps): Hono<AuthEnv> {
  const { db, now } = deps;
  const app = new Hono<AuthEnv>();

  app.get('/staff/figures', requireAuth(deps.tokens, deps.users), async (c) => {
    const scope = figuresScope(actorOf(c));
    if (!scope) return apiError(c, 403, FORBIDDEN);
    return c.json((await staffFigures(db, scope, new Date(now()))) satisfies StaffFigures);
  });

  return app;
}
