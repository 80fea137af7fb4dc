import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, systemPostgresBin, type TestPostgres } from '../../scripts/postgres.mjs';
import { UsersRepo } from '../resources/users/users.repo';
import { migrateToLatest, openDatabase, type Db } from './database';
import { seedDemoAccounts } from './seed';
import { seedDemoWork } from './seed-demo-work';
import { createTestDatabase } from './test-database';

/**
 * The PostgreSQL backup of docs/deploy.md, restored: `pg_dump -Fc` of a seeded installation,
 * `pg_restore` into an empty base, and the restored base holds the same rows and goes on
 * numbering where the original stopped. Needs pg_dump and pg_restore of the server's version:
 * the system's PostgreSQL (Debian's postgresql package); skipped, and said, without it.
 */
const binDir = systemPostgresBin();
const tools = binDir && existsSync(path.join(binDir, 'pg_dump')) ? binDir : undefined;

let postgres: TestPostgres;
const dir = mkdtempSync(path.join(os.tmpdir(), 'pg-backup-'));
const open: Db[] = [];

const urlOf = (base: string) => postgres.url.replace(/\/postgres$/, `/${base}`);

const createBase = (name: string) => createTestDatabase(postgres.url, name);

function run(tool: string, args: string[]) {
  const result = spawnSync(path.join(tools as string, tool), args, { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
}

/** Every application table and its rows, in a stable order. */
async function contents(db: Db) {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const result: Record<string, unknown[]> = {};
  for (const { name } of tables.rows)
    result[name] = (await sql`select * from ${sql.table(name)} order by 1`.execute(db)).rows;
  return result;
}

beforeAll(async () => {
  if (!tools) return;
  postgres = await startPostgres();
});

afterAll(async () => {
  for (const db of open) await db.destroy();
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!tools)('PostgreSQL backup and restore (pg_dump, pg_restore)', () => {
  it('restores a seeded installation whole: the same rows, and ids go on after the last one', async () => {
    await createBase('origine');
    const source = openDatabase(urlOf('origine'));
    open.push(source);
    await migrateToLatest(source);
    await seedDemoAccounts(new UsersRepo(source));
    await seedDemoWork(source);
    const before = await contents(source);
    expect((before.buyer_project ?? []).length).toBeGreaterThan(20);

    const file = path.join(dir, 'chassimmo.dump');
    run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${urlOf('origine')}`]);
    await createBase('restauree');
    run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${urlOf('restauree')}`, file]);

    const restored = openDatabase(urlOf('restauree'));
    open.push(restored);
    expect(await contents(restored)).toEqual(before);
    // Nothing left to migrate, and a new lead takes the next id.
    await migrateToLatest(restored);
    const lastLead = Math.max(
      ...(before.owner_contact ?? []).map((r) => Number((r as { id: number }).id)),
    );
    const inserted = await restored
      .insertInto('owner_contact')
      .values({
        lastname: 'Restauré',
        firstname: 'Test',
        email: 'restaure@exemple.fr',
        phone: '0612345678',
        bien_count: 1,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(Number(inserted.id)).toBeGreaterThan(lastLead);
  });
});
