import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationProvider } from './migrations/index';
import { databaseLabel, openDatabase } from './database';

const dir = mkdtempSync(path.join(os.tmpdir(), 'migrate-race-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What each process runs: open the shared file and migrate it, as main.ts does at start. */
const MIGRATE = `
import { existsSync } from 'node:fs';
import { migrateToLatest, openDatabase } from './server/db/database.ts';
const db = openDatabase(process.argv[1]);
// All together: each waits for the go the test gives once every process is ready.
console.log('prêt');
while (!existsSync(process.argv[1] + '/go')) await new Promise((r) => setTimeout(r, 5));
await migrateToLatest(db);
await db.destroy();
console.log('migré');
`;

function migrateInAnotherProcess() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', MIGRATE, dir],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const ready = new Promise<void>((resolve) =>
    child.stdout.on('data', () => output.includes('prêt') && resolve()),
  );
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
  return { ready, done };
}

describe('migrations on one SQLite file', () => {
  it('run once when three processes start together: the others wait, then find nothing to do', async () => {
    const processes = [1, 2, 3].map(() => migrateInAnotherProcess());
    await Promise.all(processes.map((p) => p.ready));
    writeFileSync(path.join(dir, 'go'), '');
    const runs = await Promise.all(processes.map((p) => p.done));
    for (const run of runs) expect(run, run.output).toMatchObject({ code: 0 });
    const db = openDatabase(dir);
    try {
      const rows = await db
        .withoutPlugins()
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      const names = rows.map((r) => (r as { name: string }).name);
      const shipped = Object.keys(await migrationProvider.getMigrations());
      expect(names.sort()).toEqual(shipped.sort());
    } finally {
      await db.destroy();
    }
  });
});

describe('databaseLabel', () => {
  it('names the server and base, never the password', () => {
    expect(databaseLabel('postgres://app:s3cret@db.interne:5432/chassimmo')).toBe(
      'PostgreSQL db.interne:5432/chassimmo',
    );
    expect(databaseLabel('postgres://app:s3cret@db/chassimmo')).not.toContain('s3cret');
  });
});
