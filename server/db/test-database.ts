import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest, openDatabase, type Db } from './database';

/**
 * The database of one server test: SQLite in memory, or, when TEST_DATABASE_URL names a
 * PostgreSQL server (`npm run test:pg`, run by `npm test`), a schema of its own there, so the
 * same tests run on both. Migrated to the latest schema.
 */
export async function openTestDatabase(options: { migrate?: boolean } = {}): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  const db = url
    ? openDatabase(url, { schema: await newSchema(url), poolSize: 4, idleTimeoutMs: 1_000 })
    : openDatabase(':memory:');
  if (options.migrate !== false) await migrateToLatest(db);
  return db;
}

/** True when the server tests run on PostgreSQL. */
export const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

async function newSchema(url: string): Promise<string> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await runAdminStatement(url, `create schema ${schema}`);
  return schema;
}

/**
 * A new, empty database `name` (letters, digits, _) on the PostgreSQL server of `serverUrl`;
 * resolves to its address.
 */
export async function createTestDatabase(serverUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Nom de base refusé : ${name}`);
  await runAdminStatement(serverUrl, `create database ${name}`);
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
 * PostgreSQL: a schema of its own, and one pool of connections per `open()`, so nothing but the
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
  const schema = await newSchema(url);
  const handles: Db[] = [];
  const open = () => {
    const db = openDatabase(url, { schema, poolSize: 8, idleTimeoutMs: 1_000 });
    handles.push(db);
    return db;
  };
  let first: Db | undefined = open();
  await migrateToLatest(first);
  return {
    // The first handle is the one that migrated.
    open: () => {
      const given = first ?? open();
      first = undefined;
      return given;
    },
    async close() {
      for (const db of handles.splice(0)) await db.destroy();
    },
  };
}
