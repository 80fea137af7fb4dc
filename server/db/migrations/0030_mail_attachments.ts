import type { Kysely } from 'kysely';

// Issue 32: a mail may carry files (the homestylz appointment's `.ics`). `attachments` is a JSON
// array of { filename, contentType, content } (content as text: calendar files are text), null
// for a mail without files (every mail before this migration). Blanked with the rest of a mail
// when its recipient's account is erased.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('mail_queue').addColumn('attachments', 'text').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('mail_queue').dropColumn('attachments').execute();
}
