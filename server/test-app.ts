import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Stripe from 'stripe';
import { afterEach, expect } from 'vitest';
import { apiErrorSchema } from '../src/domain/api/errors';
import { createApp } from './app';
import { TokenService } from './auth/tokens';
import { UsersRepo, tokenSubject } from './resources/users/users.repo';
import { seedDemoAccounts } from './db/seed';
import { MailQueue } from './mail/mail-queue';
import type { DocumentStore } from './resources/documents/document-store';
import type { MandateFiles } from './resources/mandates/mandates.repo';
import { migrateToLatest, openDatabase, type Db } from './db/database';
import { openTestDatabase } from './db/test-database';
import { parseEnv } from './env';
import { loadGeoIndex, type GeoIndex } from './geo/geo-data';

let geo: GeoIndex | undefined;

/**
 * A real app on a real, throwaway database (SQLite in memory, a schema of its own on the
 * PostgreSQL of `npm run test:pg`, or the SQLite file of `dataDir`), for server tests. Given
 * `db`, the app is one more instance on that database (sharedTestDatabase): give the instances
 * one JWT_SECRET in `env` for their tokens to pass from one to the other. Mails stay in the
 * queue table (no worker): `mails.list()` reads them.
 */
export async function makeTestApp(
  options: {
    staticDir?: string;
    env?: Record<string, string>;
    seed?: boolean;
    now?: () => number;
    /** A Stripe client (with a fake HTTP layer): the shop then uses it instead of its test checkout. */
    stripe?: Stripe;
    /** A SQLite file in this directory instead of memory. */
    dataDir?: string;
    /** An open, migrated database, shared with other instances. */
    db?: Db;
    /** Where documents go (default: DATA_DIR/documents). */
    documents?: DocumentStore;
    /** The mandate's PDFs and seal (issue 30; default: the test certificate in DATA_DIR). */
    mandateFiles?: MandateFiles;
  } = {},
) {
  let db = options.db;
  if (!db) {
    if (options.dataDir) {
      db = openDatabase(options.dataDir);
      await migrateToLatest(db);
    } else db = await openTestDatabase();
  }
  if (options.seed) await seedDemoAccounts(new UsersRepo(db));
  geo ??= loadGeoIndex();
  // Files the app writes (clients' documents) go to a throwaway folder, never to ./data.
  const env = parseEnv({
    NODE_ENV: 'test',
    // Production refuses to start without it (server/env.ts); the tests' tokens are signed with it.
    JWT_SECRET: randomBytes(32).toString('base64url'),
    DATA_DIR: options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'chassimmo-test-')),
    ...options.env,
  });
  const jwtSecret = new TextEncoder().encode(env.JWT_SECRET);
  const mails = new MailQueue(db);
  const app = createApp({
    env,
    db,
    geo,
    jwtSecret,
    mails,
    now: options.now,
    staticDir: options.staticDir,
    stripe: options.stripe,
    documents: options.documents,
    mandateFiles: options.mandateFiles,
  });
  return { app, db, jwtSecret, mails, env };
}

export function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/**
 * For a test file: `keep(made)` closes the database of an app (makeTestApp, staffTestApp) once
 * the test that made it is over.
 */
export function closeAfterEach() {
  const open: { destroy(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const db of open.splice(0)) await db.destroy();
  });
  return <T extends { db: { destroy(): Promise<void> } }>(made: T): T => {
    open.push(made.db);
    return made;
  };
}

/** A 400 of invalid fields in the documented shape: its French field messages, by path. */
export async function fieldErrorsOf(res: Response): Promise<Record<string, string>> {
  expect(res.status).toBe(400);
  const answer = apiErrorSchema.parse(await res.json());
  expect(answer.message).toMatch(/champs sont invalides/);
  expect(answer.error.fields).toEqual(answer.fieldErrors);
  return answer.error.fields ?? {};
}

/** An Authorization header for the account `email` of a test app, and the account's id. */
export async function signedIn(made: { db: Db; jwtSecret: Uint8Array }, email: string) {
  const row = await made.db
    .selectFrom('app_user')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const { token } = await new TokenService(made.db, made.jwtSecret).issue(tokenSubject(row));
  return { id: row.id, headers: { Authorization: `Bearer ${token}` } };
}
