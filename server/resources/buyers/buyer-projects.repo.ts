import type { Selectable, Transaction } from 'kysely';
import { cityName } from '../../../src/domain/arrondissements';
import type { BuyerProject } from '../../../src/domain/buyer-signup.schema';
import { projectStages, type ProjectStage } from '../../../src/domain/project';
import type { ProjectView } from '../../../src/domain/project-view';
import { searchTextOf } from '../../../src/domain/search';
import { stageRank } from '../../../src/domain/staff';
import type { Db } from '../../db/database';
import type { BuyerProjectTable, Database } from '../../db/schema';

/** Buyer projects (spec 3.3, 4.7): the SQL of the table buyer_project. */

/** A JSON list column read back; [] when it is not one. */
export function parseList<T>(json: string): T[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export function toProjectView(row: Selectable<BuyerProjectTable>): ProjectView {
  const stage = row.stage as ProjectStage;
  const project: ProjectView = {
    id: row.id,
    stage,
    stageLabel: projectStages.find((s) => s.value === stage)?.label ?? stage,
    partnerCode: row.partner_code,
    createdAt: row.created_at,
    personCount: row.person_count,
    searchGoal: row.search_goal as BuyerProject['searchGoal'],
    department: parseList(row.departments),
    cities: parseList(row.cities),
    typeBien: parseList(row.type_bien),
    typeAchat: parseList(row.type_achat),
    surface: row.surface,
    roomCount: row.room_count,
    bedroomCount: row.bedroom_count,
    visitCount: row.visit_count,
    description: row.description,
    budget: row.budget,
    apport: row.apport,
    withBank: row.with_bank === 1,
  };
  if (row.with_courtier !== null) project.withCourtier = row.with_courtier === 1;
  return project;
}

/**
 * What the staff lists search and sort a project by, written with the cities and the stage it
 * comes from (every write of `cities` or `stage` spreads these in; migration 0014).
 */
export function projectSearchColumns(p: { cities?: readonly string[]; stage?: string }): {
  cities_search?: string;
  stage_rank?: number;
} {
  return {
    ...(p.cities ? { cities_search: searchTextOf(...p.cities.map(cityName)) } : {}),
    ...(p.stage ? { stage_rank: stageRank(p.stage) } : {}),
  };
}

/** A new project at VALIDATION, in the transaction that creates its account (POST /api/register). */
export async function insertBuyerProject(
  trx: Transaction<Database>,
  userId: string,
  project: BuyerProject,
  partnerCode: string | undefined,
): Promise<void> {
  const now = new Date().toISOString();
  const saved = await trx
    .insertInto('buyer_project')
    .values({
      user_id: userId,
      partner_code: partnerCode ?? null,
      ...criteriaColumns(project),
      stage: 'VALIDATION',
      ...projectSearchColumns({ cities: project.cities, stage: 'VALIDATION' }),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertDepartments(trx, saved.id, project.department, project.budget);
}

/** A client's project rows, newest first (the last 20: a buyer has one or two). */
export function projectRowsOf(db: Db, userId: string) {
  return db
    .selectFrom('buyer_project')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
}

/** A person's projects, newest first. */
export async function projectsOf(db: Db, userId: string): Promise<ProjectView[]> {
  const rows = await db
    .selectFrom('buyer_project')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toProjectView);
}

/** The search's columns of buyer_project, from the wizard's answers (one mapping for all writes). */
function criteriaColumns(project: BuyerProject) {
  return {
    person_count: project.personCount,
    search_goal: project.searchGoal,
    departments: JSON.stringify(project.department),
    cities: JSON.stringify(project.cities),
    ...projectSearchColumns({ cities: project.cities }),
    type_bien: JSON.stringify(project.typeBien),
    type_achat: JSON.stringify(project.typeAchat),
    surface: project.surface,
    room_count: project.roomCount,
    bedroom_count: project.bedroomCount,
    visit_count: project.visitCount,
    description: project.description,
    budget: project.budget,
    apport: project.apport,
    with_bank: Number(project.withBank),
    with_courtier: project.withCourtier === undefined ? null : Number(project.withCourtier),
  };
}

/** The project's department rows, with its budget (the rapprochement's index, migration 0024). */
async function insertDepartments(
  trx: Transaction<Database>,
  projectId: number,
  list: string[],
  budget: number,
) {
  const departments = [...new Set(list)];
  if (departments.length > 0) {
    await trx
      .insertInto('buyer_project_department')
      .values(departments.map((department) => ({ project_id: projectId, department, budget })))
      .execute();
  }
}

/**
 * The client's edit of their search (POST /api/client/projects/:id/criteria): the new criteria
 * and the next version, only if the project is still at `version`; undefined otherwise (409).
 */
export async function updateProjectCriteria(
  trx: Transaction<Database>,
  projectId: number,
  version: number,
  criteria: BuyerProject,
  at: string,
): Promise<Selectable<BuyerProjectTable> | undefined> {
  const updated = await trx
    .updateTable('buyer_project')
    .set({ ...criteriaColumns(criteria), version: version + 1, updated_at: at })
    .where('id', '=', projectId)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
  if (!updated) return undefined;
  await trx.deleteFrom('buyer_project_department').where('project_id', '=', projectId).execute();
  await insertDepartments(trx, projectId, criteria.department, criteria.budget);
  return updated;
}
