// What the staff-list benchmarks share (server/bench/staff-lists.ts on the app in-process,
// server/bench/databases.ts over HTTP on SQLite and PostgreSQL): the data they fill a database
// with, the pages they ask, and how they sum up the times.
import { sql } from 'kysely';
import { projectStages } from '../../src/domain/project';
import { leadStatuses } from '../../src/domain/staff';
import { Role } from '../../src/domain/roles';
import { searchTextOf } from '../../src/domain/search';
import type { Db } from '../db/database';
import { dialectOf } from '../db/dialect';
import { projectSearchColumns } from '../resources/buyers/buyer-projects.repo';
import { userSearchColumns } from '../resources/users/users.repo';

/** 50,000 buyer projects and 20,000 owner leads unless BENCH_PROJECTS / BENCH_LEADS say. */
export const BENCH_PROJECTS = Number(process.env.BENCH_PROJECTS ?? 50_000);
export const BENCH_LEADS = Number(process.env.BENCH_LEADS ?? 20_000);

const departments = ['75', '92', '93', '94', '77', '78', '91', '95'];
const cities = ['Paris', 'Boulogne-Billancourt', 'Montreuil', 'Vincennes', 'Meaux', 'Versailles'];
const names = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand'];
const day = 86_400_000;

/** The i-th value of a list, going round. */
export const nth = <V>(list: readonly V[], i: number): V => list[i % list.length] as V;

/** Rows in batches of 500, one transaction per batch. */
async function inBatches<R>(
  count: number,
  make: (i: number) => R,
  insert: (rows: R[]) => Promise<unknown>,
) {
  for (let from = 0; from < count; from += 500) {
    const rows = Array.from({ length: Math.min(500, count - from) }, (_, k) => make(from + k));
    await insert(rows);
  }
}

/**
 * Fills a migrated database (SQLite or PostgreSQL) with `projects` buyers, each with a project
 * (and its departments), and `leads` owner contacts, each with one property; followed by their
 * hunter in turn from `hunters` (null: none), then `analyze` (PostgreSQL: `vacuum analyze`). The
 * same rows on both databases.
 */
export async function fillStaffLists(
  db: Db,
  hunters: readonly (string | null)[],
  { projects = BENCH_PROJECTS, leads = BENCH_LEADS }: { projects?: number; leads?: number } = {},
): Promise<void> {
  await inBatches(
    projects,
    (i) => ({
      i,
      id: `bench-user-${i}`,
      at: new Date(Date.now() - (i % 400) * day).toISOString(),
    }),
    (rows) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('app_user')
          .values(
            rows.map(({ i, id, at }) => {
              const person = {
                email: `acheteur${i}@exemple.fr`,
                lastname: nth(names, i),
                firstname: `Client${i}`,
                phone: `06 ${String(i)
                  .padStart(8, '0')
                  .replace(/(\d\d)(?=\d)/g, '$1 ')}`,
              };
              return {
                id,
                ...person,
                ...userSearchColumns(person),
                password_hash: 'x',
                address: '',
                roles: JSON.stringify([Role.CLIENT]),
                children_count: 0,
                is_archived: i % 20 === 0 ? 1 : 0,
                is_active: 1,
                id_chasseur: nth(hunters, i),
                created_at: at,
                updated_at: at,
              };
            }),
          )
          .execute();
        const inserted = await trx
          .insertInto('buyer_project')
          .values(
            rows.map(({ i, id, at }) => ({
              user_id: id,
              partner_code: null,
              person_count: 2,
              search_goal: 'Résidence principale',
              departments: JSON.stringify([nth(departments, i), nth(departments, i + 3)]),
              cities: JSON.stringify([nth(cities, i)]),
              type_bien: '[1]',
              type_achat: '[1]',
              surface: 3,
              room_count: 3,
              bedroom_count: 2,
              visit_count: 1,
              description: '',
              budget: 200_000 + (i % 50) * 20_000,
              apport: 2,
              with_bank: 1,
              with_courtier: null,
              stage: nth(projectStages, i).value,
              ...projectSearchColumns({
                cities: [nth(cities, i)],
                stage: nth(projectStages, i).value,
              }),
              created_at: at,
              updated_at: at,
            })),
          )
          .returning(['id', 'departments', 'budget'])
          .execute();
        await trx
          .insertInto('buyer_project_department')
          .values(
            inserted.flatMap((p) =>
              (JSON.parse(p.departments) as string[]).map((department) => ({
                project_id: p.id,
                department,
                budget: p.budget,
              })),
            ),
          )
          .execute();
      }),
  );
  await inBatches(
    leads,
    (i) => ({ i, at: new Date(Date.now() - (i % 300) * day).toISOString() }),
    (rows) =>
      db.transaction().execute(async (trx) => {
        const contacts = await trx
          .insertInto('owner_contact')
          .values(
            rows.map(({ i, at }, k) => ({
              lastname: nth(names, i),
              firstname: `Propriétaire${i}`,
              email: `proprietaire${i}@exemple.fr`,
              phone: '06 11 22 33 44',
              search_text: searchTextOf(
                nth(names, i),
                `Propriétaire${i}`,
                `proprietaire${i}@exemple.fr`,
                '06 11 22 33 44',
                nth(cities, k),
              ),
              bien_count: 1,
              created_at: at,
              lead_status: nth(leadStatuses, i).value,
              assigned_to: nth(hunters, i),
            })),
          )
          .returning(['id', 'created_at'])
          .execute();
        await trx
          .insertInto('owner_property')
          .values(
            contacts.map((c, k) => ({
              contact_id: c.id,
              property_type: 'Appartement',
              department: nth(departments, k),
              city: nth(cities, k),
              type_bien: 1,
              status: 'Libre',
              surface: 3,
              room_count: 3,
              bedroom_count: 2,
              visit_count: 0,
              price: k % 3 === 0 ? null : 400_000,
              with_three_last_assembly: 1,
              with_four_last_charges_statements: 1,
              with_last_property_tax: 1,
              with_maintenance_building: 0,
              with_pre_statement: 0,
              with_diagnostics: 1,
              description: '',
              disponible: 1,
              created_at: c.created_at,
            })),
          )
          .execute();
      }),
  );
  // Both databases plan from statistics: gathered once the rows are in. PostgreSQL also vacuums,
  // as its autovacuum soon would: it marks the pages all-visible, which lets a count or a page
  // of ids come from an index alone. A run measured before and after autovacuum would otherwise
  // compare two states of the same tables.
  await sql`${sql.raw(dialectOf(db) === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db);
}

/** Who asks a page: a supervisor (the demo admin) or a hunter (the demo chasseur). */
export type ListCaller = 'admin' | 'chasseur';

/** The staff pages measured, each with the caller asking it. */
export const staffListPages: readonly (readonly [ListCaller, string])[] = [
  ['admin', '/api/staff/buyers'],
  ['admin', '/api/staff/buyers?stage=RECHERCHE&department=92'],
  ['admin', '/api/staff/buyers?q=durand&sort=name'],
  ['admin', '/api/staff/buyers?hunter=none&sort=budget&page=40'],
  ['admin', '/api/staff/buyers?sort=stage&page=1000&pageSize=50'],
  ['chasseur', '/api/staff/buyers'],
  ['chasseur', '/api/staff/buyers?q=06%2000%2000'],
  ['admin', '/api/staff/today'],
  ['admin', '/api/staff/leads'],
  ['admin', '/api/staff/leads?status=contacte&department=75'],
  ['admin', '/api/staff/leads?q=martin&page=20'],
  ['chasseur', '/api/staff/leads'],
  ['admin', '/api/users?page=100'],
];

/** Times asked per page. */
export const RUNS_PER_PAGE = 40;

/** The median and the 95th percentile of some times (ms). */
export function medianAndP95(times: readonly number[]): { median: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const median = nth(sorted, Math.floor(sorted.length / 2));
  return { median, p95: sorted[Math.floor(sorted.length * 0.95)] ?? median };
}
