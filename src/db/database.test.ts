import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { newOutboxEntry } from '../domain/outbox';
import { AppDatabase, type DraftRecord } from './database';

describe('database versions', () => {
  it('keeps the drafts and the outbox of a version 2 database when versions 3, 4 and 5 add the basket, the kept answers and the draft photos', async () => {
    const name = 'upgrade-from-v2';
    // The schema as the previous release declared it.
    const previous = new Dexie(name);
    previous.version(1).stores({
      drafts: 'flow',
      geoDepartements: 'region',
      geoCommunes: 'departement',
    });
    previous.version(2).stores({ outbox: 'key, status, flow' });
    const draft: DraftRecord = {
      flow: 'owner',
      step: 4,
      answers: { propertyType: 'Résidence principale', department: '94' },
      idempotencyKey: '6f1c1f0e-54a4-4c4b-9a55-0d2f1b3c4d5e',
      updatedAt: 1_700_000_000_000,
    };
    const entry = newOutboxEntry(draft.idempotencyKey, 'owner', 1_700_000_000_000, 'a@b.fr');
    await previous.table('drafts').put(draft);
    await previous.table('outbox').put(entry);
    expect(previous.verno).toBe(2);
    previous.close();

    const upgraded = new AppDatabase(name);
    await upgraded.open();
    expect(upgraded.verno).toBe(5);
    expect(await upgraded.drafts.get('owner')).toEqual(draft);
    expect(await upgraded.outbox.get(entry.key)).toEqual(entry);
    expect(await upgraded.outbox.where('status').equals('queued').count()).toBe(1);
    expect(await upgraded.basketLines.count()).toBe(0);
    expect(await upgraded.apiCache.count()).toBe(0);
    expect(await upgraded.draftPhotos.count()).toBe(0);
    upgraded.close();
    await Dexie.delete(name);
  });
});
