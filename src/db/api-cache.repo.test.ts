import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiCache } from './api-cache.repo';
import { AppDatabase } from './database';

let db: AppDatabase;
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('the kept answers of signed-in screens', () => {
  it('keeps the last answer per account and path with its date, and forgets all at sign-out', async () => {
    db = new AppDatabase(`cache-${Math.random()}`);
    const cache = createApiCache(db);
    await cache.write('hunter', '/api/staff/buyers', { items: [1] }, 1000);
    await cache.write('hunter', '/api/staff/buyers', { items: [1, 2] }, 2000);
    await cache.write('other', '/api/staff/buyers', { items: [9] }, 1500);
    expect(await cache.read('hunter', '/api/staff/buyers')).toMatchObject({
      data: { items: [1, 2] },
      fetchedAt: 2000,
    });
    expect((await cache.read('other', '/api/staff/buyers'))?.data).toEqual({ items: [9] });
    expect(await cache.read('hunter', '/api/staff/leads')).toBeUndefined();
    await cache.clear();
    expect(await db.apiCache.count()).toBe(0);
  });

  it('keeps at most 300 answers per account, the oldest going first', async () => {
    db = new AppDatabase(`cache-${Math.random()}`);
    const cache = createApiCache(db);
    for (let i = 0; i < 305; i++) await cache.write('hunter', `/api/staff/buyers/${i}`, i, i);
    expect(await db.apiCache.where('userId').equals('hunter').count()).toBe(300);
    expect(await cache.read('hunter', '/api/staff/buyers/4')).toBeUndefined();
    expect(await cache.read('hunter', '/api/staff/buyers/5')).toBeDefined();
  });
});
