import type { Kysely } from 'kysely';
import { createIndexes } from './indexes';

// Issue 31: work the server does later by itself (the 24 h and 40 h reminders of a new lead or
// project), claimed by one worker at a time as the mail queue's rows are (server/jobs).
// - job: `kind` says which handler runs it, `payload` its JSON argument, `job_key` makes the
//   same job impossible to schedule twice (`reminder-24h:lead:42`), `due_at` (epoch ms) when it
//   may run, `status` pending → running → done (or failed after its attempts), `lease_until`
//   while running, so a stopped worker's job is taken over only once its lease has run out.
// - routing_setting: one row (id 1): how new owner leads and buyer projects find their hunter
//   (src/domain/api/routing.ts: 'manual', 'round-robin', 'claim'), who chose it and when.
// - hunter_availability: per hunter, « absent » (skipped by routing) and when routing last gave
//   them a record (round-robin takes the eligible hunter given one longest ago).
// - hunter_department: the departments a hunter covers.
// - staff_notification: what the staff area's notification list shows one person (reminders).
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('job')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('job_key', 'text', (c) => c.notNull().unique())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', 'integer', (c) => c.notNull())
    .addColumn('lease_until', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .execute();
  await db.schema
    .createTable('routing_setting')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('app_user.id'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('hunter_availability')
    .addColumn('hunter_id', 'text', (c) => c.primaryKey().references('app_user.id'))
    .addColumn('is_absent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_routed_at', 'text')
    .execute();
  await db.schema
    .createTable('hunter_department')
    .addColumn('hunter_id', 'text', (c) => c.notNull().references('app_user.id'))
    .addColumn('department', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('hunter_department_pk', ['hunter_id', 'department'])
    .execute();
  await db.schema
    .createTable('staff_notification')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await createIndexes(db, [
    ['job_due', 'job', ['status', 'due_at']],
    ['hunter_department_by_department', 'hunter_department', ['department']],
    ['staff_notification_user', 'staff_notification', ['user_id', 'created_at']],
  ]);
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    'staff_notification',
    'hunter_department',
    'hunter_availability',
    'routing_setting',
    'job',
  ])
    await db.schema.dropTable(table).execute();
}
