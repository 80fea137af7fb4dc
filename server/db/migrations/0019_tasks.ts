import type { Kysely } from 'kysely';

// Issue 29: tasks on a buyer's file or an owner lead (« Aujourd’hui » lists the due ones).
// - staff_task: what to do (`text`), when (`due_at`, an ISO instant), on which record (a buyer's
//   account `buyer_id`, or a lead `lead_id`: one of the two, as `record_type` says), who wrote
//   it, who must do it (`assignee_id`, the record's hunter by default), and when it was done and
//   by whom (both null while open; undone, they go back to null).
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('staff_task')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('buyer_id', 'text', (c) => c.references('app_user.id'))
    .addColumn('lead_id', 'integer', (c) => c.references('owner_contact.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('app_user.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'text', (c) => c.references('app_user.id'))
    .addColumn('done_at', 'text')
    .addColumn('done_by', 'text', (c) => c.references('app_user.id'))
    .execute();
  // « Aujourd’hui »: the open tasks due before the end of the day, by assignee or for everyone.
  await db.schema
    .createIndex('staff_task_due')
    .on('staff_task')
    .columns(['done_at', 'due_at'])
    .execute();
  await db.schema
    .createIndex('staff_task_assignee')
    .on('staff_task')
    .columns(['assignee_id', 'done_at', 'due_at'])
    .execute();
  // A record's tasks (the fiche).
  await db.schema.createIndex('staff_task_buyer').on('staff_task').column('buyer_id').execute();
  await db.schema.createIndex('staff_task_lead').on('staff_task').column('lead_id').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('staff_task').execute();
}
