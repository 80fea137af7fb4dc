import type { Kysely } from 'kysely';

// Issue 16, « Mes documents »: one row per buyer and kind (a new upload replaces the file).
// The file lives under DATA_DIR/documents with the random name `file_id`; the client's own
// file name is kept for display only.
export async function up(db: Kysely<unknown>) {
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
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('client_document').execute();
}
