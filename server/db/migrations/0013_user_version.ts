import type { Kysely } from 'kysely';

// Issue 25: accounts carry a version like projects and leads; a staff change (user edit,
// archive, buyer assignment) made on an older one is refused (409).
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('app_user')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('app_user').dropColumn('version').execute();
}
