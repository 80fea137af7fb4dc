import { useEffect, useState } from 'react';
import { api, toApiFailure } from '../lib/api';
import type { ApiLoad } from '../lib/use-api-get';
import { apiCache } from './api-cache.repo';

export type CachedApiLoad<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T; fetchedAt: number; fromCache: boolean }
  | { status: 'failed'; message: string };

/**
 * GET `path` for the signed-in `userId`, keeping the last answer in Dexie (DESIGN.md: signed-in
 * screens read offline). The kept answer shows at once while the network is asked; without
 * network it stays, with its date (`fromCache`, `fetchedAt`: « à jour le 22/11 à 14 h 05 »).
 * `reload` asks again (after a change made on the screen).
 */
export function useCachedApi<T>(
  userId: string | undefined,
  path: string,
): [CachedApiLoad<T>, () => void] {
  const [load, setLoad] = useState<CachedApiLoad<T>>({ status: 'loading' });
  const [asked, setAsked] = useState({ path, userId, round: 0 });
  if (asked.path !== path || asked.userId !== userId) {
    setAsked({ path, userId, round: asked.round });
    setLoad({ status: 'loading' });
  }
  useEffect(() => {
    if (!userId) return;
    let current = true;
    let fresh = false;
    apiCache.read(userId, path).then(
      (kept) => {
        if (current && kept && !fresh)
          setLoad({
            status: 'ready',
            data: kept.data as T,
            fetchedAt: kept.fetchedAt,
            fromCache: true,
          });
      },
      () => undefined,
    );
    api<T>(path).then(
      (data) => {
        fresh = true;
        const fetchedAt = Date.now();
        if (current) setLoad({ status: 'ready', data, fetchedAt, fromCache: false });
        apiCache.write(userId, path, data, fetchedAt).catch(() => undefined);
      },
      async (error: unknown) => {
        const failure = toApiFailure(error);
        const kept =
          failure.status === null
            ? await apiCache.read(userId, path).catch(() => undefined)
            : undefined;
        if (!current) return;
        if (kept)
          setLoad({
            status: 'ready',
            data: kept.data as T,
            fetchedAt: kept.fetchedAt,
            fromCache: true,
          });
        else setLoad({ status: 'failed', message: failure.message });
      },
    );
    return () => {
      current = false;
    };
  }, [userId, path, asked.round]);
  return [load, () => setAsked((a) => ({ ...a, round: a.round + 1 }))];
}

/** For screens that show a loading or failed state the same way as useApiGet's. */
export const asApiLoad = <T>(load: CachedApiLoad<T>): ApiLoad<T> =>
  load.status === 'ready' ? { status: 'ready', data: load.data } : load;
