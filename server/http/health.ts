import { sql } from 'kysely';
import type { Db } from '../db/database';

/** GET /api/health's check: the database answers a query (throws when it does not). */
export async function databaseAnswers(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
