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
import { createApiCache } from '../src/db/api-cache.repo';
import { getOutboxEntry, listChanges, saveOutboxEntry } from '../src/db/outbox.repo';
import { OUTBOX_RETENTION_MS } from '../src/domain/outbox';
import { validRegistration } from '../src/domain/buyer-signup.fixture';
import { validOwnerSubmission } from '../src/domain/owner-questionnaire.fixture';
import { makeTestApp, postJson } from '../server/test-app';
import { queuedFlowOf, queueSubmission, replayQueue, type Notify } from './outbox-replay';
import { Role } from '../src/domain/roles';
import { TokenService } from '../server/auth/tokens';
import { UsersRepo } from '../server/resources/users/users.repo';

/**
 * The replay against the real server (in-memory SQLite) over HTTP, with the real workbox Queue
 * on IndexedDB (fake-indexeddb). `faults` are answers the network gives before the server is
 * reached: a 500 from a failing gateway, or a dropped connection.
 */
let server: ServerType;
let origin = '';
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
/** '500': a failing gateway; 'drop': the connection cut before the server; 'lost-answer': the
 * server stored it, then the answer was lost on the way back. */
/** 'limited': the request goes to a second real app whose per-address form limit is used up. */
const faults: ('500' | 'drop' | 'lost-answer' | 'limited')[] = [];
let limited: Awaited<ReturnType<typeof makeTestApp>>;
let main: Awaited<ReturnType<typeof makeTestApp>>;
let reachedServer = 0;

beforeAll(async () => {
  // Many submissions from one address: the per-address form limit is tested in server/resources/leads/public-forms-abuse.test.ts.
  const test = await makeTestApp({ env: { PUBLIC_FORM_HOURLY_LIMIT: '1000' } });
  limited = await makeTestApp({ env: { PUBLIC_FORM_HOURLY_LIMIT: '1' } });
  const first = await limited.app.request(
    '/api/public/biens',
    postJson(validOwnerSubmission, { 'Idempotency-Key': crypto.randomUUID() }),
  );
  if (first.status !== 201) throw new Error(`limite non consommée : ${first.status}`);
  db = test.db;
  main = test;
  server = serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (request) => {
      const fault = request.url.includes('/api/') ? faults.shift() : undefined;
      if (fault === '500') return new Response('{"message":"Panne"}', { status: 500 });
      if (fault === 'drop') return Promise.reject(new Error('connection reset'));
      if (fault === 'limited') return limited.app.fetch(request);
      reachedServer += 1;
      if (fault === 'lost-answer') {
        return Promise.resolve(test.app.fetch(request)).then(() => {
          throw new Error('connection reset after the server answered');
        });
      }
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
    faults.push('500', 'drop', 'lost-answer');

    await replayQueue(queue, notify, true);
    expect(await getOutboxEntry(key)).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await getOutboxEntry(key))?.message).toMatch(/erreur 500/);
    await replayQueue(queue, notify, true);
    expect(await getOutboxEntry(key)).toMatchObject({ status: 'queued', attempts: 2 });
    expect(await storedFor('a@exemple.fr')).toBe(0);
    // Stored by the server, but the answer never came back: sent again, stored once.
    await replayQueue(queue, notify, true);
    expect(await getOutboxEntry(key)).toMatchObject({ status: 'queued', attempts: 3 });
    expect(await storedFor('a@exemple.fr')).toBe(1);

    await replayQueue(queue, notify, true);
    const entry = await getOutboxEntry(key);
    expect(entry).toMatchObject({ status: 'sent', attempts: 4 });
    expect(await storedFor('a@exemple.fr')).toBe(1);
    expect(await queue.size()).toBe(0);
    expect(await readDraft('owner')).toBeUndefined();
    expect(notices).toContain('sent');
  });

  it('keeps a submission the server refuses for too many sends (429) queued until its Retry-After, with its message', async () => {
    const key = crypto.randomUUID();
    await queueSubmission(queue, ownerRequest('limite@exemple.fr', key), 'owner', notify);
    faults.push('limited');
    const before = Date.now();
    await replayQueue(queue, notify, true);
    const entry = await getOutboxEntry(key);
    expect(entry).toMatchObject({ status: 'queued', attempts: 1 });
    expect(entry?.message).toMatch(/Plusieurs envois viennent d’être faits/);
    expect(entry!.nextAttemptAt).toBeGreaterThanOrEqual(before + 3_500_000);
    await replayQueue(queue, notify);
    expect(await getOutboxEntry(key)).toMatchObject({ attempts: 1 });
    // Once the server takes it again (the hour has passed, or the network returns), it goes.
    await replayQueue(queue, notify, true);
    expect(await getOutboxEntry(key)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await storedFor('limite@exemple.fr')).toBe(1);
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
    expect(await queue.size()).toBe(0); // not kept for another try
    await replayQueue(queue, notify, true);
    expect(reachedServer).toBe(1);
    expect((await readDraft('owner'))?.failedKey).toBe(key);
  });

  it('sends again a submission left sending by a worker the browser stopped', async () => {
    const key = crypto.randomUUID();
    await queueSubmission(queue, ownerRequest('e@exemple.fr', key), 'owner', notify);
    // What a stopped worker leaves: the entry 'sending', the request still in the queue.
    await saveOutboxEntry({ ...(await getOutboxEntry(key))!, status: 'sending' });
    await replayQueue(queue, notify);
    expect(await getOutboxEntry(key)).toMatchObject({ status: 'sent' });
    expect(await storedFor('e@exemple.fr')).toBe(1);
    expect(await queue.size()).toBe(0);
  });

  it('replays asked for at once run one after the other, and lose nothing', async () => {
    const keys = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    for (const [i, key] of keys.entries()) {
      await queueSubmission(queue, ownerRequest(`f${i}@exemple.fr`, key), 'owner', notify);
    }
    faults.push('500');
    await Promise.all([replayQueue(queue, notify), replayQueue(queue, notify, true)]);
    for (const [i, key] of keys.entries()) {
      expect(await getOutboxEntry(key)).toMatchObject({ status: 'sent' });
      expect(await storedFor(`f${i}@exemple.fr`)).toBe(1);
    }
    // The first pass met the 500; the forced pass asked meanwhile sent it past its backoff.
    expect(reachedServer).toBe(3);
    expect(await queue.size()).toBe(0);
  });

  it('sends what is due behind an entry still waiting for its backoff', async () => {
    const waiting = crypto.randomUUID();
    const due = crypto.randomUUID();
    await queueSubmission(queue, ownerRequest('g1@exemple.fr', waiting), 'owner', notify);
    await queueSubmission(queue, ownerRequest('g2@exemple.fr', due), 'owner', notify);
    faults.push('500', '500');
    await replayQueue(queue, notify);
    expect(await getOutboxEntry(waiting)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await getOutboxEntry(due)).toMatchObject({ status: 'queued', attempts: 1 });
    // Only the second is due now: it is sent, the first keeps its place in the queue.
    await saveOutboxEntry({ ...(await getOutboxEntry(due))!, nextAttemptAt: 0 });
    await replayQueue(queue, notify);
    expect(await getOutboxEntry(due)).toMatchObject({ status: 'sent' });
    expect(await getOutboxEntry(waiting)).toMatchObject({ status: 'queued' });
    expect((await queue.getAll()).map((e) => e.request.headers.get('Idempotency-Key'))).toEqual([
      waiting,
    ]);
  });

  it('does not send a stale tab’s other answers under a key already sent', async () => {
    const key = crypto.randomUUID();
    await queueSubmission(queue, ownerRequest('h@exemple.fr', key), 'owner', notify);
    await replayQueue(queue, notify);
    await queueSubmission(
      queue,
      ownerRequest('h@exemple.fr', key, { phone: '07 00 00 00 00' }),
      'owner',
      notify,
    );
    await replayQueue(queue, notify);
    const entry = await getOutboxEntry(key);
    expect(entry?.status).toBe('sent');
    expect(entry?.message).toMatch(/la première version est arrivée/);
    expect(reachedServer).toBe(1);
    expect(await queue.size()).toBe(0);
  });

  it('quotes the server once when its message and the field’s say the same (409)', async () => {
    const body = JSON.stringify({ ...validRegistration, email: 'j@exemple.fr' });
    const registration = (key: string) =>
      new Request(`${origin}/api/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body,
      });
    const first = crypto.randomUUID();
    const second = crypto.randomUUID();
    await queueSubmission(queue, registration(first), 'buyer', notify);
    await queueSubmission(queue, registration(second), 'buyer', notify);
    await replayQueue(queue, notify);
    expect(await getOutboxEntry(first)).toMatchObject({ status: 'sent' });
    const refused = await getOutboxEntry(second);
    expect(refused?.status).toBe('failed');
    const message = refused?.message ?? '';
    expect(message).toMatch(/Un compte existe déjà/);
    expect(message.match(/Un compte existe déjà/g)).toHaveLength(1);
  });

  it('never writes a registration’s password to the outbox', async () => {
    const key = crypto.randomUUID();
    const password = 'Secret-Maison-2026';
    const request = new Request(`${origin}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ email: 'i@exemple.fr', password, passwordConfirm: password }),
    });
    await queueSubmission(queue, request, 'buyer', notify);
    faults.push('500');
    await replayQueue(queue, notify);
    expect(JSON.stringify(await appDb.outbox.toArray())).not.toContain(password);
    await replayQueue(queue, notify, true);
    expect(JSON.stringify(await appDb.outbox.toArray())).not.toContain(password);
  });

  it('shows an entry whose request is gone as failed instead of waiting forever', async () => {
    const { idempotencyKey: key } = await saveDraft('owner', { step: 15, answers: {} });
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
    expect(entry?.message).toMatch(/pas pu être conservé/);
    // Its draft is kept, and its next edit will get a new key.
    expect((await readDraft('owner'))?.failedKey).toBe(key);
  });

  it('says an entry past its retention has expired', async () => {
    const key = crypto.randomUUID();
    const old = Date.now() - OUTBOX_RETENTION_MS - 60_000;
    await saveOutboxEntry({
      key,
      flow: 'buyer',
      status: 'queued',
      attempts: 3,
      nextAttemptAt: old,
      createdAt: old,
      updatedAt: old,
    });
    await replayQueue(queue, notify);
    expect((await getOutboxEntry(key))?.message).toMatch(/a expiré/);
  });
});

describe('a hunter’s note written without network (issue 15)', () => {
  it('is replayed with its bearer token and stored once, even when the first answer was lost', async () => {
    const users = new UsersRepo(db);
    const hunter = await users.create({
      email: 'chasseur.note@exemple.fr',
      passwordHash: 'x',
      firstname: 'Hugo',
      lastname: 'Chasseur',
      roles: [Role.CHASSEUR],
      isActive: true,
    });
    const client = await users.create({
      email: 'client.note@exemple.fr',
      passwordHash: 'x',
      firstname: 'Clara',
      lastname: 'Cliente',
      roles: [Role.CLIENT],
      isActive: true,
      idChasseur: hunter.id,
    });
    const { token } = await new TokenService(db, main.jwtSecret).issue({
      id: hunter.id,
      roles: [Role.CHASSEUR],
      sessionVersion: hunter.session_version,
    });
    const key = crypto.randomUUID();
    const request = new Request(`${origin}/api/staff/notes`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({
        recordType: 'buyer',
        recordId: client.id,
        text: 'Rappelée depuis le parking : visite samedi 10 h',
        visibleToClient: false,
      }),
    });
    await queueSubmission(queue, request, 'staff-note', notify);
    expect(await getOutboxEntry(key)).toMatchObject({
      flow: 'staff-note',
      status: 'queued',
      summary: 'Rappelée depuis le parking : visite samedi 10 h',
    });
    faults.push('lost-answer');
    await replayQueue(queue, notify, true);
    await replayQueue(queue, notify, true);
    expect((await getOutboxEntry(key))?.status).toBe('sent');
    const notes = await db
      .selectFrom('staff_note')
      .select('text')
      .where('record_id', '=', client.id)
      .execute();
    expect(notes).toHaveLength(1);
  });
});

describe('which POSTs may wait for the network', () => {
  it('knows the fixed paths, a client’s criteria edit under any project id and a document’s upload (PUT), nothing else', () => {
    expect(queuedFlowOf('/api/register')).toBe('buyer');
    expect(queuedFlowOf('/api/staff/notes')).toBe('staff-note');
    expect(queuedFlowOf('/api/client/projects/42/criteria')).toBe('client-criteria');
    expect(queuedFlowOf('/api/client/projects/x/criteria')).toBeUndefined();
    expect(queuedFlowOf('/api/client/projects/42/criteria/extra')).toBeUndefined();
    expect(queuedFlowOf('/api/client/documents/identite', 'PUT')).toBe('client-document');
    expect(queuedFlowOf('/api/client/documents/identite')).toBeUndefined();
    expect(queuedFlowOf('/api/client/documents/../../x', 'PUT')).toBeUndefined();
    expect(queuedFlowOf('/api/register', 'PUT')).toBeUndefined();
    expect(queuedFlowOf('/api/client/delete-account')).toBeUndefined();
    expect(queuedFlowOf('/api/toString')).toBeUndefined();
  });

  it('keeps a long form copy’s update (PUT, issue 33) for the network, not its making nor its e-mail', () => {
    const token = 'A'.repeat(42) + '_';
    expect(queuedFlowOf(`/api/form-copies/${token}`, 'PUT')).toBe('form-copy');
    expect(queuedFlowOf('/api/form-copies', 'POST')).toBeUndefined();
    expect(queuedFlowOf(`/api/form-copies/${token}/email`, 'POST')).toBeUndefined();
    expect(queuedFlowOf('/api/form-copies/court', 'PUT')).toBeUndefined();
  });
});

/** A buyer signed up through the real API, and a client session for them. */
async function signedUpClient(email: string) {
  const registered = await main.app.request(
    '/api/register',
    postJson({ ...validRegistration, email }, { 'Idempotency-Key': crypto.randomUUID() }),
  );
  expect(registered.status).toBe(201);
  const user = await db
    .selectFrom('app_user')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const { token } = await new TokenService(db, main.jwtSecret).issue({
    id: user.id,
    roles: [Role.CLIENT],
    sessionVersion: user.session_version,
  });
  return { user, token };
}

describe('a client’s criteria edit made without network (issue 16)', () => {
  it('is replayed with its bearer token and applied once, even when the first answer was lost', async () => {
    const email = 'client.criteres@exemple.fr';
    const { user, token } = await signedUpClient(email);
    const project = await db
      .selectFrom('buyer_project')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const key = crypto.randomUUID();
    const { project: criteria } = validRegistration;
    const request = new Request(`${origin}/api/client/projects/${project.id}/criteria`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ ...criteria, budget: 612_000, version: project.version }),
    });
    await queueSubmission(queue, request, 'client-criteria', notify);
    expect(await getOutboxEntry(key)).toMatchObject({ flow: 'client-criteria', status: 'queued' });
    faults.push('lost-answer');
    await replayQueue(queue, notify, true);
    await replayQueue(queue, notify, true);
    expect((await getOutboxEntry(key))?.status).toBe('sent');
    const after = await db
      .selectFrom('buyer_project')
      .select(['budget', 'version'])
      .where('id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ budget: 612_000, version: project.version + 1 });
  });
});

describe('a client’s document sent without network (issue 16)', () => {
  it('keeps the file’s bytes, replays them with the token and records them once, even when the first answer was lost', async () => {
    const email = 'client.document@exemple.fr';
    const { user, token } = await signedUpClient(email);
    const key = crypto.randomUUID();
    const pdf = new Uint8Array([...new TextEncoder().encode('%PDF-1.4\n'), 0, 255, 128, 10]);
    const request = new Request(`${origin}/api/client/documents/salaires`, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/pdf',
        'X-File-Name': encodeURIComponent('bulletins été.pdf'),
        'Idempotency-Key': key,
        Authorization: `Bearer ${token}`,
      },
      body: pdf,
    });
    await queueSubmission(queue, request, 'client-document', notify);
    expect(await getOutboxEntry(key)).toMatchObject({
      flow: 'client-document',
      status: 'queued',
      summary: 'bulletins été.pdf',
    });
    faults.push('lost-answer');
    await replayQueue(queue, notify, true);
    await replayQueue(queue, notify, true);
    expect((await getOutboxEntry(key))?.status).toBe('sent');
    const stored = await db
      .selectFrom('client_document')
      .select(['kind', 'size', 'original_name'])
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toEqual([
      { kind: 'salaires', size: pdf.byteLength, original_name: 'bulletins été.pdf' },
    ]);
    const uploads = await db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'document.upload')
      .where('record_id', '=', user.id)
      .execute();
    expect(uploads).toHaveLength(1);
  });
});

describe('a signed-in change made without network lives in the outbox only (issue 25)', () => {
  it('keeps a note and a criteria edit with whose they are and what they say, past 400 kept answers, and sends each once', async () => {
    const users = new UsersRepo(db);
    const hunter = await users.create({
      email: 'chasseur.outbox@exemple.fr',
      passwordHash: 'x',
      firstname: 'Hugo',
      lastname: 'Chasseur',
      roles: [Role.CHASSEUR],
      isActive: true,
    });
    const { user: client, token: clientToken } = await signedUpClient('client.outbox@exemple.fr');
    await db
      .updateTable('app_user')
      .set({ id_chasseur: hunter.id })
      .where('id', '=', client.id)
      .execute();
    const { token: hunterToken } = await new TokenService(db, main.jwtSecret).issue({
      id: hunter.id,
      roles: [Role.CHASSEUR],
      sessionVersion: hunter.session_version,
    });
    const project = await db
      .selectFrom('buyer_project')
      .selectAll()
      .where('user_id', '=', client.id)
      .executeTakeFirstOrThrow();
    const noteKey = crypto.randomUUID();
    const criteriaKey = crypto.randomUUID();
    const text = 'Rappelée hors réseau : visite samedi';
    await queueSubmission(
      queue,
      new Request(`${origin}/api/staff/notes`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key': noteKey,
          'X-Outbox-Owner': hunter.id,
          Authorization: `Bearer ${hunterToken}`,
        },
        body: JSON.stringify({
          recordType: 'buyer',
          recordId: client.id,
          text,
          visibleToClient: true,
        }),
      }),
      'staff-note',
      notify,
    );
    const { project: criteria } = validRegistration;
    await queueSubmission(
      queue,
      new Request(`${origin}/api/client/projects/${project.id}/criteria`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key': criteriaKey,
          'X-Outbox-Owner': client.id,
          Authorization: `Bearer ${clientToken}`,
        },
        body: JSON.stringify({ ...criteria, budget: 634_000, version: project.version }),
      }),
      'client-criteria',
      notify,
    );

    // 400 other answers kept for each account: the cache's trim (300 a person) runs, the
    // changes are not in its table.
    const cache = createApiCache(appDb);
    for (let i = 0; i < 400; i += 1) {
      await cache.write(hunter.id, `/api/staff/buyers/${i}`, { i });
      await cache.write(client.id, `/api/client/read/${i}`, { i });
    }
    expect(await appDb.apiCache.where('userId').equals(hunter.id).count()).toBe(300);

    const [note] = await listChanges(hunter.id, 'staff-note');
    expect(note).toMatchObject({
      key: noteKey,
      status: 'queued',
      owner: hunter.id,
      change: {
        flow: 'staff-note',
        recordType: 'buyer',
        recordId: client.id,
        text,
        visibleToClient: true,
      },
    });
    const [edit] = await listChanges(client.id, 'client-criteria');
    expect(edit).toMatchObject({ key: criteriaKey, owner: client.id });
    expect(edit?.change).toMatchObject({ projectId: project.id, criteria: { budget: 634_000 } });
    expect(edit?.change.criteria).not.toHaveProperty('version');
    // Another account's screens see none of them.
    expect(await listChanges(client.id, 'staff-note')).toEqual([]);

    faults.push('lost-answer', 'lost-answer');
    await replayQueue(queue, notify, true);
    await replayQueue(queue, notify, true);
    await replayQueue(queue, notify, true);
    expect((await getOutboxEntry(noteKey))?.status).toBe('sent');
    expect((await getOutboxEntry(criteriaKey))?.status).toBe('sent');
    const notes = await db
      .selectFrom('staff_note')
      .select('text')
      .where('record_id', '=', client.id)
      .execute();
    expect(notes).toEqual([{ text }]);
    const edits = await db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'criteria')
      .where('record_id', '=', client.id)
      .execute();
    expect(edits).toHaveLength(1);
    const after = await db
      .selectFrom('buyer_project')
      .select(['budget', 'version'])
      .where('id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ budget: 634_000, version: project.version + 1 });
  });
});
