import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { appDb } from './database';

/**
 * For the tests of an offline form (the long form's engine, a flow's page), on fake-indexeddb.
 */

/**
 * A network where POST `path` is answered by `answer` (given the JSON body and the
 * Idempotency-Key), and anything else fails as without a connection.
 */
export function postOnlyNetwork(
  path: string,
  answer: (body: unknown, key: string) => Promise<Response>,
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.method !== 'POST' || new URL(request.url).pathname !== path)
      throw new TypeError('Failed to fetch');
    return answer(await request.json(), request.headers.get('Idempotency-Key') ?? '');
  };
}

/**
 * Each test starts with no draft, an empty outbox and `network` as fetch (then `reset`), and
 * ends unmounted, fetch given back.
 */
export function offlineFormTests(network: typeof fetch, reset: () => void) {
  beforeEach(async () => {
    if (!appDb.isOpen()) await appDb.open();
    await Promise.all([appDb.drafts.clear(), appDb.outbox.clear()]);
    vi.stubGlobal('fetch', network);
    reset();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
