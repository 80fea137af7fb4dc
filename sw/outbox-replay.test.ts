import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// Workbox reads `self` as it loads and the Queue reads `self.registration`: a worker's global
// scope without Background Sync (as in Safari and Firefox), before any import runs. Workbox runs
// its production code, as in the built worker (its development checks need a browser).
vi.hoisted(() => {
  const scope = globalThis as unknown as Record<string, unknown>;
  scope.self = globalThis;
  scope.registration = {};
  process.env.NODE_ENV = 'production';
});

import 'fake-indexeddb/auto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Queue } from 'workbox-background-sync';
import { appDb } from '../src/db/database';
import { readDraft, saveDraft } from '../src/db/drafts.repo';
import { getOutboxEntry, saveOutboxEntry } from '../src/db/outbox.repo';
import { validOwnerSubmission } from '../src/domain/owner-questionnaire.fixture';
import { makeTestApp } from '../server/test-app';
import { fingerprint, queueSubmission, replayQueue, type Notify } from './outbox-replay';

/**
 * The replay against the real server (in-memory SQLite) over HTTP, with the real workbox Queue
 * on IndexedDB (fake-indexeddb). `faults` are answers the network gives before the server is
 * reached: a 500 from a failing gateway, or a dropped connection.
 */
let server: ServerType;
let origin = '';
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
const faults: ('500' | 'drop')[] = [];
let reachedServer = 0;

beforeAll(async () => {
  const test = await makeTestApp();
  db = test.db;
  server = serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (request) => {
      const fault = request.url.includes('/api/') ? faults.shift() : undefined;
      if (fault === '500') return new Response('{"message":"Panne"}', { status: 500 });
      if (fault === 'drop') return Promise.reject(new Error('connection reset'));
      reachedServer += 1;
      return test.app.fetch(request);
    },
  });
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
});

let queueCount = 0;
let queue: Queue;
const notices: string[] = [];
const notify: Notify = async (message) => {
  notices.push(message.status);
};

beforeEach(async () => {
  faults.length = 0;
  notices.length = 0;
  reachedServer = 0;
  await Promise.all([appDb.outbox.clear(), appDb.drafts.clear()]);
  queueCount += 1;
  queue = new Queue(`test-${queueCount}`, { onSync: async () => undefined });
});

function ownerRequest(email: string, key: string, overrides: Record<string, unknown> = {}) {
  const body = {
    ...validOwnerSubmission,
    contact: { ...validOwnerSubmission.contact, email, ...overrides },
  };
  return new Request(`${origin}/api/public/biens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(body),
  });
}

const storedFor = async (email: string) =>
  (
    await db
      .selectFrom('owner_contact')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).n;

describe('outbox replay', () => {
  it('retries a submission answered 500 or cut off until the server has it, then clears the draft', async () => {
    const draft = await saveDraft('owner', { step: 15, answers: { email: 'a@exemple.fr' } });
    const key = draft.idempotencyKey;
    await queueSubmission(queue, ownerRequest('a@exemple.fr', key), 'owner', notify);
    faults.push('500', 'drop');

    await replayQueue(queue, notify, true);
    expect(await getOutboxEntry(key)).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await getOutboxEntry(key))?.message).toMatch(/erreur 500/);
    await replayQueue(queue, notify, true);
    expect(await getOutboxEntry(key)).toMatchObject({ status: 'queued', attempts: 2 });
    expect(await storedFor('a@exemple.fr')).toBe(0);

    await replayQueue(queue, notify, true);
    const entry = await getOutboxEntry(key);
    expect(entry).toMatchObject({ status: 'sent', attempts: 3 });
    expect(entry?.inflight).toBeUndefined();
    expect(await storedFor('a@exemple.fr')).toBe(1);
    expect(await queue.size()).toBe(0);
    expect(await readDraft('owner')).toBeUndefined();
    expect(notices).toContain('sent');
  });

  it('waits for the backoff unless asked to send now', async () => {
    const key = crypto.randomUUID();
    await queueSubmission(queue, ownerRequest('b@exemple.fr', key), 'owner', notify);
    faults.push('500');
    await replayQueue(queue, notify);
    await replayQueue(queue, notify);
    expect(await getOutboxEntry(key)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(reachedServer).toBe(0);
    await replayQueue(queue, notify, true);
    expect(await getOutboxEntry(key)).toMatchObject({ status: 'sent' });
  });

  it('sends two identical copies of one submission once, and drops the copy', async () => {
    const key = crypto.randomUUID();
    await queueSubmission(queue, ownerRequest('c@exemple.fr', key), 'owner', notify);
    await queueSubmission(queue, ownerRequest('c@exemple.fr', key), 'owner', notify);
    expect(await appDb.outbox.count()).toBe(1);
    await replayQueue(queue, notify);
    expect(await storedFor('c@exemple.fr')).toBe(1);
    expect(reachedServer).toBe(1);
    expect(await queue.size()).toBe(0);
  });

  it('keeps a refusal with the server message, never retried, and the draft for correction', async () => {
    const draft = await saveDraft('owner', { step: 15, answers: { email: 'd@exemple.fr' } });
    const key = draft.idempotencyKey;
    const bad = ownerRequest('d@exemple.fr', key, { phone: '12' });
    await queueSubmission(queue, bad, 'owner', notify);
    await replayQueue(queue, notify);
    const entry = await getOutboxEntry(key);
    expect(entry?.status).toBe('failed');
    expect(entry?.message).toMatch(/numéro français valide/);
    await replayQueue(queue, notify, true);
    expect(reachedServer).toBe(1);
    expect((await readDraft('owner'))?.failedKey).toBe(key);
  });

  it('puts back a send the browser interrupted (worker stopped mid-request)', async () => {
    const key = crypto.randomUUID();
    const request = ownerRequest('e@exemple.fr', key);
    await queueSubmission(queue, request.clone(), 'owner', notify);
    // What a stopped worker leaves: the request out of the queue, its in-flight copy written.
    const item = await queue.shiftRequest();
    expect(item).toBeDefined();
    const body = await request.text();
    await saveOutboxEntry({
      ...(await getOutboxEntry(key))!,
      status: 'sending',
      inflight: {
        url: request.url,
        method: 'POST',
        headers: [
          ['content-type', 'application/json'],
          ['idempotency-key', key],
        ],
        body,
      },
    });
    await replayQueue(queue, notify);
    expect(await getOutboxEntry(key)).toMatchObject({
      status: 'sent',
      settledHash: await fingerprint(body),
    });
    expect(await storedFor('e@exemple.fr')).toBe(1);
  });

  it('shows an entry whose request is gone as failed instead of waiting forever', async () => {
    const key = crypto.randomUUID();
    await saveDraft('owner', { step: 15, answers: {} });
    const old = Date.now() - 5 * 60_000;
    await saveOutboxEntry({
      key,
      flow: 'owner',
      status: 'queued',
      attempts: 0,
      nextAttemptAt: old,
      createdAt: old,
      updatedAt: old,
    });
    await replayQueue(queue, notify);
    const entry = await getOutboxEntry(key);
    expect(entry?.status).toBe('failed');
    expect(entry?.message).toMatch(/renvoyez le formulaire/);
  });
});
