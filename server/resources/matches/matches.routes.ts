import { Hono } from 'hono';
import {
  BUYER_MATCHES_PATH,
  LEAD_MATCHES_PATH,
  type BuyerMatchesResponse,
  type LeadMatchesResponse,
} from '../../../src/domain/api/matches';
import { requireAuth, type AuthEnv } from '../../auth/middleware';
import { apiError } from '../../http/errors';
import type { StaffRouteDeps } from '../../staff/deps';
import { inScope, requireStaff, type StaffEnv } from '../../staff/policy';
import {
  buyerForMatches,
  leadForMatches,
  leadsMatchingProject,
  projectsMatchingLead,
} from './matches.repo';

const NOT_FOUND_BUYER = 'Ce client n’existe pas ou ne vous est pas attribué.';
const NOT_FOUND_LEAD = 'Ce contact n’existe pas ou ne vous est pas attribué.';
const under = (path: string) => path.replace(/^\/api/, '');

/**
 * Rapprochement (issue 31): the leads that fit a buyer, the buyers that fit a lead. A hunter
 * asks about their own records and sees their own buyers; supervisors all. Mounted on /api.
 */
export function matchesRoutes(deps: StaffRouteDeps): Hono<AuthEnv> {
  const { db } = deps;
  const app = new Hono<StaffEnv>();
  const staff = [requireAuth(deps.tokens, deps.users), requireStaff()] as const;

  app.get(under(BUYER_MATCHES_PATH), ...staff, async (c) => {
    const buyer = await buyerForMatches(db, c.req.param('buyerId') ?? '');
    if (!buyer || !inScope(c.get('scope'), buyer.hunterId))
      return apiError(c, 404, NOT_FOUND_BUYER);
    const matches =
      buyer.projectId === null ? [] : ((await leadsMatchingProject(db, buyer.projectId)) ?? []);
    return c.json({ projectId: buyer.projectId, matches } satisfies BuyerMatchesResponse);
  });

  app.get(under(LEAD_MATCHES_PATH), ...staff, async (c) => {
    const leadId = Number(c.req.param('leadId'));
    const found = Number.isSafeInteger(leadId) ? await leadForMatches(db, leadId) : undefined;
    if (!found || !inScope(c.get('scope'), found.assignedTo))
      return apiError(c, 404, NOT_FOUND_LEAD);
    const matches = found.lead ? await projectsMatchingLead(db, found.lead, c.get('scope')) : [];
    return c.json({ matches } satisfies LeadMatchesResponse);
  });

  return app as unknown as Hono<AuthEnv>;
}
