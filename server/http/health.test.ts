import { Hono } from 'hono';
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { createLogger } from '../log';
import { parseEnv } from '../env';
import { makeTestApp } from '../test-app';
import { DATABASE_DOWN, databaseAnswers, healthRoutes } from './health';

/** A database whose every query waits forever (a network partition, an exhausted pool). */
function hangingDb(): Db {
  const driver: Driver = {
    init: async () => {},
    acquireConnection: () => new Promise<DatabaseConnection>(() => {}),
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  return new Kysely({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }) as Db;
}

describe('/api/health and /api/health/live', () => {
  it('say ok while the database answers, never cached', async () => {
    const { app, db } = await makeTestApp();
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const live = await app.request('/api/health/live');
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: 'ok' });
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect((await app.request('/api/health', { method: 'HEAD' })).status).toBe(200);
    await db.destroy();
  });

  it('readiness answers 503 in French once the database is gone; liveness still 200', async () => {
    const { app, db } = await makeTestApp();
    await db.destroy();
    const res = await app.request('/api/health');
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({
      status: 'indisponible',
      database: 'indisponible',
      message: DATABASE_DOWN,
      error: { message: DATABASE_DOWN },
    });
    expect((await app.request('/api/health/live')).status).toBe(200);
  });

  it('does not wait on a database that hangs, and logs the change of state once', async () => {
    await expect(databaseAnswers(hangingDb(), 50)).rejects.toThrow(/50 ms/);

    const raw: string[] = [];
    const log = createLogger(parseEnv({ NODE_ENV: 'test' }), {
      write: (l: string) => void raw.push(l),
    });
    const app = new Hono().route(
      '/api/health',
      healthRoutes({ db: hangingDb(), log, version: 'essai', timeoutMs: 50 }),
    );
    for (let i = 0; i < 3; i += 1) expect((await app.request('/api/health')).status).toBe(503);
    expect(raw).toHaveLength(1);
    expect(raw[0]).toContain('la base de données ne répond pas');
  });
});
