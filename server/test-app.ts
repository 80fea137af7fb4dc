import { createApp } from './app';
import { migrateToLatest, openDatabase } from './db/database';
import { parseEnv } from './env';
import { loadGeoIndex, type GeoIndex } from './geo/geo-data';

let geo: GeoIndex | undefined;

/** A real app on a real, throwaway in-memory SQLite database, for server tests. */
export async function makeTestApp(
  options: { staticDir?: string; env?: Record<string, string> } = {},
) {
  const db = openDatabase(':memory:');
  await migrateToLatest(db);
  geo ??= loadGeoIndex();
  const env = parseEnv({ NODE_ENV: 'test', ...options.env });
  const app = createApp({ env, db, geo, staticDir: options.staticDir });
  return { app, db };
}

export function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}
