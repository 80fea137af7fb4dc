import 'fake-indexeddb/auto';
import { FetchError } from 'ofetch';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiCache } from '../../db/api-cache.repo';
import { AppDatabase } from '../../db/database';
import { KEPT_BUYERS_MAX, keepAssignedRecords } from './keep-records';

let db: AppDatabase;
afterEach(async () => {
  db.close();
  await db.delete();
});

const offline = () => new FetchError('fetch failed');
const refused = (status: number) => {
  const error = new FetchError(`${status}`);
  Object.assign(error, { response: { status } });
  return error;
};

/** A server of `buyers` buyers (one project each) and `leads` leads assigned to 'h1'. */
function server(buyers: number, leads: number, fail: (path: string) => Error | undefined) {
  const asked: string[] = [];
  const get = <T>(path: string): Promise<T> => {
    asked.push(path);
    const error = fail(path);
    if (error) return Promise.reject(error);
    if (path.startsWith('/api/staff/buyers?hunter='))
      return Promise.resolve({
        items: Array.from({ length: buyers }, (_, i) => ({ userId: `b${i}`, projectId: i })),
      } as T);
    if (path.startsWith('/api/staff/leads?hunter='))
      return Promise.resolve({
        items: Array.from({ length: leads }, (_, i) => ({ id: 100 + i })),
      } as T);
    return Promise.resolve({ path } as T);
  };
  return { get, asked };
}

describe('the records assigned to the signed-in hunter, kept ahead', () => {
  it('keeps each buyer’s fiche, visits, documents and conversation, each lead, under the account', async () => {
    db = new AppDatabase(`keep-${Math.random()}`);
    const cache = createApiCache(db);
    const { get } = server(2, 1, () => undefined);
    const written = await keepAssignedRecords('h1', { get, cache, current: () => true });
    for (const path of [
      '/api/staff/buyers/b0',
      '/api/staff/buyers/b0/visits',
      '/api/staff/buyers/b0/documents',
      '/api/staff/buyers/b0/matches',
      '/api/staff/tasks?recordType=buyer&recordId=b0',
      '/api/staff/tasks?recordType=owner&recordId=100',
      '/api/staff/projects/0/messages',
      '/api/staff/buyers/b1',
      '/api/staff/leads/100',
      '/api/staff/figures',
    ])
      expect((await cache.read('h1', path))?.data, path).toEqual({ path });
    expect(written).toBe(await db.apiCache.count());
    expect(await db.apiCache.where('userId').notEqual('h1').count()).toBe(0);
  });

  it('is bounded, skips what is fresh, a refused record, and stops without network or after a sign-out', async () => {
    db = new AppDatabase(`keep-${Math.random()}`);
    const cache = createApiCache(db);
    const many = server(KEPT_BUYERS_MAX + 10, 0, (p) =>
      p === '/api/staff/buyers/b3' ? refused(404) : undefined,
    );
    await keepAssignedRecords('h1', { get: many.get, cache, current: () => true });
    const fiches = many.asked.filter((p) => /^\/api\/staff\/buyers\/b\d+$/.test(p));
    expect(fiches).toHaveLength(KEPT_BUYERS_MAX);
    expect(await cache.read('h1', '/api/staff/buyers/b3')).toBeUndefined();
    expect(await cache.read('h1', '/api/staff/buyers/b4')).toBeDefined();

    // Kept a moment ago: not asked again.
    const again = server(2, 0, () => undefined);
    await keepAssignedRecords('h1', { get: again.get, cache, current: () => true });
    expect(again.asked.filter((p) => !p.includes('?'))).toEqual([]);

    db.close();
    await db.delete();
    db = new AppDatabase(`keep-${Math.random()}`);
    const fresh = createApiCache(db);
    const cut = server(5, 0, (p) => (p.includes('?hunter=') ? undefined : offline()));
    expect(
      await keepAssignedRecords('h1', { get: cut.get, cache: fresh, current: () => true }),
    ).toBe(0);
    expect(cut.asked.filter((p) => !p.includes('?hunter=')).length).toBeLessThanOrEqual(3);

    let signedIn = true;
    const out = server(5, 0, () => {
      signedIn = false;
      return undefined;
    });
    expect(
      await keepAssignedRecords('h1', { get: out.get, cache: fresh, current: () => signedIn }),
    ).toBe(0);
    expect(await fresh.read('h1', '/api/staff/buyers/b0')).toBeUndefined();
  });
});
