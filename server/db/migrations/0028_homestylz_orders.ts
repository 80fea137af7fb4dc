import type { Kysely } from 'kysely';
import { createIndexes } from './indexes';

// Issue 32: what a homestylz order needs after its payment.
// - orders: the human number (« HS-2026-0042 », given when the order is paid), the property's
//   address, surface, preferred slots and phone typed at checkout, the CGV version accepted and
//   when, when the client asked the service to start within the withdrawal period (L221-25),
//   when an unpaid checkout expires, the team's follow-up (decorator, appointment, planned →
//   done) and when it was cancelled or refunded.
// - order_number_counter: one row per year, the last number given; taken FOR UPDATE in the
//   paying transaction, so numbers have no gap and no double.
export async function up(db: Kysely<unknown>) {
  for (const [column, type] of [
    ['number', 'text'],
    ['address', 'text'],
    ['surface_m2', 'integer'],
    ['slots', 'text'],
    ['phone', 'text'],
    ['cgv_version', 'text'],
    ['cgv_accepted_at', 'text'],
    ['express_start_at', 'text'],
    ['expires_at', 'text'],
    ['fulfilment', 'text'],
    ['decorator_id', 'text'],
    ['appointment_start', 'text'],
    ['appointment_end', 'text'],
    ['cancelled_at', 'text'],
    ['refunded_at', 'text'],
  ] as const) {
    await db.schema.alterTable('orders').addColumn(column, type).execute();
  }
  await createIndexes(db, [
    ['orders_status_created', 'orders', ['status', 'created_at']],
    ['orders_expires', 'orders', ['expires_at']],
  ]);
  await db.schema.createIndex('orders_number').unique().on('orders').column('number').execute();
  await db.schema
    .createTable('order_number_counter')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last_value', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('order_number_counter').execute();
  await db.schema.dropIndex('orders_number').execute();
  await db.schema.dropIndex('orders_expires').execute();
  await db.schema.dropIndex('orders_status_created').execute();
  for (const column of [
    'refunded_at',
    'cancelled_at',
    'appointment_end',
    'appointment_start',
    'decorator_id',
    'fulfilment',
    'expires_at',
    'express_start_at',
    'cgv_accepted_at',
    'cgv_version',
    'phone',
    'slots',
    'surface_m2',
    'address',
    'number',
  ]) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
