import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('buyer_project')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
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
  await db.schema.createIndex('buyer_project_user').on('buyer_project').column('user_id').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('buyer_project').execute();
}
