import type { TodayExtras, TodayMessages } from '../../../src/domain/api/today';
import { parisDay, parisDayBounds } from '../../../src/domain/paris-time';
import { callbackDeadline } from '../../../src/domain/staff';
import type { TodayView } from '../../../src/domain/staff-views';
import type { Db } from '../../db/database';
import { audit } from '../../staff/audit';
import { isSupervisor, workScope, type Actor, type Scope } from '../../staff/policy';
import { unreadMessagesForStaff } from '../messages/messages.repo';
import { todayTasks } from '../tasks/tasks.repo';
import { visitsBetween } from '../visits/visits.repo';
import { buyerRowsOf, personName } from './buyers.repo';

/** « Aujourd’hui » (issue 15): what waits for its first call, oldest first, at most this many. */
export const TODAY_LIMIT = 100;

/** 'unassigned': those nobody works come first (supervisors); 'any': by age only. */
type Order = 'unassigned' | 'any';

/**
 * Ids in the wanted order, read on the indexes: the unassigned ones first when asked, then the
 * others, each group oldest first; at most `limit`.
 */
async function orderedIds(
  order: Order,
  limit: number,
  pick: (assigned: boolean | undefined, limit: number) => Promise<number[]>,
): Promise<number[]> {
  if (order === 'any') return pick(undefined, limit);
  const unassigned = await pick(false, limit);
  if (unassigned.length >= limit) return unassigned;
  return [...unassigned, ...(await pick(true, limit - unassigned.length))];
}

const byIds = <R extends { id: number }>(ids: number[], rows: R[]) => {
  const found = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => found.get(id) ?? []);
};

/** Buyer projects at VALIDATION of active clients. */
export async function todayProjects(db: Db, scope: Scope, order: Order, limit: number) {
  const ids = await orderedIds(order, limit, async (assigned, n) => {
    let q = db
      .selectFrom('buyer_project')
      .select('id')
      .where('client_archived', '=', 0)
      .where('stage', '=', 'VALIDATION');
    if (scope.kind === 'hunter') q = q.where('hunter_id', '=', scope.hunterId);
    if (assigned === false) q = q.where('hunter_id', 'is', null);
    if (assigned === true) q = q.where('hunter_id', 'is not', null);
    return (await q.orderBy('created_at').limit(n).execute()).map((r) => r.id);
  });
  return (await buyerRowsOf(db, ids)).map((r) => ({
    projectId: r.projectId,
    userId: r.userId,
    firstname: r.firstname,
    lastname: r.lastname,
    phone: r.phone,
    departments: r.departments,
    budget: r.budget,
    createdAt: r.createdAt,
    hunterId: r.hunterId,
    hunterName: r.hunterName,
  }));
}

/** Owner leads still 'nouveau'. */
export async function todayLeads(db: Db, scope: Scope, order: Order, limit: number) {
  const ids = await orderedIds(order, limit, async (assigned, n) => {
    let q = db.selectFrom('owner_contact').select('id').where('lead_status', '=', 'nouveau');
    if (scope.kind === 'hunter') q = q.where('assigned_to', '=', scope.hunterId);
    if (assigned === false) q = q.where('assigned_to', 'is', null);
    if (assigned === true) q = q.where('assigned_to', 'is not', null);
    return (await q.orderBy('created_at').limit(n).execute()).map((r) => r.id);
  });
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('owner_contact as o')
    .leftJoin('app_user as h', 'h.id', 'o.assigned_to')
    .select([
      'o.id',
      'o.firstname',
      'o.lastname',
      'o.phone',
      'o.created_at as createdAt',
      'o.assigned_to as hunterId',
      'h.firstname as hunterFirstname',
      'h.lastname as hunterLastname',
      (eb) =>
        eb
          .selectFrom('owner_property')
          .select('city')
          .whereRef('owner_property.contact_id', '=', 'o.id')
          .limit(1)
          .as('city'),
    ])
    .where('o.id', 'in', ids)
    .execute();
  return byIds(ids, rows).map(({ hunterFirstname, hunterLastname, ...r }) => ({
    ...r,
    hunterName: personName({ firstname: hunterFirstname, lastname: hunterLastname }),
  }));
}

/** How far back « Aujourd’hui » looks for a client's criteria edit not yet seen. */
export const CRITERIA_DAYS = 30;

/** The client's name and their hunter's, by the buyer's account id. */
async function buyersByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, BuyerNames>();
  const rows = await db
    .selectFrom('app_user as u')
    .leftJoin('app_user as h', 'h.id', 'u.id_chasseur')
    .select([
      'u.id',
      'u.firstname',
      'u.lastname',
      'u.id_chasseur as hunterId',
      'h.firstname as hunterFirstname',
      'h.lastname as hunterLastname',
    ])
    .where('u.id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        clientName: personName(r) ?? 'Client',
        hunterId: r.hunterId,
        hunterName: personName({ firstname: r.hunterFirstname, lastname: r.hunterLastname }),
      },
    ]),
  );
}

interface BuyerNames {
  clientName: string;
  hunterId: string | null;
  hunterName: string | null;
}

/**
 * Documents a client sent that wait for the staff's review (« Reçu »: to check), per client, the
 * one waiting longest first.
 */
export async function todayDocuments(db: Db, scope: Scope, limit = TODAY_LIMIT) {
  let q = db
    .selectFrom('client_document as d')
    .innerJoin('app_user as u', 'u.id', 'd.user_id')
    .select(['d.user_id as userId', 'd.kind', 'd.uploaded_at as uploadedAt'])
    .where('d.status', '=', 'recu')
    .where('u.deleted_at', 'is', null);
  if (scope.kind === 'hunter') q = q.where('u.id_chasseur', '=', scope.hunterId);
  const rows = await q
    .orderBy('d.uploaded_at')
    .orderBy('d.id')
    .limit(limit * 6)
    .execute();
  const byClient = new Map<string, { userId: string; kinds: string[]; since: string }>();
  for (const r of rows) {
    const seen = byClient.get(r.userId);
    if (seen) seen.kinds.push(r.kind);
    else byClient.set(r.userId, { userId: r.userId, kinds: [r.kind], since: r.uploadedAt });
  }
  const clients = [...byClient.values()].slice(0, limit);
  const names = await buyersByIds(
    db,
    clients.map((c) => c.userId),
  );
  return clients.flatMap((c) => {
    const who = names.get(c.userId);
    return who ? [{ ...c, ...who }] : [];
  });
}

/**
 * Clients who changed their search from their area in the last CRITERIA_DAYS days, since anyone
 * of the staff said they saw it (« Vu », an audit entry 'criteria-seen'): the latest edit per
 * client, the oldest first.
 */
export async function todayCriteria(db: Db, scope: Scope, at: number, limit = TODAY_LIMIT) {
  const since = new Date(at - CRITERIA_DAYS * 24 * 3_600_000).toISOString();
  let q = db
    .selectFrom('audit_log as a')
    .innerJoin('app_user as u', 'u.id', 'a.record_id')
    .select(['a.id', 'a.record_id as userId', 'a.after', 'a.at'])
    .where('a.action', '=', 'criteria')
    .where('a.record_type', '=', 'buyer')
    .where('a.at', '>=', since)
    .where('u.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('audit_log as s')
            .select('s.id')
            .where('s.action', '=', 'criteria-seen')
            .where('s.record_type', '=', 'buyer')
            .whereRef('s.record_id', '=', 'a.record_id')
            .whereRef('s.at', '>=', 'a.at'),
        ),
      ),
    );
  if (scope.kind === 'hunter') q = q.where('u.id_chasseur', '=', scope.hunterId);
  const rows = await q
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit * 5)
    .execute();
  const latest = new Map<string, { userId: string; projectId: number | null; at: string }>();
  for (const r of rows) {
    if (latest.has(r.userId)) continue;
    let projectId: number | null = null;
    try {
      const after = JSON.parse(r.after ?? 'null') as { id?: unknown } | null;
      if (typeof after?.id === 'number') projectId = after.id;
    } catch {
      // A trail entry emptied (account deletion): no project to point at.
    }
    latest.set(r.userId, { userId: r.userId, projectId, at: r.at });
  }
  const edits = [...latest.values()].reverse().slice(0, limit);
  const names = await buyersByIds(
    db,
    edits.map((e) => e.userId),
  );
  return edits.flatMap((e) => {
    const who = names.get(e.userId);
    return who ? [{ ...e, ...who }] : [];
  });
}

/** The hunters of these buyers' accounts (for the manager's « whose »). */
export async function huntersOfBuyers(db: Db, ids: string[]) {
  return buyersByIds(db, [...new Set(ids)]);
}

/** « Vu »: the staff member saw the client's criteria edits up to now (an audit entry). */
export async function markCriteriaSeen(db: Db, actorId: string, userId: string, at: string) {
  await db
    .transaction()
    .execute((trx) =>
      audit(trx, { actorId, action: 'criteria-seen', recordType: 'buyer', recordId: userId }, at),
    );
}

/** The clients' unread messages, each with whose client it is (the manager's view of the team). */
async function todayMessages(db: Db, actor: Actor): Promise<TodayMessages[]> {
  const unread = await unreadMessagesForStaff(db, actor);
  const hunters = await huntersOfBuyers(
    db,
    unread.map((m) => m.clientId),
  );
  return unread.map((m) => {
    const who = hunters.get(m.clientId);
    return { ...m, hunterId: who?.hunterId ?? null, hunterName: who?.hunterName ?? null };
  });
}

/**
 * « Aujourd’hui » at the instant `at` for `actor` (issue 29): the callbacks (48-hour deadline),
 * the visits and the tasks of the Paris day (tasks overdue included), the documents to check,
 * the criteria edits not yet seen, the unread messages. A hunter's own records; supervisors the
 * team's, the unassigned callbacks first.
 */
export async function todayView(
  db: Db,
  actor: Actor,
  at: number,
): Promise<TodayView & Required<TodayExtras>> {
  const scope = workScope(actor);
  if (!scope) throw new Error('« Aujourd’hui » is for the staff.');
  // Supervisors see the unassigned first: nobody else will call them.
  const first = isSupervisor(actor) ? 'unassigned' : 'any';
  const day = parisDayBounds(parisDay(new Date(at).toISOString()));
  const [projects, leads, visits, tasks, documents, criteria, messages] = await Promise.all([
    todayProjects(db, scope, first, TODAY_LIMIT),
    todayLeads(db, scope, first, TODAY_LIMIT),
    visitsBetween(db, scope, day.from, day.to),
    todayTasks(db, scope, day.to),
    todayDocuments(db, scope),
    todayCriteria(db, scope, at),
    todayMessages(db, actor),
  ]);
  const withDeadline = <R extends { createdAt: string }>(r: R) => {
    const due = callbackDeadline(r.createdAt);
    return { ...r, deadline: due.toISOString(), overdue: due.getTime() < at };
  };
  return {
    projects: projects.map(withDeadline),
    leads: leads.map(withDeadline),
    visits,
    tasks,
    documents,
    criteria,
    messages,
  };
}
