import { afterEach } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Role, type RoleCode } from '../../src/domain/roles';
import { TokenService } from '../auth/tokens';
import type { Db } from '../db/database';
import { userSearchColumns } from '../resources/users/users.repo';
import { makeTestApp } from '../test-app';

/** An account's version, as a screen would have read it before a change. */
export async function versionOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('app_user')
    .select('version')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.version;
}

/**
 * Renames an account behind the API's back (a test's set-up), keeping its search columns right
 * as users.repo does.
 */
export async function renameUser(
  db: Db,
  userId: string,
  names: { firstname?: string; lastname?: string },
): Promise<void> {
  const row = await db
    .selectFrom('app_user')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const next = { ...row, ...names };
  await db
    .updateTable('app_user')
    .set({ ...names, ...userSearchColumns(next) })
    .where('id', '=', userId)
    .execute();
}

/** The callers of a role matrix: the demo accounts by role, anonymous, and a forged token. */
export type Caller =
  'chasseur' | 'manager' | 'directeur' | 'admin' | 'client' | 'anonymous' | 'forged';
export const STAFF_CALLERS = ['chasseur', 'manager', 'directeur', 'admin'] as const;
export const ALL_CALLERS: readonly Caller[] = [...STAFF_CALLERS, 'client', 'anonymous', 'forged'];

const roleOf: Record<Exclude<Caller, 'anonymous' | 'forged'>, RoleCode> = {
  chasseur: Role.CHASSEUR,
  manager: Role.MANAGER,
  directeur: Role.DIRECTEUR,
  admin: Role.ADMIN,
  client: Role.CLIENT,
};

/**
 * A real app on a fresh SQLite database with the demo accounts, and a bearer header per caller
 * (tokens issued by the app's own TokenService, as a sign-in would; 'forged' is signed with
 * another key). `ids` are the demo accounts' user ids by caller.
 */
export async function staffTestApp(env: Record<string, string> = {}, dataDir?: string) {
  const made = await makeTestApp({
    seed: true,
    dataDir,
    env: { PUBLIC_FORM_HOURLY_LIMIT: '1000', ...env },
  });
  const tokens = new TokenService(made.db, made.jwtSecret);
  const forger = new TokenService(made.db, Buffer.from(randomUUID().repeat(2)));
  const ids = {} as Record<Exclude<Caller, 'anonymous' | 'forged'>, string>;
  const headers = { anonymous: {} } as Record<Caller, Record<string, string>>;
  for (const [caller, role] of Object.entries(roleOf) as [keyof typeof roleOf, RoleCode][]) {
    const row = await made.db
      .selectFrom('app_user')
      .select(['id', 'session_version'])
      .where('email', '=', `${caller}@demo.chassimmo.fr`)
      .executeTakeFirstOrThrow();
    ids[caller] = row.id;
    const { token } = await tokens.issue({
      id: row.id,
      roles: [role],
      sessionVersion: row.session_version,
    });
    headers[caller] = { Authorization: `Bearer ${token}` };
  }
  const { token: forged } = await forger.issue({
    id: ids.admin,
    roles: [Role.ADMIN],
    sessionVersion: 0,
  });
  headers.forged = { Authorization: `Bearer ${forged}` };

  /** A request as `caller`: JSON in, status and parsed body out. */
  async function call(caller: Caller, method: string, path: string, body?: unknown) {
    const res = await made.app.request(path, {
      method,
      headers: {
        ...headers[caller],
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // CSV or empty
    }
    // Tests read what they assert on; the shapes are checked by those assertions.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: json as any, res, text };
  }
  return {
    ...made,
    ids,
    headers,
    call,
    /** The account's version now (src/domain/api/users.ts: a change carries it). */
    versionOf: (userId: string) => versionOf(made.db, userId),
  };
}

/**
 * A test file's staff apps: each test opens its own (`await open()`), closed after the test.
 * Call once at the top of the file.
 */
export function staffApps() {
  const opened: Db[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.destroy();
  });
  return async (env: Record<string, string> = {}) => {
    const t = await staffTestApp(env);
    opened.push(t.db);
    return t;
  };
}
