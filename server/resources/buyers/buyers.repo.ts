import { sql, type Kysely } from 'kysely';
import type { ProjectStage } from '../../../src/domain/project';
import { stageLabel } from '../../../src/domain/staff';
import { toUserView } from '../users/users.repo';
import { parseList, projectRowsOf, toProjectView } from './buyer-projects.repo';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type {
  BuyerFiche,
  BuyerRow,
  NoteView,
  StageMoveView,
} from '../../../src/domain/staff-views';
import { auditOf } from '../../staff/audit';
import { countOf, recordFilters, type Page } from '../../staff/paging';
import { inScope, type Scope } from '../../staff/policy';

/** Staff view of buyers (issue 15, docs/staff-area.md): one row per project. */
export type { BuyerFiche, BuyerRow, NoteView, StageMoveView };

export interface BuyerFilters {
  q?: string;
  stage?: ProjectStage;
  /** A hunter's id, or 'none' for the unassigned. */
  hunter?: string;
  department?: string;
  archived?: boolean;
  sort: 'created' | '-created' | 'name' | 'budget' | 'stage';
}

/** The projects matching the filters, on buyer_project alone (its trigger-kept copies). */
function filtered(db: Kysely<Database>, scope: Scope, f: BuyerFilters) {
  let q = db.selectFrom('buyer_project as p').where('p.client_archived', '=', f.archived ? 1 : 0);
  if (f.stage) q = q.where('p.stage', '=', f.stage);
  // Each word somewhere in the name, e-mail, phone or cities: « dupont vincennes ». A
  // department: per candidate row, a primary-key probe, cheaper than the department's id list.
  for (const condition of recordFilters(scope, f, {
    assignee: 'p.hunter_id',
    search: 'p.search_text',
    inDepartment: (code) =>
      sql<boolean>`exists (select 1 from buyer_project_department d where d.project_id = p.id and d.department = ${code})`,
  }))
    q = q.where(condition);
  return q;
}

export async function listBuyers(
  db: Db,
  scope: Scope,
  f: BuyerFilters,
  page: number,
  pageSize: number,
): Promise<Page<BuyerRow>> {
  const base = filtered(db, scope, f);
  // A search scans the rows once: the total comes with the page (count over the window).
  let ids = base.select(['p.id', sql<number>`count(*) over ()`.as('n')]);
  switch (f.sort) {
    case 'created':
      ids = ids.orderBy('p.created_at', 'asc').orderBy('p.id', 'asc');
      break;
    case 'name':
      ids = ids.orderBy('p.client_name').orderBy('p.id');
      break;
    case 'budget':
      ids = ids.orderBy('p.budget', 'desc').orderBy('p.id', 'desc');
      break;
    case 'stage':
      ids = ids.orderBy('p.stage_rank').orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
      break;
    default:
      ids = ids.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
  }
  // The page's ids first (indexes only), then their accounts: 25 joins, not 50,000.
  const pageRows = f.q
    ? await ids
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute()
    : await ids
        .clearSelect()
        .select(['p.id', sql<number>`0`.as('n')])
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
  const pageIds = pageRows.map((r) => r.id);
  // Without a search (or past the last page), a count on the indexes alone.
  const total = f.q && pageRows.length > 0 ? Number(pageRows[0]?.n ?? 0) : await countOf(base);
  return { items: await buyerRowsOf(db, pageIds), total, page, pageSize };
}

/** The list's rows of these projects, in the order of `ids`. */
export async function buyerRowsOf(db: Db, ids: readonly number[]): Promise<BuyerRow[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom('buyer_project as p')
    .innerJoin('app_user as u', 'u.id', 'p.user_id')
    .leftJoin('app_user as h', 'h.id', 'u.id_chasseur')
    .select([
      'p.id as projectId',
      'u.id as userId',
      'u.firstname',
      'u.lastname',
      'u.email',
      'u.phone',
      'p.stage',
      'p.version',
      'p.departments',
      'p.cities',
      'p.budget',
      'u.id_chasseur as hunterId',
      'h.firstname as hunterFirstname',
      'h.lastname as hunterLastname',
      'p.created_at as createdAt',
      'u.is_archived as isArchived',
      'u.deleted_at as deletedAt',
    ])
    .where('p.id', 'in', ids)
    .execute();
  const byId = new Map(found.map((r) => [r.projectId, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r
      ? [
          {
            projectId: r.projectId,
            userId: r.userId,
            firstname: r.firstname,
            lastname: r.lastname,
            email: r.email,
            phone: r.phone,
            stage: r.stage as ProjectStage,
            stageLabel: stageLabel(r.stage),
            version: r.version,
            departments: parseList<unknown>(r.departments).map(String),
            cities: parseList<unknown>(r.cities).map(String),
            budget: r.budget,
            hunterId: r.hunterId,
            hunterName: personName({ firstname: r.hunterFirstname, lastname: r.hunterLastname }),
            createdAt: r.createdAt,
            isArchived: r.isArchived === 1,
            isDeleted: r.deletedAt !== null,
          },
        ]
      : [];
  });
}

export const personName = (r: { firstname: string | null; lastname: string | null }) =>
  r.firstname ? `${r.firstname} ${r.lastname ?? ''}`.trim() : null;

/** A record's notes, newest first (the last 200). */
export async function notesOf(
  db: Db,
  recordType: 'buyer' | 'owner',
  recordId: string,
): Promise<NoteView[]> {
  const rows = await db
    .selectFrom('staff_note as n')
    .leftJoin('app_user as a', 'a.id', 'n.author_id')
    .select(['n.id', 'n.text', 'n.visible_to_client', 'n.created_at', 'a.firstname', 'a.lastname'])
    .where('n.record_type', '=', recordType)
    .where('n.record_id', '=', recordId)
    .orderBy('n.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    text: r.text,
    visibleToClient: r.visible_to_client === 1,
    authorName: personName(r),
    createdAt: r.created_at,
  }));
}

/** A client's fiche, or undefined when unknown, not a buyer, or outside the caller's scope. */
export async function buyerFiche(
  db: Db,
  scope: Scope,
  userId: string,
): Promise<BuyerFiche | undefined> {
  const row = await db
    .selectFrom('app_user')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row || !inScope(scope, row.id_chasseur)) return undefined;
  const user = toUserView(row);
  const projectRows = await projectRowsOf(db, userId);
  if (projectRows.length === 0 && scope.kind === 'hunter') return undefined;
  const hunterRow = row.id_chasseur
    ? await db
        .selectFrom('app_user')
        .select(['id', 'firstname', 'lastname', 'email', 'phone'])
        .where('id', '=', row.id_chasseur)
        .executeTakeFirst()
    : undefined;
  const projectIds = projectRows.map((p) => p.id);
  const moves =
    projectIds.length === 0
      ? []
      : await db
          .selectFrom('project_stage_move as m')
          .leftJoin('app_user as b', 'b.id', 'm.by_user_id')
          .select([
            'm.id',
            'm.project_id',
            'm.from_stage',
            'm.to_stage',
            'm.note',
            'm.at',
            'b.firstname',
            'b.lastname',
          ])
          .where('m.project_id', 'in', projectIds)
          .orderBy('m.id', 'desc')
          .limit(200)
          .execute();
  return {
    user,
    hunter: hunterRow
      ? {
          id: hunterRow.id,
          name: `${hunterRow.firstname} ${hunterRow.lastname}`,
          email: hunterRow.email,
          phone: hunterRow.phone,
        }
      : null,
    projects: projectRows.map((p) => ({ ...toProjectView(p), version: p.version })),
    moves: moves.map((m) => ({
      id: m.id,
      projectId: m.project_id,
      from: m.from_stage,
      fromLabel: stageLabel(m.from_stage),
      to: m.to_stage,
      toLabel: stageLabel(m.to_stage),
      byName: personName(m),
      note: m.note,
      at: m.at,
    })),
    notes: await notesOf(db, 'buyer', userId),
    audit: await auditOf(db, 'buyer', userId),
  };
}
