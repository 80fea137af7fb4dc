import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Logger } from '../log';
import { apiErrorBody } from '../../src/domain/api/errors';
import { logOf } from './request-context';

/** A database that has not answered `select 1` in this time is reported down. */
export const HEALTH_TIMEOUT_MS = 2000;

export const DATABASE_DOWN =
  'La base de données ne répond pas\u00a0: cette instance ne peut pas servir de requêtes pour le moment.';

/** The database answers a query within `timeoutMs` (throws when it does not). */
export async function databaseAnswers(db: Db, timeoutMs = HEALTH_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`pas de réponse en ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health (readiness: the proxy sends traffic here only while it answers 200) says
 * whether the database answers: 200 `{ status: 'ok', database: 'ok' }`, or 503 with
 * `database: 'indisponible'` and a French message. GET /api/health/live (liveness) never touches
 * the database: 200 as long as the process serves requests. Both cheap, public, never cached
 * (the API's no-store). docs/deploy.md, « Santé ».
 */
export function healthRoutes(deps: {
  db: Db;
  log: Logger;
  version: string;
  timeoutMs?: number;
}): Hono {
  const { db, log, version, timeoutMs } = deps;
  const startedAt = Date.now();
  const uptimeSeconds = () => Math.round((Date.now() - startedAt) / 1000);
  // A probe every few seconds: a line when the state changes, not one per probe.
  let down = false;
  const app = new Hono();

  app.get('/', async (c) => {
    try {
      await databaseAnswers(db, timeoutMs);
    } catch (err) {
      if (!down) logOf(c, log).error({ err }, 'Santé : la base de données ne répond pas');
      down = true;
      return c.json(
        {
          ...apiErrorBody(DATABASE_DOWN),
          status: 'indisponible',
          database: 'indisponible',
          version,
          uptimeSeconds: uptimeSeconds(),
        },
        503,
      );
    }
    if (down) logOf(c, log).info('Santé : la base de données répond de nouveau');
    down = false;
    return c.json({ status: 'ok', database: 'ok', version, uptimeSeconds: uptimeSeconds() });
  });

  app.get('/live', (c) => c.json({ status: 'ok', version, uptimeSeconds: uptimeSeconds() }));

  return app;
}
