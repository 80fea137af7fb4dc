// Benchmark of the staff lists (issue 15): 50,000 buyer projects and 20,000 owner leads in a
// SQLite file, then each list page asked 40 times through the real app (auth, policy, SQL,
// JSON), as a supervisor and as a hunter. Prints the median and p95 per page; exits 1 when a
// median reaches 50 ms. Not part of `npm test`: `npm run bench:staff`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { projectStages } from '../../src/domain/project';
import { leadStatuses } from '../../src/domain/staff';
import { Role } from '../../src/domain/roles';
import { searchTextOf } from '../../src/domain/search';
import { projectSearchColumns } from '../resources/buyers/buyer-projects.repo';
import { userSearchColumns } from '../resources/users/users.repo';
import { staffTestApp, type Caller } from '../staff/test-staff';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 50_000);
const LEADS = Number(process.env.BENCH_LEADS ?? 20_000);
const RUNS = 40;
const LIMIT_MS = 50;

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-staff-'));
const t = await staffTestApp({}, dir);
const departments = ['75', '92', '93', '94', '77', '78', '91', '95'];
const cities = ['Paris', 'Boulogne-Billancourt', 'Montreuil', 'Vincennes', 'Meaux', 'Versailles'];
const hunters = [t.ids.chasseur, t.ids.manager, null];
const names = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand'];
const day = 86_400_000;
/** The i-th value of a list, going round. */
const nth = <V>(list: readonly V[], i: number): V => list[i % list.length] as V;
const started = performance.now();

/** Rows in batches of 500, one transaction per batch. */
async function fill<R>(
  count: number,
  make: (i: number) => R,
  insert: (rows: R[]) => Promise<unknown>,
) {
  for (let from = 0; from < count; from += 500) {
    const rows = Array.from({ length: Math.min(500, count - from) }, (_, k) => make(from + k));
    await insert(rows);
  }
}

await fill(
  PROJECTS,
  (i) => ({ i, id: `bench-user-${i}`, at: new Date(Date.now() - (i % 400) * day).toISOString() }),
  (rows) =>
    t.db.transaction().execute(async (trx) => {
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
      const projects = await trx
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
        .returning(['id', 'departments'])
        .execute();
      await trx
        .insertInto('buyer_project_department')
        .values(
          projects.flatMap((p) =>
            (JSON.parse(p.departments) as string[]).map((department) => ({
              project_id: p.id,
              department,
            })),
          ),
        )
        .execute();
    }),
);
await fill(
  LEADS,
  (i) => ({ i, at: new Date(Date.now() - (i % 300) * day).toISOString() }),
  (rows) =>
    t.db.transaction().execute(async (trx) => {
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
await sql`analyze`.execute(t.db);
console.log(
  `${PROJECTS} projets et ${LEADS} contacts propriétaires créés en ${((performance.now() - started) / 1000).toFixed(1)} s.`,
);

const pages: [Caller, string][] = [
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

let failed = false;
console.log('\nmédiane   p95      page');
for (const [caller, url] of pages) {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const { status } = await t.call(caller, 'GET', url);
    times.push(performance.now() - start);
    if (status !== 200) {
      console.log(`  ${caller} ${url}: ${status}`);
      failed = true;
      break;
    }
  }
  times.sort((a, b) => a - b);
  const median = nth(times, Math.floor(times.length / 2));
  const p95 = times[Math.floor(times.length * 0.95)] ?? median;
  if (median >= LIMIT_MS) failed = true;
  console.log(
    `${median.toFixed(1).padStart(6)} ms ${p95.toFixed(1).padStart(6)} ms  ${caller.padEnd(9)}${url}`,
  );
}
await t.db.destroy();
rmSync(dir, { recursive: true, force: true });
if (failed) {
  console.error(`\nUne page dépasse ${LIMIT_MS} ms en médiane (ou ne répond pas 200).`);
  process.exit(1);
}
console.log(`\nToutes les pages sous ${LIMIT_MS} ms en médiane.`);
