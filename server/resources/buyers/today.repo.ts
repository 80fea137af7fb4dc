import type { Db } from '../../db/database';
import { buyerRowsOf, personName } from './buyers.repo';
import type { Scope } from '../../staff/policy';

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
