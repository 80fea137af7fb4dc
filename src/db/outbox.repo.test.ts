import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxChange } from '../domain/outbox';
import { createApiCache } from './api-cache.repo';
import { AppDatabase } from './database';
import { createOutbox } from './outbox.repo';

let db: AppDatabase;
afterEach(async () => {
  db.close();
  await db.delete();
});

const note = (text: string): OutboxChange => ({
  flow: 'staff-note',
  recordType: 'buyer',
  recordId: 'b1',
  text,
  visibleToClient: false,
});

describe('the outbox: the one place a signed-in change waits on the device', () => {
  it('records a change with its owner in one write, lists it for that owner and flow only', async () => {
    db = new AppDatabase(`outbox-${Math.random()}`);
    const outbox = createOutbox(db);
    await outbox.recordQueued('key-note-1', 'staff-note', 'Visite', {
      owner: 'hunter',
      change: note('Visite'),
    });
    await outbox.recordQueued('key-criteria', 'client-criteria', undefined, {
      owner: 'client',
      change: { flow: 'client-criteria', projectId: 4, criteria: { budget: 1 } as never },
    });
    await outbox.recordQueued('key-owner-form', 'owner', 'a@b.fr');

    expect(await outbox.listChanges('hunter', 'staff-note')).toMatchObject([
      { key: 'key-note-1', status: 'queued', owner: 'hunter', change: note('Visite') },
    ]);
    expect(await outbox.listChanges('client', 'staff-note')).toEqual([]);
    expect(await outbox.listChanges('client', 'client-criteria')).toHaveLength(1);
  });

  it('keeps one entry per key: a second queueing keeps the first, completing what it lacked', async () => {
    db = new AppDatabase(`outbox-${Math.random()}`);
    const outbox = createOutbox(db);
    // The replay found a request without its entry: recorded bare.
    await outbox.recordQueued('key-note-2', 'staff-note');
    await outbox.recordQueued('key-note-2', 'staff-note', 'Visite', {
      owner: 'hunter',
      change: note('Visite'),
    });
    await outbox.recordQueued('key-note-2', 'staff-note', 'Autre', {
      owner: 'hunter',
      change: note('Autre'),
    });
    expect(await db.outbox.count()).toBe(1);
    expect(await outbox.listChanges('hunter', 'staff-note')).toMatchObject([
      { key: 'key-note-2', change: note('Visite') },
    ]);
  });

  it('is out of reach of the kept answers’ trim', async () => {
    db = new AppDatabase(`outbox-${Math.random()}`);
    const outbox = createOutbox(db);
    const cache = createApiCache(db);
    await outbox.recordQueued('key-note-3', 'staff-note', 'Visite', {
      owner: 'hunter',
      change: note('Visite'),
    });
    for (let i = 0; i < 400; i += 1) await cache.write('hunter', `/api/x/${i}`, i, i);
    await cache.clear();
    expect(await outbox.listChanges('hunter', 'staff-note')).toHaveLength(1);
  });
});
