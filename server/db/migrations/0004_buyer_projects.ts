import type { Kysely } from 'kysely';
import { createIndexes } from './indexes';

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
  await createIndexes(db, [['buyer_project_user', 'buyer_project', ['user_id']]]);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('buyer_project').execute();
}
