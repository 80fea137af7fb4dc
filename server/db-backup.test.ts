import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from './db/database';
import { seedDemoAccounts } from './db/seed';
import { seedDemoWork } from './db/seed-demo-work';
import { UsersRepo } from './resources/users/users.repo';
import { runProcess } from './test-process';

const root = mkdtempSync(path.join(os.tmpdir(), 'db-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** `npm run db:backup -- <target>` on DATA_DIR=dataDir, as a process of its own. */
function backup(dataDir: string, target: string, env: Record<string, string> = {}) {
  return runProcess(process.execPath, ['scripts/db-backup.mjs', target], {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ...env,
  });
}

/** Rows per table: what a restored installation must show the same. */
async function counts(db: Db) {
  const tables = [
    'app_user',
    'buyer_project',
    'owner_property',
    'audit_log',
    'mail_queue',
  ] as const;
  const result: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}

describe('npm run db:backup (SQLite)', () => {
  it('copies the database while it is open and written to, and the copy restores', async () => {
    const dataDir = path.join(root, 'data');
    const db = openDatabase(dataDir);
    await migrateToLatest(db);
    await seedDemoAccounts(new UsersRepo(db));
    await seedDemoWork(db);
    const before = await counts(db);
    expect(before.app_user).toBeGreaterThan(0);
    expect(before.buyer_project).toBeGreaterThan(0);
    const names = await db
      .selectFrom('app_user')
      .select(['email', 'firstname'])
      .orderBy('email')
      .execute();

    // The server is in the middle of a write when the backup starts.
    const writer = new SQLite(path.join(dataDir, 'app.sqlite'));
    writer.prepare('begin immediate').run();
    writer.prepare("update app_user set firstname = 'Pas encore validé'").run();

    const target = path.join(root, 'backups', 'app-copie.sqlite');
    const done = await backup(dataDir, target);
    expect(done.output).toContain('Sauvegarde écrite');
    expect(done.code).toBe(0);
    writer.prepare('commit').run();
    writer.close();
    // No part file left beside the copy.
    expect(readdirSync(path.dirname(target))).toEqual(['app-copie.sqlite']);

    // Restore: the copy becomes app.sqlite of a new DATA_DIR, the server opens it as usual.
    const restored = path.join(root, 'restored');
    mkdirSync(restored);
    copyFileSync(target, path.join(restored, 'app.sqlite'));
    const copy = openDatabase(restored);
    await migrateToLatest(copy);
    expect(await counts(copy)).toEqual(before);
    // The copy is the database as it was when the backup began: the write not yet committed
    // is not in it, and it is in the original.
    expect(
      await copy.selectFrom('app_user').select(['email', 'firstname']).orderBy('email').execute(),
    ).toEqual(names);
    const after = await db.selectFrom('app_user').select('firstname').distinct().execute();
    expect(after).toEqual([{ firstname: 'Pas encore validé' }]);
    await copy.destroy();

    // An existing file is never overwritten.
    const again = await backup(dataDir, target);
    expect(again.code).toBe(1);
    expect(again.output).toContain('existe déjà');
    await db.destroy();
  });

  it('sends a PostgreSQL installation to pg_dump, and says when there is nothing to copy', async () => {
    const target = path.join(root, 'nope.sqlite');
    const pg = await backup(path.join(root, 'data'), target, {
      DATABASE_URL: 'postgres://app@localhost/app',
    });
    expect(pg.code).toBe(1);
    expect(pg.output).toContain('pg_dump');
    const empty = await backup(path.join(root, 'nothing-here'), target);
    expect(empty.code).toBe(1);
    expect(empty.output).toContain('n’existe pas');
    expect(existsSync(target)).toBe(false);
  });
});
