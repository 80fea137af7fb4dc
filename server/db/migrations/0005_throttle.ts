import type { Kysely } from 'kysely';
import { createIndexes } from './indexes';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'integer', (c) => c.notNull())
    .addColumn('blocked_until', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .execute();
  await createIndexes(db, [['throttle_expires_at', 'throttle', ['expires_at']]]);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('throttle').execute();
}
