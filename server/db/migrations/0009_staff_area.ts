import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';
import { createIndexes } from './indexes';

// Issue 15 (docs/staff-area.md): versions for concurrent edits, lead status and assignment,
// stage moves, notes, the audit trail, and one index per list filter.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('buyer_project')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await createIndexes(db, [
    ['buyer_project_stage', 'buyer_project', ['stage', 'created_at']],
    ['buyer_project_created', 'buyer_project', ['created_at']],
  ]);
  // Departments as rows, so that filtering by one uses an index (the JSON list stays the
  // record of what the wizard sent).
  await db.schema
    .createTable('buyer_project_department')
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('buyer_project.id').onDelete('cascade'),
    )
    .addColumn('department', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('buyer_project_department_pk', ['project_id', 'department'])
    .execute();
  await createIndexes(db, [
    ['buyer_project_department_by_code', 'buyer_project_department', ['department', 'project_id']],
  ]);
  if (dialectOf(db) === 'sqlite')
    await sql`insert or ignore into buyer_project_department (project_id, department)
      select p.id, j.value from buyer_project p, json_each(p.departments) j`.execute(db);
  else
    await sql`insert into buyer_project_department (project_id, department)
      select p.id, j.value from buyer_project p, json_array_elements_text(p.departments::json) j
      on conflict do nothing`.execute(db);
  await createIndexes(db, [
    ['app_user_chasseur', 'app_user', ['id_chasseur', 'created_at']],
    ['app_user_created', 'app_user', ['created_at']],
  ]);

  await db.schema
    .alterTable('owner_contact')
    .addColumn('lead_status', 'text', (c) => c.notNull().defaultTo('nouveau'))
    .execute();
  await db.schema
    .alterTable('owner_contact')
    .addColumn('assigned_to', 'text', (c) => c.references('app_user.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('owner_contact')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('owner_contact').addColumn('contacted_at', 'text').execute();
  await createIndexes(db, [
    ['owner_contact_status', 'owner_contact', ['lead_status', 'created_at']],
    ['owner_contact_assigned', 'owner_contact', ['assigned_to', 'created_at']],
    ['owner_contact_created', 'owner_contact', ['created_at']],
    ['owner_property_contact', 'owner_property', ['contact_id']],
  ]);

  await db.schema
    .createTable('project_stage_move')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('buyer_project.id').onDelete('cascade'),
    )
    .addColumn('from_stage', 'text', (c) => c.notNull())
    .addColumn('to_stage', 'text', (c) => c.notNull())
    .addColumn('by_user_id', 'text', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await createIndexes(db, [
    ['project_stage_move_project', 'project_stage_move', ['project_id', 'at']],
  ]);

  await db.schema
    .createTable('staff_note')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('visible_to_client', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await createIndexes(db, [
    ['staff_note_record', 'staff_note', ['record_type', 'record_id', 'created_at']],
  ]);

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('actor_id', 'text', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await createIndexes(db, [['audit_log_record', 'audit_log', ['record_type', 'record_id', 'at']]]);
}

export async function down(db: Kysely<unknown>) {
  for (const table of ['audit_log', 'staff_note', 'project_stage_move', 'buyer_project_department'])
    await db.schema.dropTable(table).execute();
}
