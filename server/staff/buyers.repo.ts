import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { projectStages, type ProjectStage } from '../../src/domain/project';
import type { ProjectView } from '../../src/domain/project-view';
import { stageLabel } from '../../src/domain/staff';
import type { User } from '../../src/domain/user.schema';
import { toUser } from '../auth/users.repo';
import { toProjectView } from '../db/buyer-projects.repo';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { auditOf, type AuditView } from './audit';
import { likePattern, type Page } from './paging';
import { inScope, type Scope } from './policy';

/** Staff view of buyers (issue 15, docs/staff-area.md): one row per project. */

export interface BuyerFilters {
  q?: string;
  stage?: ProjectStage;
  /** A hunter's id, or 'none' for the unassigned. */
  hunter?: string;
  department?: string;
  archived?: boolean;
  sort: 'created' | '-created' | 'name' | 'budget' | 'stage';
}

export interface BuyerRow {
  projectId: number;
  userId: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  stage: ProjectStage;
  stageLabel: string;
  departments: string[];
  cities: string[];
  budget: number;
  hunterId: string | null;
  hunterName: string | null;
  createdAt: string;
  isArchived: boolean;
}

type Joined = SelectQueryBuilder<
  Database & { p: Database['buyer_project']; u: Database['app_user']; h: Database['app_user'] },
  'p' | 'u' | 'h',
  object
>;

function filtered(db: Kysely<Database>, scope: Scope, f: BuyerFilters): Joined {
  let q = db
    .selectFrom('buyer_project as p')
    .innerJoin('app_user as u', 'u.id', 'p.user_id')
    .leftJoin('app_user as h', 'h.id', 'u.id_chasseur') as unknown as Joined;
  if (scope.kind === 'hunter') q = q.where('u.id_chasseur', '=', scope.hunterId);
  else if (f.hunter === 'none') q = q.where('u.id_chasseur', 'is', null);
  else if (f.hunter) q = q.where('u.id_chasseur', '=', f.hunter);
  if (f.stage) q = q.where('p.stage', '=', f.stage);
  if (f.department) {
    const department = f.department;
    q = q.where('p.id', 'in', (eb) =>
      eb
        .selectFrom('buyer_project_department')
        .select('project_id')
        .where('department', '=', department),
    );
  }
  q = q.where('u.is_archived', '=', f.archived ? 1 : 0);
  if (f.q) {
    const like = likePattern(f.q.toLowerCase());
    const digits = likePattern(f.q.replace(/\s/g, ''));
    q = q.where(
      (eb) =>
        sql<boolean>`(lower(${eb.ref('u.lastname')} || ' ' || ${eb.ref('u.firstname')}) like ${like} escape '\\'
          or lower(${eb.ref('u.firstname')} || ' ' || ${eb.ref('u.lastname')}) like ${like} escape '\\'
          or ${eb.ref('u.email')} like ${like} escape '\\'
          or replace(${eb.ref('u.phone')}, ' ', '') like ${digits} escape '\\'
          or lower(${eb.ref('p.cities')}) like ${like} escape '\\')`,
    );
  }
  return q;
}

const stageOrder = sql<number>`case p.stage ${sql.join(
  projectStages.map((s, i) => sql`when ${s.value} then ${i}`),
  sql` `,
)} end`;

const parseList = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
};

export async function listBuyers(
  db: Db,
  scope: Scope,
  f: BuyerFilters,
  page: number,
  pageSize: number,
): Promise<Page<BuyerRow>> {
  const base = filtered(db, scope, f);
  const counted = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  let rows = base.select([
    'p.id as projectId',
    'u.id as userId',
    'u.firstname',
    'u.lastname',
    'u.email',
    'u.phone',
    'p.stage',
    'p.departments',
    'p.cities',
    'p.budget',
    'u.id_chasseur as hunterId',
    'h.firstname as hunterFirstname',
    'h.lastname as hunterLastname',
    'p.created_at as createdAt',
    'u.is_archived as isArchived',
  ]);
  switch (f.sort) {
    case 'created':
      rows = rows.orderBy('p.created_at', 'asc').orderBy('p.id', 'asc');
      break;
    case 'name':
      rows = rows.orderBy('u.lastname').orderBy('u.firstname').orderBy('p.id');
      break;
    case 'budget':
      rows = rows.orderBy('p.budget', 'desc').orderBy('p.id', 'desc');
      break;
    case 'stage':
      rows = rows.orderBy(stageOrder).orderBy('p.created_at', 'desc');
      break;
    default:
      rows = rows.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
  }
  const found = await rows
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    items: found.map((r) => ({
      projectId: r.projectId,
      userId: r.userId,
      firstname: r.firstname,
      lastname: r.lastname,
      email: r.email,
      phone: r.phone,
      stage: r.stage as ProjectStage,
      stageLabel: stageLabel(r.stage),
      departments: parseList(r.departments),
      cities: parseList(r.cities),
      budget: r.budget,
      hunterId: r.hunterId,
      hunterName: r.hunterFirstname
        ? `${r.hunterFirstname} ${r.hunterLastname ?? ''}`.trim()
        : null,
      createdAt: r.createdAt,
      isArchived: r.isArchived === 1,
    })),
    total: Number(counted.n),
    page,
    pageSize,
  };
}

export interface StageMoveView {
  id: number;
  projectId: number;
  from: string;
  fromLabel: string;
  to: string;
  toLabel: string;
  byName: string | null;
  note: string;
  at: string;
}

export interface NoteView {
  id: number;
  text: string;
  visibleToClient: boolean;
  authorName: string | null;
  createdAt: string;
}

export interface BuyerFiche {
  user: User;
  hunter: { id: string; name: string; email: string; phone: string } | null;
  projects: (ProjectView & { version: number })[];
  moves: StageMoveView[];
  notes: NoteView[];
  audit: AuditView[];
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
  const user = toUser(row);
  const projectRows = await db
    .selectFrom('buyer_project')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
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
