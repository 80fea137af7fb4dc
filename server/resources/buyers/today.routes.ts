import { Hono } from 'hono';
import { requireAuth, type AuthEnv } from '../../auth/middleware';
import { apiError } from '../../http/errors';
import type { StaffRouteDeps } from '../../staff/deps';
import { actorOf, inScope, requireStaff, type StaffEnv } from '../../staff/policy';
import type { TodayView } from '../../../src/domain/staff-views';
import { buyerAccount } from './staff-buyers.repo';
import { markCriteriaSeen, todayView } from './today.repo';

const NOT_FOUND_BUYER = 'Ce client n’existe pas ou ne vous est pas attribué.';

/**
 * « Aujourd’hui » (issues 15 and 29, docs/staff-area.md): the day of the signed-in staff member,
 * and the « Vu » of a client's criteria edit. Mounted on /api.
 */
export function todayRoutes(deps: StaffRouteDeps): Hono<AuthEnv> {
  const { db, now } = deps;
  const app = new Hono<StaffEnv>();
  const staff = [requireAuth(deps.tokens, deps.users), requireStaff()] as const;

  app.get('/staff/today', ...staff, async (c) =>
    c.json((await todayView(db, actorOf(c), now())) satisfies TodayView),
  );

  app.post('/staff/buyers/:userId/criteria-seen', ...staff, async (c) => {
    const client = await buyerAccount(db, c.req.param('userId'));
    if (!client || !inScope(c.get('scope'), client.id_chasseur))
      return apiError(c, 404, NOT_FOUND_BUYER);
    await markCriteriaSeen(db, actorOf(c).id, client.id, new Date(now()).toISOString());
    return c.body(null, 204);
  });

  return app as unknown as Hono<AuthEnv>;
}
