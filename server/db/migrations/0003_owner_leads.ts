import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
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
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('idempotency_key').execute();
  await db.schema.dropTable('owner_property').execute();
  await db.schema.dropTable('owner_contact').execute();
}
