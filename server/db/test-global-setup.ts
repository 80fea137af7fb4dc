import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from './database';
import { createTestDatabase } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database each server test's is copied from, on PostgreSQL; '' on SQLite. */
    postgresTemplate: string;
  }
}

/**
 * Vitest's global setup: on the PostgreSQL of `npm run test:pg`, one database migrated once for
 * the whole run, that every test's database copies (server/db/test-database.ts). Dropped with
 * the server, which the script stops and deletes after the run.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('postgresTemplate', '');
    return;
  }
  const name = `modele_${randomBytes(4).toString('hex')}`;
  const db = openDatabase(await createTestDatabase(url, name), { poolSize: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    // A template takes no connection while it is copied.
    await db.destroy();
  }
  project.provide('postgresTemplate', name);
}
