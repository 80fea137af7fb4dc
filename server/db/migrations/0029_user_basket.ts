import type { Kysely } from 'kysely';

// Issue 32: the basket of a signed-in person, the same on each of their devices (docs/shop.md,
// « Le panier sur plusieurs appareils »). One row per account: its lines as JSON
// ([{ productId, quantity }], checked against the catalogue on every write), a version raised by
// each write, and the keys of the last merges made at sign-in (a retried merge is not added
// twice). Goes with the account (cascade) and is emptied when a client's account is erased.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('user_basket')
    .addColumn('user_id', 'text', (c) =>
      c.primaryKey().references('app_user.id').onDelete('cascade'),
    )
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('merge_keys', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('user_basket').execute();
}
