import { sql, type Kysely } from 'kysely';

// Issue 31, rapprochement: a new owner lead is compared with the buyer projects searching its
// department within a budget band (src/domain/matching.ts). The project's budget is copied onto
// its department rows (written with them, buyer-projects.repo `insertDepartments`) so that one
// index range (department, budget) is the whole pre-filter: 50,000 projects are narrowed to the
// few hundred worth scoring without reading the others.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('buyer_project_department')
    .addColumn('budget', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update buyer_project_department set budget = (select p.budget from buyer_project p where p.id = buyer_project_department.project_id)`.execute(
    db,
  );
  await db.schema
    .createIndex('buyer_project_department_match')
    .on('buyer_project_department')
    .columns(['department', 'budget', 'project_id'])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex('buyer_project_department_match').execute();
  await db.schema.alterTable('buyer_project_department').dropColumn('budget').execute();
}
