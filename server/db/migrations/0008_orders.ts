import type { Kysely } from 'kysely';
import { createIndexes } from './indexes';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('email', 'text')
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('success_url', 'text', (c) => c.notNull())
    .addColumn('cancel_url', 'text', (c) => c.notNull())
    .addColumn('stripe_session_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .execute();
  await createIndexes(db, [['orders_user', 'orders', ['user_id', 'created_at']]]);
  await db.schema
    .createTable('stripe_webhook_event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('stripe_webhook_event').execute();
  await db.schema.dropTable('orders').execute();
}
