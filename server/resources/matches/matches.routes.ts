import { Hono } from 'hono';
import {
  BUYER_MATCHES_PATH,
  BUYER_PROPOSALS_PATH,
  CLIENT_PROPOSAL_ANSWER_PATH,
  CLIENT_PROPOSALS_PATH,
  LEAD_MATCHES_PATH,
  proposalAnswerSchema,
  proposalCreateSchema,
  type BuyerMatchesResponse,
  type ClientProposal,
  type ClientProposalsResponse,
  type LeadMatchesResponse,
  type ProposalCreated,
} from '../../../src/domain/api/matches';
import { Role } from '../../../src/domain/roles';
import { requireAuth, requireRoles, type AuthEnv } from '../../auth/middleware';
import { apiError, validationError } from '../../http/errors';
import type { StaffRouteDeps } from '../../staff/deps';
import { actorOf, inScope, requireStaff, type StaffEnv } from '../../staff/policy';
import {
  buyerForMatches,
  leadForMatches,
  leadsMatchingProject,
  projectsMatchingLead,
  answerProposal,
  proposalStates,
  proposalsOf,
  proposeLead,
} from './matches.repo';

const NOT_FOUND_BUYER = 'Ce client n’existe pas ou ne vous est pas attribué.';
const NOT_FOUND_LEAD = 'Ce contact n’existe pas ou ne vous est pas attribué.';
const NOTHING_TO_PROPOSE = 'Ce bien ou le projet de ce client n’existe pas.';
const NOT_PROPOSED = 'Ce bien ne vous a pas été proposé.';
const under = (path: string) => path.replace(/^\/api/, '');

/**
 * Rapprochement (issue 31): the leads that fit a buyer, the buyers that fit a lead. A hunter
 * asks about their own records and sees their own buyers; supervisors all. « Proposer au client »
 * shows a lead's property to the buyer, who reads it in the client area. Mounted on /api.
 */
export function matchesRoutes(deps: StaffRouteDeps): Hono<AuthEnv> {
  const { db } = deps;
  const app = new Hono<StaffEnv>();
  const staff = [requireAuth(deps.tokens, deps.users), requireStaff()] as const;

  app.get(under(BUYER_MATCHES_PATH), ...staff, async (c) => {
    const buyer = await buyerForMatches(db, c.req.param('buyerId') ?? '');
    if (!buyer || !inScope(c.get('scope'), buyer.hunterId))
      return apiError(c, 404, NOT_FOUND_BUYER);
    if (buyer.projectId === null)
      return c.json({ projectId: null, matches: [] } satisfies BuyerMatchesResponse);
    const found = (await leadsMatchingProject(db, buyer.projectId)) ?? [];
    const proposed = await proposalStates(db, { projectId: buyer.projectId });
    const matches = found.map((m) => ({
      ...m,
      proposedAt: proposed.get(m.propertyId)?.proposedAt ?? null,
      answer: proposed.get(m.propertyId)?.answer ?? null,
    }));
    return c.json({ projectId: buyer.projectId, matches } satisfies BuyerMatchesResponse);
  });

  app.get(under(LEAD_MATCHES_PATH), ...staff, async (c) => {
    const leadId = Number(c.req.param('leadId'));
    const found = Number.isSafeInteger(leadId) ? await leadForMatches(db, leadId) : undefined;
    if (!found || !inScope(c.get('scope'), found.assignedTo))
      return apiError(c, 404, NOT_FOUND_LEAD);
    if (!found.lead || found.propertyId === null)
      return c.json({ matches: [] } satisfies LeadMatchesResponse);
    const fit = await projectsMatchingLead(db, found.lead, c.get('scope'));
    const proposed = await proposalStates(db, { propertyId: found.propertyId });
    const matches = fit.map((m) => ({
      ...m,
      proposedAt: proposed.get(m.projectId)?.proposedAt ?? null,
      answer: proposed.get(m.projectId)?.answer ?? null,
    }));
    return c.json({ matches } satisfies LeadMatchesResponse);
  });

  // « Proposer au client »: proposing twice keeps one proposal (201, then 200).
  app.post(under(BUYER_PROPOSALS_PATH), ...staff, async (c) => {
    const buyerId = c.req.param('buyerId') ?? '';
    const buyer = await buyerForMatches(db, buyerId);
    if (!buyer || !inScope(c.get('scope'), buyer.hunterId))
      return apiError(c, 404, NOT_FOUND_BUYER);
    const parsed = proposalCreateSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return validationError(c, parsed.error);
    const at = new Date(deps.now()).toISOString();
    const made = await proposeLead(db, buyerId, parsed.data.leadId, actorOf(c).id, at);
    if (!made) return apiError(c, 404, NOTHING_TO_PROPOSE);
    return c.json(made satisfies ProposalCreated, made.created ? 201 : 200);
  });

  const client = [requireAuth(deps.tokens, deps.users), requireRoles([Role.CLIENT])] as const;
  app.get(under(CLIENT_PROPOSALS_PATH), ...client, async (c) => {
    const proposals = await proposalsOf(db, c.get('user')._id);
    return c.json({ proposals } satisfies ClientProposalsResponse);
  });

  // « Ça m’intéresse » / « Pas pour moi »: the client's answer, which they may change.
  app.put(under(CLIENT_PROPOSAL_ANSWER_PATH), ...client, async (c) => {
    const proposalId = Number(c.req.param('proposalId'));
    const parsed = proposalAnswerSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return validationError(c, parsed.error);
    const at = new Date(deps.now()).toISOString();
    const view = Number.isSafeInteger(proposalId)
      ? await answerProposal(db, c.get('user')._id, proposalId, parsed.data.answer, at)
      : undefined;
    if (!view) return apiError(c, 404, NOT_PROPOSED);
    return c.json(view satisfies ClientProposal);
  });

  return app as unknown as Hono<AuthEnv>;
}
