import { appDb, type AppDatabase, type ApiCacheRecord } from './database';

/** Answers kept per account: past this many, the oldest go (a hunter opens many fiches). */
const MAX_ENTRIES_PER_USER = 300;

const keyOf = (userId: string, path: string) => `${userId} ${path}`;

export function createApiCache(db: AppDatabase) {
  return {
    read(userId: string, path: string): Promise<ApiCacheRecord | undefined> {
      return db.apiCache.get(keyOf(userId, path));
    },

    async write(userId: string, path: string, data: unknown, fetchedAt = Date.now()) {
      await db.transaction('rw', db.apiCache, async () => {
        await db.apiCache.put({ key: keyOf(userId, path), userId, path, data, fetchedAt });
        const mine = await db.apiCache.where('userId').equals(userId).sortBy('fetchedAt');
        const extra = mine.length - MAX_ENTRIES_PER_USER;
        if (extra > 0) await db.apiCache.bulkDelete(mine.slice(0, extra).map((r) => r.key));
      });
    },

    /**
     * Only `userId`'s answers stay (issue 29): what another account left (a sign-out whose
     * clearing was cut short) goes before this one's records are kept ahead.
     */
    async keepOnly(userId: string): Promise<void> {
      await db.apiCache.where('userId').notEqual(userId).delete();
    },

    /** At sign-out: nothing of anyone stays on the device. */
    async clear(): Promise<void> {
      await db.apiCache.clear();
    },
  };
}

export const apiCache = createApiCache(appDb);
