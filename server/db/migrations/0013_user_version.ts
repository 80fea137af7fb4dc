import { sql, type Kysely } from 'kysely';

// Issue 25: accounts carry a version like projects and leads; a staff change (user edit,
// archive, buyer assignment) made on an older one is refused (409).
export async function up(db: Kysely<unknown>) {
  await sql`alter table app_user add column version integer not null default 1`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table app_user drop column version`.execute(db);
}
