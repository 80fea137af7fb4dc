import { useEffect, useState } from 'react';
import { api, toApiFailure } from '../lib/api';
import { apiCache } from './api-cache.repo';

/**
 * What a shown answer is (docs/decisions/010-cached-reads.md):
 * - 'fresh': the server's answer, just read;
 * - 'refreshing': the answer kept on the device, shown while the server is asked (a slow
 *   connection is not an offline one: nothing says « Hors ligne »);
 * - 'offline': the kept answer, because the server could not be reached: the only state that
 *   says « Hors ligne » with « à jour le … » (its `fetchedAt`).
 */
export type ReadState = 'fresh' | 'refreshing' | 'offline';

export type CachedApiLoad<T> =
  | { status: 'loading' }
  | { status: 'ready'; state: ReadState; data: T; fetchedAt: number }
  | { status: 'failed'; message: string; offline?: true };

/**
 * What a screen says when the network is missing and nothing was kept for it (issue 29): not
 * the forms' « ce que vous avez saisi est conservé », nothing was typed.
 */
export const NOT_KEPT_OFFLINE =
  'Hors ligne\u00a0: ces informations ne sont pas encore enregistrées sur cet appareil. Elles s’afficheront dès le retour du réseau.';

/** Where a read gets its answers: the network and the device (tests give their own). */
export interface ReadSources {
  get: <T>(path: string) => Promise<T>;
  cache: Pick<typeof apiCache, 'read' | 'write'>;
}

const defaultSources: ReadSources = { get: (path) => api(path), cache: apiCache };

/**
 * The one way a signed-in screen reads a resource (DESIGN.md: signed-in screens read offline):
 * GET `path` for `userId`, keeping the last answer in Dexie. The kept answer shows at once
 * ('refreshing') while the network is asked; the server's answer replaces it ('fresh'); without
 * network the kept answer stays ('offline', with its date); without one, 'failed' `offline`
 * (NOT_KEPT_OFFLINE); on a refusal of the server, 'failed' with its French message. `reload` asks again, the data on screen staying
 * ('refreshing') until the answer.
 */
export function useCachedApi<T>(
  userId: string | undefined,
  path: string,
  sources: ReadSources = defaultSources,
): [CachedApiLoad<T>, () => void] {
  const [load, setLoad] = useState<CachedApiLoad<T>>({ status: 'loading' });
  const [asked, setAsked] = useState({ path, userId, round: 0 });
  if (asked.path !== path || asked.userId !== userId) {
    setAsked({ path, userId, round: asked.round });
    setLoad({ status: 'loading' });
  }
  const { get, cache } = sources;

  useEffect(() => {
    if (!userId) return;
    let current = true;
    let answered = false;
    cache.read(userId, path).then(
      (kept) => {
        if (!current || !kept || answered) return;
        // Shown only if nothing is (a reload keeps what is on screen).
        setLoad((shown) =>
          shown.status === 'ready'
            ? shown
            : {
                status: 'ready',
                state: 'refreshing',
                data: kept.data as T,
                fetchedAt: kept.fetchedAt,
              },
        );
      },
      () => undefined,
    );
    get<T>(path).then(
      (data) => {
        answered = true;
        const fetchedAt = Date.now();
        if (current) setLoad({ status: 'ready', state: 'fresh', data, fetchedAt });
        cache.write(userId, path, data, fetchedAt).catch(() => undefined);
      },
      async (error: unknown) => {
        answered = true;
        const failure = toApiFailure(error);
        // Only a missing network falls back on the kept answer; the server's refusal is said.
        const kept =
          failure.status === null ? await cache.read(userId, path).catch(() => undefined) : null;
        if (!current) return;
        if (kept)
          setLoad({
            status: 'ready',
            state: 'offline',
            data: kept.data as T,
            fetchedAt: kept.fetchedAt,
          });
        else if (failure.status === null)
          setLoad({ status: 'failed', message: NOT_KEPT_OFFLINE, offline: true });
        else setLoad({ status: 'failed', message: failure.message });
      },
    );
    return () => {
      current = false;
    };
    // `sources` is fixed for a screen's life (tests give their own).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, path, asked.round]);
  const reload = () => {
    // What is shown stays, said to be refreshed, until the answer.
    setLoad((shown) => (shown.status === 'ready' ? { ...shown, state: 'refreshing' } : shown));
    setAsked((a) => ({ ...a, round: a.round + 1 }));
  };
  return [load, reload];
}

/** The date of the kept answer when it is shown because the network failed; else null. */
export const offlineSince = (load: CachedApiLoad<unknown>): number | null =>
  load.status === 'ready' && load.state === 'offline' ? load.fetchedAt : null;
