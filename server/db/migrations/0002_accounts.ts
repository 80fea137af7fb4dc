import type { Kysely } from 'kysely';
import { createIndexes } from './indexes';

export async function up(db: Kysely<unknown>) {
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
    .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('used_at', 'integer')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await createIndexes(db, [['account_token_user', 'account_token', ['user_id', 'kind']]]);
  await db.schema
    .createTable('revoked_token')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('revoked_token').execute();
  await db.schema.dropTable('account_token').execute();
  await db.schema.dropTable('app_user').execute();
}
