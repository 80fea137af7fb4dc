import type { Kysely } from 'kysely';
import { createIndexes } from './indexes';

// Issue 29: a mail may belong to a group (`stage:42`, the stage mails of project 42): the queue
// spaces the mails of a group (at most one an hour for a project's stage) and a newer mail of
// the group replaces one still waiting. The mail's "not before" time is its `next_attempt_at`,
// which the worker's claim already respects on SQLite and PostgreSQL. Nullable: mails outside
// any group (every mail before this migration) are untouched.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('mail_queue').addColumn('group_key', 'text').execute();
  await createIndexes(db, [['mail_queue_group', 'mail_queue', ['group_key', 'status']]]);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex('mail_queue_group').execute();
  await db.schema.alterTable('mail_queue').dropColumn('group_key').execute();
}
