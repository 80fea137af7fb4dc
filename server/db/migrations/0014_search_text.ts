import { sql, type Kysely } from 'kysely';
import { dialectOf, joinedText } from '../dialect';
import { stageRank } from '../../../src/domain/staff';
import { foldForSearch, searchTextOf } from '../../../src/domain/search';

// Issue 25: no SQL calls back into JavaScript. The search text of accounts, owner leads and the
// folded cities of projects are columns the repositories compute in JavaScript when they write
// (src/domain/search.ts); the stage's rank is written with the stage (src/domain/staff.ts
// `stageRank`). What remains of 0010's triggers copies columns in SQL only, onto
// buyer_project, so that a page of the buyers list still reads one table.

const COPY_TRIGGERS = [
  'buyer_project_copy_insert',
  'buyer_project_copy_update',
  'app_user_copy_to_projects',
];

/** 0010's triggers (SQLite only: a PostgreSQL database never had them) or this migration's. */
async function dropCopyTriggers(db: Kysely<unknown>) {
  if (dialectOf(db) === 'sqlite') {
    for (const trigger of COPY_TRIGGERS)
      await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
    return;
  }
  await sql`drop trigger if exists buyer_project_copy_insert on buyer_project`.execute(db);
  await sql`drop trigger if exists buyer_project_copy_update on buyer_project`.execute(db);
  await sql`drop trigger if exists app_user_copy_to_projects on app_user`.execute(db);
  await sql`drop function if exists buyer_project_copy()`.execute(db);
  await sql`drop function if exists app_user_copy_to_projects()`.execute(db);
}

export async function up(db: Kysely<unknown>) {
  await dropCopyTriggers(db);
  for (const column of [
    sql`alter table app_user add column search_text text not null default ''`,
    sql`alter table app_user add column sort_name text not null default ''`,
    sql`alter table owner_contact add column search_text text not null default ''`,
    sql`alter table buyer_project add column cities_search text not null default ''`,
  ])
    await column.execute(db);

  // Existing rows, computed here in JavaScript, once.
  const users = await sql<{
    id: string;
    firstname: string;
    lastname: string;
    email: string;
    phone: string;
  }>`select id, firstname, lastname, email, phone from app_user`.execute(db);
  for (const u of users.rows)
    await sql`update app_user set search_text = ${searchTextOf(u.lastname, u.firstname, u.email, u.phone)},
      sort_name = ${foldForSearch(`${u.lastname} ${u.firstname}`)} where id = ${u.id}`.execute(db);
  const leads = await sql<{
    id: number;
    firstname: string;
    lastname: string;
    email: string;
    phone: string;
    cities: string | null;
  }>`select o.id, o.firstname, o.lastname, o.email, o.phone,
      (select ${joinedText(db, 'd.city', ' ')} from owner_property d where d.contact_id = o.id) as cities
    from owner_contact o`.execute(db);
  for (const o of leads.rows)
    await sql`update owner_contact set search_text = ${searchTextOf(o.lastname, o.firstname, o.email, o.phone, o.cities)}
      where id = ${o.id}`.execute(db);
  const projects = await sql<{ id: number; cities: string; stage: string }>`
    select id, cities, stage from buyer_project`.execute(db);
  for (const p of projects.rows)
    await sql`update buyer_project set cities_search = ${citiesSearchOf(p.cities)},
      stage_rank = ${stageRank(p.stage)} where id = ${p.id}`.execute(db);
  await sql`update buyer_project set
      hunter_id = u.id_chasseur,
      client_archived = u.is_archived,
      client_name = u.sort_name,
      search_text = u.search_text || ' ' || buyer_project.cities_search
    from app_user u where u.id = buyer_project.user_id`.execute(db);

  if (dialectOf(db) === 'postgres') await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

async function createSqliteTriggers(db: Kysely<unknown>) {
  await sql`create trigger buyer_project_copy_insert after insert on buyer_project begin
      update buyer_project set
        hunter_id = u.id_chasseur,
        client_archived = u.is_archived,
        client_name = u.sort_name,
        search_text = u.search_text || ' ' || new.cities_search
      from app_user u where u.id = new.user_id and buyer_project.id = new.id;
    end`.execute(db);
  await sql`create trigger buyer_project_copy_update after update of cities_search on buyer_project begin
      update buyer_project set search_text = u.search_text || ' ' || new.cities_search
      from app_user u where u.id = new.user_id and buyer_project.id = new.id;
    end`.execute(db);
  await sql`create trigger app_user_copy_to_projects
      after update of search_text, sort_name, id_chasseur, is_archived on app_user begin
      update buyer_project set
        hunter_id = new.id_chasseur,
        client_archived = new.is_archived,
        client_name = new.sort_name,
        search_text = new.search_text || ' ' || cities_search
      where user_id = new.id;
    end`.execute(db);
}

/** The same copies on PostgreSQL: trigger functions in PL/pgSQL, no JavaScript either. */
async function createPostgresTriggers(db: Kysely<unknown>) {
  await sql`create function buyer_project_copy() returns trigger language plpgsql as $$
    declare u record;
    begin
      select id_chasseur, is_archived, sort_name, search_text into u
        from app_user where id = new.user_id;
      if found then
        new.hunter_id := u.id_chasseur;
        new.client_archived := u.is_archived;
        new.client_name := u.sort_name;
        new.search_text := u.search_text || ' ' || new.cities_search;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger buyer_project_copy_insert before insert on buyer_project
    for each row execute function buyer_project_copy()`.execute(db);
  await sql`create trigger buyer_project_copy_update before update of cities_search on buyer_project
    for each row execute function buyer_project_copy()`.execute(db);
  await sql`create function app_user_copy_to_projects() returns trigger language plpgsql as $$
    begin
      update buyer_project set
        hunter_id = new.id_chasseur,
        client_archived = new.is_archived,
        client_name = new.sort_name,
        search_text = new.search_text || ' ' || cities_search
      where user_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger app_user_copy_to_projects
    after update of search_text, sort_name, id_chasseur, is_archived on app_user
    for each row execute function app_user_copy_to_projects()`.execute(db);
}

/** A project's cities (JSON list) as searched. */
function citiesSearchOf(json: string): string {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? searchTextOf(...value.map(String)) : '';
  } catch {
    return '';
  }
}

export async function down(db: Kysely<unknown>) {
  await dropCopyTriggers(db);
  await db.schema.alterTable('buyer_project').dropColumn('cities_search').execute();
  await db.schema.alterTable('owner_contact').dropColumn('search_text').execute();
  await db.schema.alterTable('app_user').dropColumn('sort_name').execute();
  await db.schema.alterTable('app_user').dropColumn('search_text').execute();
}
