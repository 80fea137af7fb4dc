import { sql, type Kysely } from 'kysely';

// Issue 26 (npm run bench:db): two list pages sorted in memory on PostgreSQL, one on both.
// - Buyers by stage: the index now ends with the id (also the order's last tie-break), so a
//   far page reads the index alone on PostgreSQL too (SQLite's indexes carry the row id anyway).
// - Accounts by name (/api/users): an index in the list's order, live accounts only.
export async function up(db: Kysely<unknown>) {
  await db.schema.dropIndex('buyer_project_list_stage').execute();
  await db.schema
    .createIndex('buyer_project_list_stage')
    .on('buyer_project')
    .columns(['client_archived', 'stage_rank', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('app_user_list_name')
    .on('app_user')
    .columns(['lastname', 'firstname', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex('app_user_list_name').execute();
  await db.schema.dropIndex('buyer_project_list_stage').execute();
  await db.schema
    .createIndex('buyer_project_list_stage')
    .on('buyer_project')
    .columns(['client_archived', 'stage_rank', 'created_at desc'])
    .execute();
}
