import type { Kysely } from 'kysely';

// Issue 16: « Supprimer mon compte » anonymises the account; the staff see it as deleted.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('app_user').addColumn('deleted_at', 'text').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('app_user').dropColumn('deleted_at').execute();
}
