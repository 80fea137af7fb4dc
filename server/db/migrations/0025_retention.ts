import type { Kysely } from 'kysely';

// Issue 31, retention (docs/retention.md):
// - app_user.last_sign_in_at: the person's last sign-in, one of the « contacts from the person »
//   that start the 3 years after which a prospect is anonymised (src/domain/retention.ts).
// - retention_run: the log of the retention passes: when, dry run or real, who launched it
//   (null: the nightly pass), what was touched as counts and records by id and kind (JSON),
//   never a person's name.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('app_user').addColumn('last_sign_in_at', 'text').execute();
  await db.schema
    .createTable('retention_run')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .addColumn('dry_run', 'integer', (c) => c.notNull())
    // No reference: the admin's account may be deleted, the log stays.
    .addColumn('launched_by', 'text')
    .addColumn('counts', 'text', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('retention_run_started')
    .on('retention_run')
    .columns(['started_at'])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('retention_run').execute();
  await db.schema.alterTable('app_user').dropColumn('last_sign_in_at').execute();
}
