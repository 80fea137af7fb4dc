import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from './database';

/**
 * The database of one server test: SQLite in memory, or, when TEST_DATABASE_URL names a
 * PostgreSQL server (`npm run test:pg`, run by `npm test`), a database of its own there, so the
 * same tests run on both. Migrated to the latest schema, unless `migrate` is false (an empty
 * schema of its own, for the tests of the migrations themselves).
 *
 * On PostgreSQL each test's database is a copy of one migrated once for the whole run
 * (server/db/test-global-setup.ts): copying takes a fraction of running the migrations, some
 * thirty transactions of DDL, which each of some five hundred tests did before (docs/testing.md).
 */
export async function openTestDatabase(options: { migrate?: boolean } = {}): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = openDatabase(':memory:');
    if (options.migrate !== false) await migrateToLatest(db);
    return db;
  }
  if (options.migrate !== false) return (await openMigratedCopy(url, 4)).db;
  return openDatabase(url, { schema: await newSchema(url), poolSize: 4, idleTimeoutMs: 1_000 });
}

/** True when the server tests run on PostgreSQL. */
export const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

/**
 * A new database copied from the run's migrated template, opened with `poolSize` connections;
 * `reopen()` opens one more pool on the same copy (another instance). Copies are not dropped:
 * DROP DATABASE forces a checkpoint each time, and the whole server, copies and all, is deleted
 * after the run (scripts/test-postgres.mjs).
 */
async function openMigratedCopy(url: string, poolSize: number) {
  const template = inject('postgresTemplate');
  if (!template)
    throw new Error('Base modèle absente : server/db/test-global-setup.ts ne l’a pas créée.');
  const copyUrl = await createTestDatabase(url, `t_${randomBytes(6).toString('hex')}`, template);
  const open = () => openDatabase(copyUrl, { poolSize, idleTimeoutMs: 1_000 });
  const db = open();
  // Used once, as a migrated database is: Kysely's destroy() does nothing to a database never
  // used, which would then open again (a test of a database gone would find it there).
  await sql`select 1`.execute(db);
  return { db, reopen: open };
}

async function newSchema(url: string): Promise<string> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await runAdminStatement(url, `create schema ${schema}`);
  return schema;
}

const NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * A new database `name` (letters, digits, _) on the PostgreSQL server of `serverUrl`, empty or a
 * copy of `template`; resolves to its address.
 */
export async function createTestDatabase(
  serverUrl: string,
  name: string,
  template?: string,
): Promise<string> {
  for (const n of [name, template ?? name])
    if (!NAME.test(n)) throw new Error(`Nom de base refusé : ${n}`);
  await runAdminStatement(
    serverUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function runAdminStatement(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * One database that several test "instances" reach, as two server processes would. On
 * PostgreSQL: a database of its own, and one pool of connections per `open()`, so nothing but the
 * database orders the instances' statements. On SQLite: one connection in memory that every
 * `open()` shares (better-sqlite3 waits for a lock synchronously, so two connections in one
 * process would block each other's event loop; SQLite serializes writers anyway). Migrated to
 * the latest schema; `close()` closes every handle it gave.
 */
export async function sharedTestDatabase(): Promise<{ open(): Db; close(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = openDatabase(':memory:');
    await migrateToLatest(db);
    return { open: () => db, close: () => db.destroy() };
  }
  const copy = await openMigratedCopy(url, 8);
  const others: Db[] = [];
  let given = false;
  return {
    // The first handle is the copy's own.
    open: () => {
      if (!given) {
        given = true;
        return copy.db;
      }
      const db = copy.reopen();
      others.push(db);
      return db;
    },
    async close() {
      for (const db of others.splice(0)) await db.destroy();
      await copy.db.destroy();
    },
  };
}
