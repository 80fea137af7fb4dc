import type { Kysely } from 'kysely';

// Issue 31: the client's answer to a property their hunter proposed (« Ça m’intéresse » or
// « Pas pour moi »), and when; null until they answer. They may change their mind.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('match_proposal').addColumn('answer', 'text').execute();
  await db.schema.alterTable('match_proposal').addColumn('answered_at', 'text').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('match_proposal').dropColumn('answered_at').execute();
  await db.schema.alterTable('match_proposal').dropColumn('answer').execute();
}
