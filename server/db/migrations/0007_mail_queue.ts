import type { Kysely } from 'kysely';
import { createIndexes } from './indexes';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('mail_queue')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'integer', (c) => c.notNull())
    .addColumn('lease_until', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await createIndexes(db, [
    ['mail_queue_due', 'mail_queue', ['status', 'next_attempt_at']],
    ['mail_queue_recipient', 'mail_queue', ['recipient', 'created_at']],
  ]);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('mail_queue').execute();
}
