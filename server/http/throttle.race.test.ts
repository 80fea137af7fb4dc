import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoAccounts } from '../db/seed';
import { UsersRepo } from '../resources/users/users.repo';
import { makeTestApp, postJson } from '../test-app';
import { sharedTestDatabase } from '../db/test-database';
import { Throttle, type ThrottlePolicy } from './throttle';

/**
 * Attempts counted under parallel requests, on one server or two on one database (issue 26):
 * every hit is one atomic statement per key, so none is lost between a read and a write — on
 * SQLite and on a real PostgreSQL, where nothing else orders the requests.
 */
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function shared() {
  const database = await sharedTestDatabase();
  cleanup.push(() => database.close());
  return database;
}

describe('sign-in guesses spread over two servers on one database', () => {
  it('checks at most 5 of 100 simultaneous wrong passwords, as one server would', async () => {
    const database = await shared();
    const [a, b] = await Promise.all(
      [database.open(), database.open()].map(
        async (db) => (await makeTestApp({ db, env: { TRUST_PROXY: '1' } })).app,
      ),
    );
    await seedDemoAccounts(new UsersRepo(database.open()));
    const login = (i: number, password = `Mauvais${i}x`) =>
      (i % 2 === 0 ? a! : b!).request(
        '/api/login',
        postJson(
          { username: 'admin@demo.chassimmo.fr', password },
          { 'X-Forwarded-For': '203.0.113.7' },
        ),
      );
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(i)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // Checked (a password hash compared): 401; refused before any check: 429.
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(95);
    // The right password from that address waits too, on either server.
    expect((await login(0, DEMO_PASSWORD)).status).toBe(429);
    expect((await login(1, DEMO_PASSWORD)).status).toBe(429);
  });
});

describe('Throttle.reserve under parallel calls', () => {
  const policy: ThrottlePolicy = { free: 5, windowMs: 60_000 };
  const backoff: ThrottlePolicy = {
    free: 3,
    windowMs: 60_000,
    backoff: { baseMs: 1_000, maxMs: 8_000 },
  };

  it('lets exactly `free` of 60 parallel attempts through two handles, and counts each', async () => {
    const database = await shared();
    const t = 1_000_000;
    const throttles = [
      new Throttle(database.open(), () => t),
      new Throttle(database.open(), () => t),
    ];
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => throttles[i % 2]!.reserve([{ key: 'k', policy }])),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok)).toHaveLength(55);
    const row = await database
      .open()
      .selectFrom('throttle')
      .selectAll()
      .where('key', '=', 'k')
      .executeTakeFirstOrThrow();
    // The refused attempts counted nothing; the window ends the wait.
    expect(row).toMatchObject({ count: 5, window_start: t, blocked_until: t + 60_000 });
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, retryAfterSeconds: 60 });
  });

  it('counts on every key or on none, resets a window past its end, and doubles the wait', async () => {
    const database = await shared();
    const clock = { t: 5_000_000 };
    const throttle = new Throttle(database.open(), () => clock.t);
    const a = { key: 'a', policy: backoff };
    const b = { key: 'b', policy };
    for (let i = 0; i < 3; i += 1) expect((await throttle.reserve([a])).ok).toBe(true);
    // `a` waits 1 s: an attempt on both keys counts on neither.
    expect(await throttle.reserve([b, a])).toEqual({ ok: false, retryAfterSeconds: 1 });
    const count = async (key: string) =>
      (
        await database
          .open()
          .selectFrom('throttle')
          .select('count')
          .where('key', '=', key)
          .executeTakeFirst()
      )?.count;
    expect(await count('b')).toBeUndefined();
    clock.t += 1_000;
    expect((await throttle.reserve([b, a])).ok).toBe(true);
    expect(await count('b')).toBe(1);
    // Fourth attempt on `a`: the next wait is 2 s.
    expect(await throttle.reserve([a])).toEqual({ ok: false, retryAfterSeconds: 2 });
    // Past the window (and the wait), the count starts again.
    clock.t += 60_000;
    expect((await throttle.reserve([a])).ok).toBe(true);
    expect(await count('a')).toBe(1);
  });

  it('gives back each of 20 parallel releases through two handles', async () => {
    const database = await shared();
    const t = 9_000_000;
    const throttles = [
      new Throttle(database.open(), () => t),
      new Throttle(database.open(), () => t),
    ];
    const many: ThrottlePolicy = { free: 30, windowMs: 60_000 };
    for (let i = 0; i < 25; i += 1) await throttles[0]!.reserve([{ key: 'r', policy: many }]);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => throttles[i % 2]!.release({ key: 'r', policy: many })),
    );
    const row = await database
      .open()
      .selectFrom('throttle')
      .selectAll()
      .where('key', '=', 'r')
      .executeTakeFirstOrThrow();
    expect(row.count).toBe(5);
  });
});
