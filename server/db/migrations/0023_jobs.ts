import type { Kysely } from 'kysely';
import { createIndexes } from './indexes';

// Issue 31: work the server does later by itself (the 24 h and 40 h reminders of a new lead or
// project), claimed by one worker at a time as the mail queue's rows are (server/jobs).
// - job: `kind` says which handler runs it, `payload` its JSON argument, `job_key` makes the
//   same job impossible to schedule twice (`reminder-24h:lead:42`), `due_at` (epoch ms) when it
//   may run, `status` pending → running → done (or failed after its attempts), `lease_until`
//   while running, so a stopped worker's job is taken over only once its lease has run out.
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
  await createIndexes(db, [['job_due', 'job', ['status', 'due_at']]]);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('job').execute();
}
