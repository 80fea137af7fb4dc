import { Migrator, sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrateToLatest, openDatabase } from '../database';
import { migrationProvider } from './index';

describe('0014_search_text', () => {
  it('computes the search columns of the rows already there, in JavaScript, and keeps the copies by SQL only', async () => {
    const db = openDatabase(':memory:');
    onTestFinished(() => db.destroy());
    await new Migrator({ db, provider: migrationProvider }).migrateTo('0013_user_version');
    await sql`insert into app_user (id, email, password_hash, lastname, firstname, phone, roles, created_at, updated_at)
      values ('u1', 'elodie@exemple.fr', 'x', 'Martin', 'Élodie', '06 12 34 56 78', '[1]', '2026-01-01', '2026-01-01')`.execute(
      db,
    );
    await sql`insert into buyer_project (user_id, person_count, search_goal, departments, cities, type_bien, type_achat, surface, room_count, bedroom_count, visit_count, description, budget, apport, with_bank, stage, created_at, updated_at)
      values ('u1', 1, 'x', '["94"]', '["Évry"]', '[]', '[]', 1, 1, 1, 1, '', 1, 1, 1, 'RECHERCHE', '2026-01-01', '2026-01-01')`.execute(
      db,
    );
    await sql`insert into owner_contact (lastname, firstname, email, phone, bien_count, created_at)
      values ('Dupré', 'Zoé', 'zoe@exemple.fr', '07 00 00 00 01', 1, '2026-01-01')`.execute(db);
    await migrateToLatest(db);
    const user = await db
      .selectFrom('app_user')
      .select(['search_text', 'sort_name'])
      .executeTakeFirstOrThrow();
    expect(user).toEqual({
      search_text: 'martin elodie elodie@exemple.fr 06 12 34 56 78 0612345678',
      sort_name: 'martin elodie',
    });
    const project = await db
      .selectFrom('buyer_project')
      .select(['search_text', 'client_name', 'stage_rank', 'cities_search'])
      .executeTakeFirstOrThrow();
    expect(project).toEqual({
      search_text: `${user.search_text} evry`,
      client_name: 'martin elodie',
      stage_rank: 2,
      cities_search: 'evry',
    });
    const lead = await db
      .selectFrom('owner_contact')
      .select('search_text')
      .executeTakeFirstOrThrow();
    expect(lead.search_text).toBe('dupre zoe zoe@exemple.fr 07 00 00 00 01 0700000001');
    // No SQL calls back into JavaScript: the triggers left copy columns only (0021's register
    // triggers, which only refuse changes, are not this migration's).
    const triggers = await sql<{
      sql: string;
    }>`select sql from sqlite_master where type = 'trigger' and tbl_name != 'mandate_register_entry'`.execute(
      db,
    );
    expect(triggers.rows).toHaveLength(3);
    for (const t of triggers.rows) expect(t.sql).not.toMatch(/search_fold|case /i);
    // A rename through SQL copies the account's new search text onto its projects.
    await db
      .updateTable('app_user')
      .set({ search_text: 'autre', sort_name: 'autre' })
      .where('id', '=', 'u1')
      .execute();
    expect(
      (await db.selectFrom('buyer_project').select('search_text').executeTakeFirstOrThrow())
        .search_text,
    ).toBe('autre evry');
  });
});
