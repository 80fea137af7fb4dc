import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { validOwnerSubmission } from '../../src/domain/owner-questionnaire.fixture';
import type { Db } from '../db/database';
import { bodyHash, once } from './idempotency';
import { sharedTestDatabase } from '../db/test-database';
import { makeTestApp } from '../test-app';

/**
 * One Idempotency-Key sent many times at once, to one server or to two on one database (issue
 * 26): one record, one answer replayed to every request, never a 500 — on SQLite and on a real
 * PostgreSQL, where nothing serializes the requests but the key's claim.
 */
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function instances(count: number) {
  const shared = await sharedTestDatabase();
  cleanup.push(() => shared.close());
  return Promise.all(Array.from({ length: count }, () => makeTestApp({ db: shared.open() })));
}

const postLead = (key: string, body: unknown = validOwnerSubmission): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
  body: JSON.stringify(body),
});

async function countOf(db: Db, table: 'owner_property' | 'owner_contact' | 'mail_queue') {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function answersOf(responses: Response[]) {
  return Promise.all(
    responses.map(async (r) => ({ status: r.status, body: (await r.json()) as unknown })),
  );
}

describe('one Idempotency-Key sent many times at once', () => {
  it('stores one lead and gives every one of 20 parallel requests to one server the same answer', async () => {
    const [one] = await instances(1);
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => one!.app.request('/api/public/biens', postLead(key))),
    );
    const answers = await answersOf(responses);
    expect(answers.map((a) => a.status)).toEqual(Array<number>(20).fill(201));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(responses.filter((r) => r.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(
      19,
    );
    expect(await countOf(one!.db, 'owner_property')).toBe(1);
    expect(await countOf(one!.db, 'owner_contact')).toBe(1);
    // The lead's two mails (the owner's confirmation, the staff's notice), once.
    expect(await countOf(one!.db, 'mail_queue')).toBe(2);
  });

  it('stores one lead when 20 requests are spread over two servers on one database', async () => {
    const [a, b] = await instances(2);
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? a! : b!).app.request('/api/public/biens', postLead(key)),
      ),
    );
    const answers = await answersOf(responses);
    expect(answers.map((a) => a.status)).toEqual(Array<number>(20).fill(201));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await countOf(a!.db, 'owner_property')).toBe(1);
    expect(await countOf(b!.db, 'owner_contact')).toBe(1);
    expect(await countOf(b!.db, 'mail_queue')).toBe(2);
  });

  it('answers 409 to other answers under a key in use, and stores only the first', async () => {
    const [a, b] = await instances(2);
    const key = randomUUID();
    const other = {
      ...validOwnerSubmission,
      contact: { ...validOwnerSubmission.contact, firstname: 'Autre' },
    };
    const first = await a!.app.request('/api/public/biens', postLead(key));
    expect(first.status).toBe(201);
    const again = await b!.app.request('/api/public/biens', postLead(key, other));
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(/d’autres réponses/);
    expect(await countOf(a!.db, 'owner_property')).toBe(1);
  });
});

describe('a key whose first request stored nothing', () => {
  it('is free again after a refusal: the corrected answers under the same key are stored', async () => {
    const [a, b] = await instances(2);
    const key = randomUUID();
    const wrongCity = {
      ...validOwnerSubmission,
      bien: { ...validOwnerSubmission.bien, city: 'Lyon' },
    };
    const refused = await a!.app.request('/api/public/biens', postLead(key, wrongCity));
    expect(refused.status).toBe(400);
    const stored = await b!.app.request('/api/public/biens', postLead(key));
    expect(stored.status).toBe(201);
    expect(stored.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await countOf(a!.db, 'owner_property')).toBe(1);
  });
});

describe('once(): the claim of a key', () => {
  const work = (n: { runs: number }) => async () => {
    n.runs += 1;
    const run = n.runs;
    // Long enough for the others to find the claim taken.
    await new Promise((resolve) => setTimeout(resolve, 30));
    return { status: 201, body: { run } };
  };

  it('runs the work once for parallel calls through two handles, and the others replay it', async () => {
    const [a, b] = await instances(2);
    const n = { runs: 0 };
    const hash = bodyHash({ x: 1 });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const db = i % 2 === 0 ? a!.db : b!.db;
        return once(db, 'test', 'key-of-the-race-0001', hash, work(n));
      }),
    );
    expect(n.runs).toBe(1);
    expect(results.filter((r) => r.kind === 'new')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'replay')).toHaveLength(9);
    expect(
      new Set(results.map((r) => (r.kind === 'conflict' ? '' : JSON.stringify(r.answer)))),
    ).toEqual(new Set([JSON.stringify({ status: 201, body: { run: 1 } })]));
  });

  it('gives the key back when the work fails, so a retry runs it', async () => {
    const [a] = await instances(1);
    const hash = bodyHash({ x: 1 });
    await expect(
      once(a!.db, 'test', 'key-of-a-failure-01', hash, () => Promise.reject(new Error('panne'))),
    ).rejects.toThrow('panne');
    const retried = await once(a!.db, 'test', 'key-of-a-failure-01', hash, () =>
      Promise.resolve({ status: 201, body: { ok: true } }),
    );
    expect(retried).toEqual({ kind: 'new', answer: { status: 201, body: { ok: true } } });
  });

  it('answers 503 « requête identique en cours » (to be tried again) when the first never ends, and takes over a claim left by a stopped server', async () => {
    const [a] = await instances(1);
    const hash = bodyHash({ x: 1 });
    // A claim being worked on right now (another server): the wait is bounded.
    await a!.db
      .insertInto('idempotency_key')
      .values({
        scope: 'test',
        key: 'key-in-progress-001',
        body_hash: hash,
        status: 0,
        response: randomUUID(),
        created_at: new Date().toISOString(),
      })
      .execute();
    const started = Date.now();
    const busy = once(
      a!.db,
      'test',
      'key-in-progress-001',
      hash,
      () => Promise.resolve({ status: 201, body: {} }),
      { waitMs: 300 },
    );
    await expect(busy).rejects.toMatchObject({
      status: 503,
      message: expect.stringMatching(/requête identique est en cours/) as unknown,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);

    // A claim older than the lease: its server stopped mid-work; a retry takes it over.
    await a!.db
      .updateTable('idempotency_key')
      .set({ created_at: new Date(Date.now() - 10 * 60_000).toISOString() })
      .where('key', '=', 'key-in-progress-001')
      .execute();
    const taken = await once(a!.db, 'test', 'key-in-progress-001', hash, () =>
      Promise.resolve({ status: 201, body: { taken: true } }),
    );
    expect(taken).toEqual({ kind: 'new', answer: { status: 201, body: { taken: true } } });
  });
});
