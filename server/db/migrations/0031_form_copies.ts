import type { Kysely } from 'kysely';

// Issue 33: « Continuer sur un autre appareil » (docs/form-copies.md). A copy of a long form's
// draft (its step and answers, never a password) under a random token of which only the SHA-256
// is kept. It lives 7 days from its creation; when the form is sent under its Idempotency-Key
// the answers are emptied and sent_at set (the other device is told), and the row goes at expiry.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('form_copy')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('form_copy_idempotency_key')
    .on('form_copy')
    .column('idempotency_key')
    .execute();
  await db.schema
    .createIndex('form_copy_expires_at')
    .on('form_copy')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('form_copy').execute();
}
