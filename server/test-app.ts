import { randomBytes } from 'node:crypto';
import { createApp } from './app';
import { UsersRepo } from './auth/users.repo';
import { seedDemoAccounts } from './db/seed';
import { OutboxMailer } from './mail/mailer';
import { migrateToLatest, openDatabase } from './db/database';
import { parseEnv } from './env';
import { loadGeoIndex, type GeoIndex } from './geo/geo-data';

let geo: GeoIndex | undefined;

/** A real app on a real, throwaway in-memory SQLite database, for server tests. */
export async function makeTestApp(
  options: { staticDir?: string; env?: Record<string, string>; seed?: boolean } = {},
) {
  const db = openDatabase(':memory:');
  await migrateToLatest(db);
  if (options.seed) await seedDemoAccounts(new UsersRepo(db));
  geo ??= loadGeoIndex();
  const env = parseEnv({ NODE_ENV: 'test', ...options.env });
  const jwtSecret = randomBytes(32);
  const mailer = new OutboxMailer(':memory:');
  const app = createApp({ env, db, geo, jwtSecret, mailer, staticDir: options.staticDir });
  return { app, db, jwtSecret, mailer };
}

export function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}
