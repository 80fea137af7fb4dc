import { sql, type Kysely } from 'kysely';

// Issue 15 (docs/staff-area.md): versions for concurrent edits, lead status and assignment,
// stage moves, notes, the audit trail, and one index per list filter.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('buyer_project')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('buyer_project_stage')
    .on('buyer_project')
    .columns(['stage', 'created_at'])
    .execute();
  await db.schema
    .createIndex('buyer_project_created')
    .on('buyer_project')
    .column('created_at')
    .execute();
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
  await db.schema
    .createIndex('buyer_project_department_by_code')
    .on('buyer_project_department')
    .columns(['department', 'project_id'])
    .execute();
  await sql`insert or ignore into buyer_project_department (project_id, department)
    select p.id, j.value from buyer_project p, json_each(p.departments) j`.execute(db);
  await db.schema
    .createIndex('app_user_chasseur')
    .on('app_user')
    .columns(['id_chasseur', 'created_at'])
    .execute();
  await db.schema.createIndex('app_user_created').on('app_user').column('created_at').execute();

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
  await db.schema
    .createIndex('owner_contact_status')
    .on('owner_contact')
    .columns(['lead_status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('owner_contact_assigned')
    .on('owner_contact')
    .columns(['assigned_to', 'created_at'])
    .execute();
  await db.schema
    .createIndex('owner_contact_created')
    .on('owner_contact')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('owner_property_contact')
    .on('owner_property')
    .column('contact_id')
    .execute();

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
  await db.schema
    .createIndex('project_stage_move_project')
    .on('project_stage_move')
    .columns(['project_id', 'at'])
    .execute();

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
  await db.schema
    .createIndex('staff_note_record')
    .on('staff_note')
    .columns(['record_type', 'record_id', 'created_at'])
    .execute();

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
  await db.schema
    .createIndex('audit_log_record')
    .on('audit_log')
    .columns(['record_type', 'record_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of ['audit_log', 'staff_note', 'project_stage_move', 'buyer_project_department'])
    await db.schema.dropTable(table).execute();
}
