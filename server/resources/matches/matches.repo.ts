import { cityName } from '../../../src/domain/arrondissements';
import { fullName } from '../../../src/domain/person-name';
import type { Db } from '../../db/database';
import { audit } from '../../staff/audit';
import {
  matchLeadToProject,
  matchingBudgets,
  matchingPrices,
  rankMatches,
  type MatchLead,
  type MatchProject,
  type MatchReason,
  type MatchResult,
} from '../../../src/domain/matching';
import type { BienType } from '../../../src/domain/property';
import { proposalAnswers, type ProposalAnswer } from '../../../src/domain/api/matches';
import type { Scope } from '../../staff/policy';
import { parseList } from '../buyers/buyer-projects.repo';
import { addNotification } from '../routing/routing.repo';

/**
 * Rapprochement (issue 31): the SQL pre-filter (place and budget, index-backed) and then the
 * domain's score (src/domain/matching.ts), in both directions.
 */

/** Stages after which a buyer has bought: no longer matched. */
const BOUGHT_STAGES = ['ACT_SIGNED', 'WORKS', 'COMPLETED'];
/** Lead statuses no longer matched. */
const CLOSED_LEAD_STATUSES = ['sans_suite'];
/** How many matches a list shows at most. */
export const MATCH_LIST_LIMIT = 50;

export interface ProjectMatch {
  projectId: number;
  buyerId: string;
  hunterId: string | null;
  clientName: string;
  score: number;
  reasons: MatchReason[];
}

export interface LeadMatch {
  leadId: number;
  propertyId: number;
  assignedTo: string | null;
  city: string;
  price: number | null;
  score: number;
  reasons: MatchReason[];
}

const reasonsOf = (result: MatchResult): MatchReason[] => (result.matches ? result.reasons : []);

/** An owner property read as matching reads it. */
export function matchLeadOf(row: {
  department: string;
  city: string;
  type_bien: number;
  price: number | null;
  room_count: number;
  surface: number;
}): MatchLead {
  return {
    department: row.department,
    city: row.city,
    typeBien: row.type_bien as BienType,
    price: row.price,
    roomCount: row.room_count,
    surface: row.surface,
  };
}

function matchProjectOf(row: {
  departments: string;
  cities: string;
  type_bien: string;
  budget: number;
  room_count: number;
  surface: number;
}): MatchProject {
  return {
    departments: parseList(row.departments),
    cities: parseList(row.cities),
    typeBien: parseList(row.type_bien),
    budget: row.budget,
    roomCount: row.room_count,
    surface: row.surface,
  };
}

/**
 * The buyer projects an owner's property fits, best first: those searching its department with
 * a budget in the band (SQL, one range of buyer_project_department_match), then scored.
 * A hunter's scope keeps their own buyers only.
 */
export async function projectsMatchingLead(
  db: Db,
  lead: MatchLead,
  scope: Scope = { kind: 'all' },
  limit = MATCH_LIST_LIMIT,
): Promise<ProjectMatch[]> {
  let query = db
    .selectFrom('buyer_project_department as d')
    .innerJoin('buyer_project as p', 'p.id', 'd.project_id')
    .select([
      'p.id',
      'p.user_id',
      'p.hunter_id',
      'p.departments',
      'p.cities',
      'p.type_bien',
      'p.budget',
      'p.room_count',
      'p.surface',
    ])
    .where('d.department', '=', lead.department)
    .where('p.client_archived', '=', 0)
    .where('p.stage', 'not in', BOUGHT_STAGES);
  if (lead.price !== null) {
    // One range of the index (department, budget) of migration 0024.
    const { lowest, highest } = matchingBudgets(lead.price);
    query = query.where('d.budget', '>=', lowest).where('d.budget', '<=', highest);
  }
  if (scope.kind === 'hunter') query = query.where('p.hunter_id', '=', scope.hunterId);
  const rows = await query.execute();
  // Scores only for the thousands, then the reasons of the few kept.
  const best = rankMatches(rows, (row) =>
    matchLeadToProject(lead, matchProjectOf(row), false),
  ).slice(0, limit);
  // The names of the kept ones only: joining the accounts for every candidate doubles the time.
  const names = new Map<string, string>();
  if (best.length > 0) {
    const people = await db
      .selectFrom('app_user')
      .select(['id', 'firstname', 'lastname'])
      .where(
        'id',
        'in',
        best.map((m) => m.item.user_id),
      )
      .execute();
    for (const person of people) names.set(person.id, fullName(person));
  }
  return best.map(({ item, score }) => ({
    projectId: item.id,
    buyerId: item.user_id,
    hunterId: item.hunter_id,
    clientName: names.get(item.user_id) ?? '',
    score,
    reasons: reasonsOf(matchLeadToProject(lead, matchProjectOf(item))),
  }));
}

/**
 * The owner properties that fit a buyer's project, best first: those in its departments priced
 * within the tolerance of its budget or to be valued (SQL), then scored. undefined: no project.
 */
export async function leadsMatchingProject(
  db: Db,
  projectId: number,
  limit = MATCH_LIST_LIMIT,
): Promise<LeadMatch[] | undefined> {
  const projectRow = await db
    .selectFrom('buyer_project')
    .select(['departments', 'cities', 'type_bien', 'budget', 'room_count', 'surface'])
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!projectRow) return undefined;
  const project = matchProjectOf(projectRow);
  if (project.departments.length === 0) return [];
  const prices = matchingPrices(project.budget);
  const rows = await db
    .selectFrom('owner_property as o')
    .innerJoin('owner_contact as c', 'c.id', 'o.contact_id')
    .select([
      'o.id',
      'o.contact_id',
      'c.assigned_to',
      'o.department',
      'o.city',
      'o.type_bien',
      'o.price',
      'o.room_count',
      'o.surface',
    ])
    .where('o.department', 'in', project.departments)
    .where((eb) =>
      eb.or([
        eb('o.price', 'is', null),
        eb.and([eb('o.price', '>=', prices.lowest), eb('o.price', '<=', prices.highest)]),
      ]),
    )
    .where('c.lead_status', 'not in', CLOSED_LEAD_STATUSES)
    .execute();
  return rankMatches(rows, (row) => matchLeadToProject(matchLeadOf(row), project, false))
    .slice(0, limit)
    .map(({ item, score }) => ({
      leadId: item.contact_id,
      propertyId: item.id,
      assignedTo: item.assigned_to,
      city: item.city,
      price: item.price,
      score,
      reasons: reasonsOf(matchLeadToProject(matchLeadOf(item), project)),
    }));
}

/** A buyer's hunter and newest project (undefined: no such client; projectId null: none yet). */
export async function buyerForMatches(
  db: Db,
  buyerId: string,
): Promise<{ hunterId: string | null; projectId: number | null } | undefined> {
  const buyer = await db
    .selectFrom('app_user')
    .select(['id_chasseur'])
    .where('id', '=', buyerId)
    .executeTakeFirst();
  if (!buyer) return undefined;
  const project = await db
    .selectFrom('buyer_project')
    .select('id')
    .where('user_id', '=', buyerId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return { hunterId: buyer.id_chasseur, projectId: project?.id ?? null };
}

/** An owner lead's hunter and its property as matching reads it (undefined: no such lead). */
export async function leadForMatches(
  db: Db,
  leadId: number,
): Promise<
  { assignedTo: string | null; lead: MatchLead | null; propertyId: number | null } | undefined
> {
  const contact = await db
    .selectFrom('owner_contact')
    .select('assigned_to')
    .where('id', '=', leadId)
    .executeTakeFirst();
  if (!contact) return undefined;
  const property = await db
    .selectFrom('owner_property')
    .select(['id', 'department', 'city', 'type_bien', 'price', 'room_count', 'surface'])
    .where('contact_id', '=', leadId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return {
    assignedTo: contact.assigned_to,
    lead: property ? matchLeadOf(property) : null,
    propertyId: property?.id ?? null,
  };
}

/** A stored answer as the contract reads it (anything else: none). */
const answerOf = (value: string | null): ProposalAnswer | null =>
  (proposalAnswers as readonly string[]).includes(value ?? '') ? (value as ProposalAnswer) : null;

/** A proposal as the fiches' lists say it: when, and the client's answer. */
export interface ProposalState {
  proposedAt: string;
  answer: ProposalAnswer | null;
}

/**
 * When each listed match was proposed (« Proposer au client ») and the client's answer: the
 * proposals of one project (by property) or of one property (by project). Absent: not proposed.
 */
export async function proposalStates(
  db: Db,
  of: { projectId: number } | { propertyId: number },
): Promise<Map<number, ProposalState>> {
  const byProject = 'projectId' in of;
  const rows = await db
    .selectFrom('match_proposal')
    .select(['project_id', 'property_id', 'proposed_at', 'answer'])
    .where(byProject ? 'project_id' : 'property_id', '=', byProject ? of.projectId : of.propertyId)
    .execute();
  return new Map(
    rows.map((r) => [
      byProject ? r.property_id : r.project_id,
      { proposedAt: r.proposed_at, answer: answerOf(r.answer) },
    ]),
  );
}

/**
 * « Proposer au client »: the lead's property shown to the buyer on their newest project, with
 * its audit row, once (a second call finds the first). undefined: no such lead or property, or
 * the buyer has no project.
 */
export async function proposeLead(
  db: Db,
  buyerId: string,
  leadId: number,
  actorId: string,
  at: string,
): Promise<{ proposalId: number; created: boolean } | undefined> {
  return db.transaction().execute(async (trx) => {
    const project = await trx
      .selectFrom('buyer_project')
      .select('id')
      .where('user_id', '=', buyerId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const property = await trx
      .selectFrom('owner_property')
      .select('id')
      .where('contact_id', '=', leadId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!project || !property) return undefined;
    const inserted = await trx
      .insertInto('match_proposal')
      .values({
        lead_id: leadId,
        property_id: property.id,
        project_id: project.id,
        buyer_id: buyerId,
        proposed_by: actorId,
        proposed_at: at,
      })
      .onConflict((oc) => oc.columns(['project_id', 'property_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      await audit(
        trx,
        {
          actorId,
          action: 'match-proposal',
          recordType: 'buyer',
          recordId: buyerId,
          after: { leadId, propertyId: property.id, projectId: project.id },
        },
        at,
      );
      return { proposalId: inserted.id, created: true };
    }
    const existing = await trx
      .selectFrom('match_proposal')
      .select('id')
      .where('project_id', '=', project.id)
      .where('property_id', '=', property.id)
      .executeTakeFirstOrThrow();
    return { proposalId: existing.id, created: false };
  });
}

/**
 * The properties proposed to a client, newest first (what the client area shows); `onlyId`:
 * that one proposal only.
 */
export async function proposalsOf(db: Db, buyerId: string, onlyId?: number) {
  let query = db
    .selectFrom('match_proposal as m')
    .innerJoin('owner_property as o', 'o.id', 'm.property_id')
    .select([
      'm.id',
      'o.city',
      'o.department',
      'o.type_bien',
      'o.price',
      'o.room_count',
      'o.surface',
      'm.proposed_at',
      'm.answer',
      'm.answered_at',
    ])
    .where('m.buyer_id', '=', buyerId);
  if (onlyId !== undefined) query = query.where('m.id', '=', onlyId);
  const rows = await query
    .orderBy('m.proposed_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(MATCH_LIST_LIMIT)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    city: cityName(r.city),
    department: r.department,
    typeBien: r.type_bien,
    price: r.price,
    roomCount: r.room_count,
    surface: r.surface,
    proposedAt: r.proposed_at,
    answer: answerOf(r.answer),
    answeredAt: r.answered_at,
  }));
}

/**
 * The client's answer to a property proposed to them (« Ça m’intéresse », « Pas pour moi »),
 * with its audit row on their record; the same answer again writes nothing. undefined: no such
 * proposal of theirs. Answers the proposal as it now is.
 */
export async function answerProposal(
  db: Db,
  buyerId: string,
  proposalId: number,
  answer: ProposalAnswer,
  at: string,
) {
  return db.transaction().execute(async (trx) => {
    const proposal = await trx
      .selectFrom('match_proposal')
      .select(['id', 'answer', 'lead_id', 'property_id', 'project_id'])
      .where('id', '=', proposalId)
      .where('buyer_id', '=', buyerId)
      .executeTakeFirst();
    if (!proposal) return undefined;
    if (proposal.answer !== answer) {
      await trx
        .updateTable('match_proposal')
        .set({ answer, answered_at: at })
        .where('id', '=', proposalId)
        .execute();
      await audit(
        trx,
        {
          actorId: buyerId,
          action: 'match-answer',
          recordType: 'buyer',
          recordId: buyerId,
          before: proposal.answer === null ? undefined : { answer: proposal.answer },
          after: { proposalId, leadId: proposal.lead_id, answer },
        },
        at,
      );
      // Their hunter hears of it in « Notifications » (no mail: an answer is not urgent).
      const project = await trx
        .selectFrom('buyer_project')
        .select('hunter_id')
        .where('id', '=', proposal.project_id)
        .executeTakeFirst();
      if (project?.hunter_id)
        await addNotification(trx, {
          userId: project.hunter_id,
          kind: 'proposal-answer',
          recordType: 'buyer',
          recordId: buyerId,
          text:
            answer === 'interesse'
              ? 'Le client est intéressé par un bien que vous lui avez proposé.'
              : 'Le client a écarté un bien que vous lui avez proposé.',
          at,
        });
    }
    const [view] = await proposalsOf(trx, buyerId, proposalId);
    return view;
  });
}
