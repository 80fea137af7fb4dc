import { z } from 'zod';

/**
 * Rapprochement (issue 31): on the fiche acquéreur, the owner leads that fit the buyer's project;
 * on the owner lead, the buyers that fit; best first, each with its reasons in French
 * (src/domain/matching.ts). A hunter sees their own records only. Written once, for
 * server/resources/matches and the staff screens.
 */

/** GET: the owner leads that fit a buyer's newest project. */
export const BUYER_MATCHES_PATH = '/api/staff/buyers/:buyerId/matches';
export const buyerMatchesPath = (buyerId: string) =>
  BUYER_MATCHES_PATH.replace(':buyerId', encodeURIComponent(buyerId));
/** GET: the buyer projects an owner lead fits. */
export const LEAD_MATCHES_PATH = '/api/staff/leads/:leadId/matches';
export const leadMatchesPath = (leadId: number) =>
  LEAD_MATCHES_PATH.replace(':leadId', String(leadId));

export const matchReasonSchema = z.object({
  kind: z.enum(['place', 'type', 'budget', 'rooms', 'surface', 'floor', 'works']),
  text: z.string(),
  points: z.number(),
});

/** The client's answer to a proposed property, as for a visit report (src/domain/api/visits.ts). */
export const proposalAnswers = ['interesse', 'pas_pour_moi'] as const;
export type ProposalAnswer = (typeof proposalAnswers)[number];
export const proposalAnswerLabels: Record<ProposalAnswer, string> = {
  interesse: 'Ça m’intéresse',
  pas_pour_moi: 'Pas pour moi',
};
const answerField = z.enum(proposalAnswers).nullable();

/** One owner lead that fits a buyer. */
export const leadMatchSchema = z.object({
  leadId: z.number().int(),
  propertyId: z.number().int(),
  assignedTo: z.string().nullable(),
  city: z.string(),
  price: z.number().nullable(),
  score: z.number(),
  reasons: z.array(matchReasonSchema),
  /** When it was proposed to this buyer (« Proposer au client »); null: not yet. */
  proposedAt: z.string().nullable(),
  /** The client's answer to the proposal; null: none (yet). */
  answer: answerField,
});
export type LeadMatchView = z.infer<typeof leadMatchSchema>;

export const buyerMatchesResponseSchema = z.object({
  /** The project compared (null: the buyer has none). */
  projectId: z.number().int().nullable(),
  matches: z.array(leadMatchSchema),
});
export type BuyerMatchesResponse = z.infer<typeof buyerMatchesResponseSchema>;

/** One buyer project an owner lead fits. */
export const projectMatchSchema = z.object({
  projectId: z.number().int(),
  buyerId: z.string(),
  hunterId: z.string().nullable(),
  clientName: z.string(),
  score: z.number(),
  reasons: z.array(matchReasonSchema),
  /** When this lead was proposed to this buyer (« Proposer au client »); null: not yet. */
  proposedAt: z.string().nullable(),
  /** The client's answer to the proposal; null: none (yet). */
  answer: answerField,
});
export type ProjectMatchView = z.infer<typeof projectMatchSchema>;

export const leadMatchesResponseSchema = z.object({
  matches: z.array(projectMatchSchema),
});
export type LeadMatchesResponse = z.infer<typeof leadMatchesResponseSchema>;

/**
 * POST (Idempotency-Key not needed: proposing twice keeps one proposal): « Proposer au client »,
 * an owner lead shown to the buyer in the client area. 201 the first time, 200 after.
 */
export const BUYER_PROPOSALS_PATH = '/api/staff/buyers/:buyerId/proposals';
export const buyerProposalsPath = (buyerId: string) =>
  BUYER_PROPOSALS_PATH.replace(':buyerId', encodeURIComponent(buyerId));
export const proposalCreateSchema = z.object({
  leadId: z.number({ error: 'Choisissez le bien à proposer.' }).int().positive(),
});
export type ProposalCreate = z.infer<typeof proposalCreateSchema>;
export const proposalCreatedSchema = z.object({
  proposalId: z.number().int(),
  created: z.boolean(),
});
export type ProposalCreated = z.infer<typeof proposalCreatedSchema>;

/** GET (client): the properties proposed to the signed-in client, newest first. */
export const CLIENT_PROPOSALS_PATH = '/api/client/proposals';
/** What the client sees of a proposed property: never the owner's identity. */
export const clientProposalSchema = z.object({
  id: z.number().int(),
  city: z.string(),
  department: z.string(),
  typeBien: z.number().int(),
  price: z.number().nullable(),
  roomCount: z.number().int(),
  surface: z.number().int(),
  proposedAt: z.string(),
  /** « Ça m’intéresse » or « Pas pour moi »; null until the client answers. */
  answer: answerField,
  answeredAt: z.string().nullable(),
});
export type ClientProposal = z.infer<typeof clientProposalSchema>;
export const clientProposalsResponseSchema = z.object({
  proposals: z.array(clientProposalSchema),
});
export type ClientProposalsResponse = z.infer<typeof clientProposalsResponseSchema>;

/**
 * PUT (client): their answer to a proposed property, « Ça m’intéresse » or « Pas pour moi »; they
 * may change it. The same answer again changes nothing. Answers the proposal as it now is.
 */
export const CLIENT_PROPOSAL_ANSWER_PATH = '/api/client/proposals/:proposalId/answer';
export const clientProposalAnswerPath = (proposalId: number) =>
  CLIENT_PROPOSAL_ANSWER_PATH.replace(':proposalId', String(proposalId));
export const proposalAnswerSchema = z.object({
  answer: z.enum(proposalAnswers, {
    error: 'Choisissez «\u00a0Ça m’intéresse\u00a0» ou «\u00a0Pas pour moi\u00a0».',
  }),
});
export type ProposalAnswerBody = z.infer<typeof proposalAnswerSchema>;
