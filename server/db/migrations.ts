import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/**
 * Migrations live in code (not files read at run time) so the bundled server carries them.
 * Names sort in the order they run; never edit one that has shipped: add the next.
 */
const migrations: Record<string, Migration> = {
  '0001_contact_message': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('contact_message')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('created_at', 'text', (c) =>
          c.notNull().defaultTo(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
        )
        .addColumn('brand', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('ip_hash', 'text')
        .execute();
      await db.schema
        .createIndex('contact_message_created_at')
        .on('contact_message')
        .column('created_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('contact_message').execute();
    },
  },
  '0002_accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('app_user')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('lastname', 'text', (c) => c.notNull())
        .addColumn('firstname', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('roles', 'text', (c) => c.notNull())
        .addColumn('children_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_archived', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('id_chasseur', 'text', (c) => c.references('app_user.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('account_token')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('app_user.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'integer', (c) => c.notNull())
        .addColumn('used_at', 'integer')
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('account_token_user')
        .on('account_token')
        .columns(['user_id', 'kind'])
        .execute();
      await db.schema
        .createTable('revoked_token')
        .addColumn('jti', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('revoked_token').execute();
      await db.schema.dropTable('account_token').execute();
      await db.schema.dropTable('app_user').execute();
    },
  },
  '0003_owner_leads': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('owner_contact')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('lastname', 'text', (c) => c.notNull())
        .addColumn('firstname', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('bien_count', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      let table = db.schema
        .createTable('owner_property')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('contact_id', 'integer', (c) =>
          c.notNull().references('owner_contact.id').onDelete('cascade'),
        )
        .addColumn('property_type', 'text', (c) => c.notNull())
        .addColumn('department', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('type_bien', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('surface', 'integer', (c) => c.notNull())
        .addColumn('room_count', 'integer', (c) => c.notNull())
        .addColumn('bedroom_count', 'integer', (c) => c.notNull())
        .addColumn('visit_count', 'integer', (c) => c.notNull())
        .addColumn('price', 'integer');
      for (const flag of [
        'with_three_last_assembly',
        'with_four_last_charges_statements',
        'with_last_property_tax',
        'with_maintenance_building',
        'with_pre_statement',
        'with_diagnostics',
      ]) {
        table = table.addColumn(flag, 'integer', (c) => c.notNull().defaultTo(0));
      }
      await table
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('disponible', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('idempotency_key')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('body_hash', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('response', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_key_pk', ['scope', 'key'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('idempotency_key').execute();
      await db.schema.dropTable('owner_property').execute();
      await db.schema.dropTable('owner_contact').execute();
    },
  },
  '0004_buyer_projects': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('buyer_project')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('app_user.id').onDelete('cascade'),
        )
        .addColumn('partner_code', 'text')
        .addColumn('person_count', 'integer', (c) => c.notNull())
        .addColumn('search_goal', 'text', (c) => c.notNull())
        .addColumn('departments', 'text', (c) => c.notNull())
        .addColumn('cities', 'text', (c) => c.notNull())
        .addColumn('type_bien', 'text', (c) => c.notNull())
        .addColumn('type_achat', 'text', (c) => c.notNull())
        .addColumn('surface', 'integer', (c) => c.notNull())
        .addColumn('room_count', 'integer', (c) => c.notNull())
        .addColumn('bedroom_count', 'integer', (c) => c.notNull())
        .addColumn('visit_count', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('budget', 'integer', (c) => c.notNull())
        .addColumn('apport', 'integer', (c) => c.notNull())
        .addColumn('with_bank', 'integer', (c) => c.notNull())
        .addColumn('with_courtier', 'integer')
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('buyer_project_user')
        .on('buyer_project')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('buyer_project').execute();
    },
  },
  '0005_throttle': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('window_start', 'integer', (c) => c.notNull())
        .addColumn('blocked_until', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('throttle_expires_at')
        .on('throttle')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('throttle').execute();
    },
  },
  '0006_session_version': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('app_user')
        .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('app_user').dropColumn('session_version').execute();
    },
  },
  '0007_mail_queue': {
    async up(db: Kysely<unknown>) {
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
      await db.schema
        .createIndex('mail_queue_due')
        .on('mail_queue')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('mail_queue_recipient')
        .on('mail_queue')
        .columns(['recipient', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('mail_queue').execute();
    },
  },
  '0008_orders': {
    async up(db: Kysely<unknown>) {
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
      await db.schema
        .createIndex('orders_user')
        .on('orders')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('stripe_webhook_event')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text')
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('stripe_webhook_event').execute();
      await db.schema.dropTable('orders').execute();
    },
  },
  '0009_staff_area': {
    // Issue 15 (docs/staff-area.md): versions for concurrent edits, lead status and assignment,
    // stage moves, notes, the audit trail, and one index per list filter.
    async up(db: Kysely<unknown>) {
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
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'audit_log',
        'staff_note',
        'project_stage_move',
        'buyer_project_department',
      ])
        await db.schema.dropTable(table).execute();
    },
  },
  '0010_staff_lists': {
    // Staff lists at 50,000 projects (docs/staff-area.md, npm run bench:staff): what they filter,
    // sort and search on is copied onto buyer_project by triggers, so a page reads one table
    // through its indexes and joins the accounts of the 25 rows shown only. The triggers keep
    // the copies right whatever code writes (search_fold is registered in server/db/database.ts).
    async up(db: Kysely<unknown>) {
      for (const column of [
        sql`alter table buyer_project add column hunter_id text`,
        sql`alter table buyer_project add column client_archived integer not null default 0`,
        sql`alter table buyer_project add column client_name text not null default ''`,
        sql`alter table buyer_project add column search_text text not null default ''`,
        sql`alter table buyer_project add column stage_rank integer not null default 0`,
      ])
        await column.execute(db);
      const person = (u: string) =>
        `search_fold(${u}.lastname || ' ' || ${u}.firstname || ' ' || ${u}.firstname || ' ' || ${u}.lastname || ' ' || ${u}.email || ' ' || replace(${u}.phone, ' ', ''))`;
      const stageRank = `case new.stage when 'VALIDATION' then 0 when 'MANDAT' then 1 when 'RECHERCHE' then 2 when 'OFFRE_SENT' then 3 when 'COMPROMIS_SIGNED' then 4 when 'FUNDING' then 5 when 'ACT_SIGNED' then 6 when 'WORKS' then 7 when 'COMPLETED' then 8 else 99 end`;
      await sql
        .raw(
          `create trigger buyer_project_copy_insert after insert on buyer_project begin
            update buyer_project set
              hunter_id = u.id_chasseur,
              client_archived = u.is_archived,
              client_name = search_fold(u.lastname || ' ' || u.firstname),
              search_text = ${person('u')} || ' ' || search_fold(new.cities),
              stage_rank = ${stageRank}
            from app_user u where u.id = new.user_id and buyer_project.id = new.id;
          end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger buyer_project_copy_update after update of stage, cities on buyer_project begin
            update buyer_project set
              search_text = ${person('u')} || ' ' || search_fold(new.cities),
              stage_rank = ${stageRank}
            from app_user u where u.id = new.user_id and buyer_project.id = new.id;
          end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger app_user_copy_to_projects
            after update of firstname, lastname, email, phone, id_chasseur, is_archived on app_user begin
            update buyer_project set
              hunter_id = new.id_chasseur,
              client_archived = new.is_archived,
              client_name = search_fold(new.lastname || ' ' || new.firstname),
              search_text = ${person('new')} || ' ' || search_fold(cities)
            where user_id = new.id;
          end`,
        )
        .execute(db);
      // Existing rows: the insert trigger's work, once.
      await sql
        .raw(
          `update buyer_project set
            hunter_id = u.id_chasseur,
            client_archived = u.is_archived,
            client_name = search_fold(u.lastname || ' ' || u.firstname),
            search_text = ${person('u')} || ' ' || search_fold(buyer_project.cities),
            stage_rank = ${stageRank.replaceAll('new.', 'buyer_project.')}
          from app_user u where u.id = buyer_project.user_id`,
        )
        .execute(db);
      for (const [name, columns] of [
        ['buyer_project_list_created', ['client_archived', 'created_at']],
        ['buyer_project_list_hunter', ['client_archived', 'hunter_id', 'created_at']],
        ['buyer_project_list_stage', ['client_archived', 'stage_rank', 'created_at desc']],
        ['buyer_project_list_name', ['client_archived', 'client_name']],
        ['buyer_project_list_budget', ['client_archived', 'budget']],
      ] as const)
        await db.schema
          .createIndex(name)
          .on('buyer_project')
          .columns([...columns])
          .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const trigger of [
        'buyer_project_copy_insert',
        'buyer_project_copy_update',
        'app_user_copy_to_projects',
      ])
        await sql.raw(`drop trigger ${trigger}`).execute(db);
    },
  },
  '0011_account_deletion': {
    // Issue 16: « Supprimer mon compte » anonymises the account; the staff see it as deleted.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('app_user').addColumn('deleted_at', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('app_user').dropColumn('deleted_at').execute();
    },
  },
  '0012_client_documents': {
    // Issue 16, « Mes documents »: one row per buyer and kind (a new upload replaces the file).
    // The file lives under DATA_DIR/documents with the random name `file_id`; the client's own
    // file name is kept for display only.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('client_document')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('file_id', 'text', (c) => c.notNull().unique())
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('uploaded_at', 'text', (c) => c.notNull())
        .addColumn('reviewed_by', 'text')
        .addColumn('reviewed_at', 'text')
        .execute();
      await db.schema
        .createIndex('client_document_owner_kind')
        .on('client_document')
        .columns(['user_id', 'kind'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('client_document').execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
