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
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create schema ${schema}`);
  } finally {
    await client.end();
  }
  return schema;
}
