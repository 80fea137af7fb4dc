import { randomUUID } from 'node:crypto';
import { afterEach } from 'vitest';
import { Role } from '../../../src/domain/roles';
import type { Db } from '../../db/database';
import { addBuyer } from '../../staff/test-records';
import { makeTestApp, signedIn } from '../../test-app';
import { userSearchColumns } from '../users/users.repo';
import { recordPriorSignedMandate } from './mandates.repo';

/** What the mandate tests share: an app with the demo accounts on a clock the test moves. */

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

/**
 * A test file's apps: each test opens its own (`await open()`), closed after the test. The clock
 * starts at `start` and moves with `clock.set()` / `clock.add()`.
 */
export function mandateApps() {
  const opened: Db[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.destroy();
  });
  return async (env: Record<string, string> = {}) => {
    let t = Date.parse('2026-03-02T09:00:00.000Z');
    const clock = {
      now: () => t,
      add: (ms: number) => (t += ms),
    };
    const made = await makeTestApp({
      seed: true,
      now: clock.now,
      env: { PUBLIC_FORM_HOURLY_LIMIT: '1000', ...env },
    });
    opened.push(made.db);
    const demo = async (who: string) => signedIn(made, `${who}@demo.chassimmo.fr`);
    const headers = {
      chasseur: await demo('chasseur'),
      manager: await demo('manager'),
      directeur: await demo('directeur'),
      admin: await demo('admin'),
    };
    async function call(
      as: { headers: Record<string, string> } | undefined,
      method: string,
      path: string,
      body?: unknown,
      extra: Record<string, string> = {},
    ) {
      const res = await made.app.request(path, {
        method,
        headers: {
          ...(as?.headers ?? {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...extra,
        },
        body:
          body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      let json: unknown;
      try {
        json = JSON.parse(bytes.toString('utf8'));
      } catch {
        json = undefined;
      }
      // Tests read what they assert on.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return { status: res.status, body: json as any, bytes, res };
    }
    /** A buyer of the demo hunter (or `hunterId`), signed in as themselves. */
    async function buyer(name: string, hunterId: string | null = headers.chasseur.id) {
      const added = await addBuyer(made.db, name, hunterId, { lastname: 'Acheteur' });
      return { ...added, auth: await signedIn(made, `${name.toLowerCase()}@exemple.fr`) };
    }
    /** Another hunter, who follows nobody. */
    async function otherHunter() {
      const id = randomUUID();
      const row = await made.db
        .selectFrom('app_user')
        .selectAll()
        .where('id', '=', headers.chasseur.id)
        .executeTakeFirstOrThrow();
      const other = {
        ...row,
        id,
        email: 'autre.chasseur@demo.chassimmo.fr',
        firstname: 'Paul',
        lastname: 'Autre',
        roles: JSON.stringify([Role.CHASSEUR]),
      };
      const { search_text: _s, sort_name: _n, ...columns } = other;
      await made.db
        .insertInto('app_user')
        .values({ ...columns, ...userSearchColumns(other) })
        .execute();
      return signedIn(made, other.email);
    }
    return { ...made, clock, headers, call, buyer, otherHunter };
  };
}

/** The signing code of the last code mail sent to `email`. */
export async function lastCode(
  made: { mails: { list(to?: string): Promise<{ subject: string; text: string }[]> } },
  email: string,
): Promise<string> {
  const mails = await made.mails.list(email);
  const mail = mails.find((m) => /code de signature/.test(m.subject));
  const code = /: (\d{6})\n/.exec(mail?.text.replace(/\u00a0/g, ' ') ?? '')?.[1];
  if (!code) throw new Error(`Aucun code envoyé à ${email}`);
  return code;
}

/** A signed mandate for a test's project, without the signing flow (as the demo's). */
export async function givePriorMandate(db: Db, buyerId: string, projectId: number) {
  return db.transaction().execute((trx) =>
    recordPriorSignedMandate(trx, {
      buyerId,
      projectId,
      signedAt: new Date().toISOString(),
      hunterName: 'Charles Chasseur',
    }),
  );
}
