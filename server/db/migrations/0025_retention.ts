import type { Kysely } from 'kysely';
import { createIndexes } from './indexes';

// Issue 31, retention (docs/retention.md):
// - app_user.last_sign_in_at: the person's last sign-in, one of the « contacts from the person »
//   that start the 3 years after which a prospect is anonymised (src/domain/retention.ts).
// - retention_run: the log of the retention passes: when, dry run or real, who launched it
//   (null: the nightly pass), what was touched as counts and records by id and kind (JSON),
//   never a person's name.
// - the indexes the pass's « last contact » reads by: a person's own actions in the audit trail,
//   and the questionnaires and contact messages sent with an e-mail.
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
  await createIndexes(db, [
    ['audit_log_actor', 'audit_log', ['actor_id', 'at']],
    ['owner_contact_email', 'owner_contact', ['email', 'created_at']],
    ['contact_message_email', 'contact_message', ['email', 'created_at']],
  ]);
}

export async function down(db: Kysely<unknown>) {
  for (const name of ['contact_message_email', 'owner_contact_email', 'audit_log_actor'])
    await db.schema.dropIndex(name).execute();
  await db.schema.dropTable('retention_run').execute();
  await db.schema.alterTable('app_user').dropColumn('last_sign_in_at').execute();
}
