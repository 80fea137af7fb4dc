import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// Staff lists at 50,000 projects (docs/staff-area.md, npm run bench:staff): what they filter,
// sort and search on is copied onto buyer_project by triggers, so a page reads one table
// through its indexes and joins the accounts of the 25 rows shown only. The triggers keep
// the copies right whatever code writes (since 0014_search_text).
export async function up(db: Kysely<unknown>) {
  for (const column of [
    sql`alter table buyer_project add column hunter_id text`,
    sql`alter table buyer_project add column client_archived integer not null default 0`,
    sql`alter table buyer_project add column client_name text not null default ''`,
    sql`alter table buyer_project add column search_text text not null default ''`,
    sql`alter table buyer_project add column stage_rank integer not null default 0`,
  ])
    await column.execute(db);
  // The copies were filled and kept by triggers calling a JavaScript function (search_fold)
  // and a CASE copy of the stage order when this shipped. 0014_search_text fills them and
  // creates SQL-only triggers in their place, so a new database no longer creates those here.
  for (const [name, columns] of [
    ['buyer_project_list_created', ['client_archived', 'created_at']],
    ['buyer_project_list_hunter', ['client_archived', 'hunter_id', 'created_at']],
    ['buyer_project_list_stage', ['client_archived', 'stage_rank', 'created_at desc']],
    ['buyer_project_list_name', ['client_archived', 'client_name']],
    ['buyer_project_list_budget', ['client_archived', 'budget']],
  ] as const)
    await db.schema
      .createIndex(name)
      .on('buyer_project')
      .columns([...columns])
      .execute();
}

export async function down(db: Kysely<unknown>) {
  // Only SQLite ever had them (see above).
  if (dialectOf(db) !== 'sqlite') return;
  for (const trigger of [
    'buyer_project_copy_insert',
    'buyer_project_copy_update',
    'app_user_copy_to_projects',
  ])
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
}
