import { sql, type Kysely } from 'kysely';

// Staff lists at 50,000 projects (docs/staff-area.md, npm run bench:staff): what they filter,
// sort and search on is copied onto buyer_project by triggers, so a page reads one table
// through its indexes and joins the accounts of the 25 rows shown only. The triggers keep
// the copies right whatever code writes. They folded with a JavaScript function (search_fold)
// when this shipped; it is `lower` now so that a new database needs no JavaScript in SQL, and
// 0014_search_text replaces these triggers and computes the search text in JavaScript.
export async function up(db: Kysely<unknown>) {
  for (const column of [
    sql`alter table buyer_project add column hunter_id text`,
    sql`alter table buyer_project add column client_archived integer not null default 0`,
    sql`alter table buyer_project add column client_name text not null default ''`,
    sql`alter table buyer_project add column search_text text not null default ''`,
    sql`alter table buyer_project add column stage_rank integer not null default 0`,
  ])
    await column.execute(db);
  const person = (u: string) =>
    `lower(${u}.lastname || ' ' || ${u}.firstname || ' ' || ${u}.firstname || ' ' || ${u}.lastname || ' ' || ${u}.email || ' ' || replace(${u}.phone, ' ', ''))`;
  const stageRank = `case new.stage when 'VALIDATION' then 0 when 'MANDAT' then 1 when 'RECHERCHE' then 2 when 'OFFRE_SENT' then 3 when 'COMPROMIS_SIGNED' then 4 when 'FUNDING' then 5 when 'ACT_SIGNED' then 6 when 'WORKS' then 7 when 'COMPLETED' then 8 else 99 end`;
  await sql
    .raw(
      `create trigger buyer_project_copy_insert after insert on buyer_project begin
        update buyer_project set
          hunter_id = u.id_chasseur,
          client_archived = u.is_archived,
          client_name = lower(u.lastname || ' ' || u.firstname),
          search_text = ${person('u')} || ' ' || lower(new.cities),
          stage_rank = ${stageRank}
        from app_user u where u.id = new.user_id and buyer_project.id = new.id;
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger buyer_project_copy_update after update of stage, cities on buyer_project begin
        update buyer_project set
          search_text = ${person('u')} || ' ' || lower(new.cities),
          stage_rank = ${stageRank}
        from app_user u where u.id = new.user_id and buyer_project.id = new.id;
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger app_user_copy_to_projects
        after update of firstname, lastname, email, phone, id_chasseur, is_archived on app_user begin
        update buyer_project set
          hunter_id = new.id_chasseur,
          client_archived = new.is_archived,
          client_name = lower(new.lastname || ' ' || new.firstname),
          search_text = ${person('new')} || ' ' || lower(cities)
        where user_id = new.id;
      end`,
    )
    .execute(db);
  // Existing rows: the insert trigger's work, once.
  await sql
    .raw(
      `update buyer_project set
        hunter_id = u.id_chasseur,
        client_archived = u.is_archived,
        client_name = lower(u.lastname || ' ' || u.firstname),
        search_text = ${person('u')} || ' ' || lower(buyer_project.cities),
        stage_rank = ${stageRank.replaceAll('new.', 'buyer_project.')}
      from app_user u where u.id = buyer_project.user_id`,
    )
    .execute(db);
  for (const [name, columns] of [
    ['buyer_project_list_created', ['client_archived', 'created_at']],
    ['buyer_project_list_hunter', ['client_archived', 'hunter_id', 'created_at']],
    ['buyer_project_list_stage', ['client_archived', 'stage_rank', 'created_at desc']],
    ['buyer_project_list_name', ['client_archived', 'client_name']],
    ['buyer_project_list_budget', ['client_archived', 'budget']],
  ] as const)
    await db.schema
      .createIndex(name)
      .on('buyer_project')
      .columns([...columns])
      .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const trigger of [
    'buyer_project_copy_insert',
    'buyer_project_copy_update',
    'app_user_copy_to_projects',
  ])
    await sql.raw(`drop trigger ${trigger}`).execute(db);
}
