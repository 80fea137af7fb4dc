import type { Kysely } from 'kysely';
import { nowIsoDefault } from '../dialect';
import { createIndexes } from './indexes';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('contact_message')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIsoDefault(db)))
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('ip_hash', 'text')
    .execute();
  await createIndexes(db, [['contact_message_created_at', 'contact_message', ['created_at']]]);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('contact_message').execute();
}
