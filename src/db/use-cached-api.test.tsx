// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { FetchError } from 'ofetch';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiCache } from './api-cache.repo';
import { AppDatabase } from './database';
import { offlineSince, useCachedApi, type CachedApiLoad, type ReadSources } from './use-cached-api';

let db: AppDatabase;
afterEach(async () => {
  cleanup();
  db.close();
  await db.delete();
});

/** A network whose answers the test gives, one request at a time. */
function controlledNetwork() {
  const waiting: { resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const get = <T,>() =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ resolve: resolve as (v: unknown) => void, reject });
    });
  return {
    get,
    asked: () => waiting.length,
    answer: (value: unknown) => waiting.shift()!.resolve(value),
    fail: (error: unknown) => waiting.shift()!.reject(error),
  };
}

const offline = () => new FetchError('fetch failed');
const refused = (status: number) => {
  const error = new FetchError('refused');
  Object.assign(error, {
    response: new Response('{}', { status }),
    data: { message: 'Accès refusé.' },
  });
  return error;
};

function setup(initial?: { data: unknown; fetchedAt: number }) {
  db = new AppDatabase(`read-${Math.random()}`);
  const cache = createApiCache(db);
  const network = controlledNetwork();
  const sources: ReadSources = { get: network.get, cache };
  const ready = initial ? cache.write('u1', '/api/x', initial.data, initial.fetchedAt) : null;
  return { cache, network, sources, ready };
}

const stateOf = (load: CachedApiLoad<unknown>) =>
  load.status === 'ready' ? `${load.state}:${JSON.stringify(load.data)}` : load.status;

describe('useCachedApi: one read, with what it shows said explicitly', () => {
  it('shows the kept answer while refreshing, never as offline, then the fresh one', async () => {
    const { network, sources, ready, cache } = setup({ data: ['kept'], fetchedAt: 1000 });
    await ready;
    const { result } = renderHook(() => useCachedApi<string[]>('u1', '/api/x', sources));
    expect(result.current[0]).toEqual({ status: 'loading' });
    await waitFor(() => expect(stateOf(result.current[0])).toBe('refreshing:["kept"]'));
    expect(offlineSince(result.current[0])).toBeNull();
    expect(result.current[0]).toMatchObject({ fetchedAt: 1000 });

    await act(async () => network.answer(['new']));
    await waitFor(() => expect(stateOf(result.current[0])).toBe('fresh:["new"]'));
    expect(offlineSince(result.current[0])).toBeNull();
    await waitFor(async () => expect((await cache.read('u1', '/api/x'))?.data).toEqual(['new']));
  });

  it('is fresh at once when the network answers first, the kept answer not shown after it', async () => {
    const { network, sources, ready } = setup({ data: ['kept'], fetchedAt: 1000 });
    await ready;
    const { result } = renderHook(() => useCachedApi<string[]>('u1', '/api/x', sources));
    await act(async () => network.answer(['new']));
    await waitFor(() => expect(stateOf(result.current[0])).toBe('fresh:["new"]'));
    await new Promise((r) => setTimeout(r, 20));
    expect(stateOf(result.current[0])).toBe('fresh:["new"]');
  });

  it('says offline, with the kept answer’s date, only when the network failed', async () => {
    const { network, sources, ready } = setup({ data: ['kept'], fetchedAt: 1234 });
    await ready;
    const { result } = renderHook(() => useCachedApi<string[]>('u1', '/api/x', sources));
    await waitFor(() => expect(network.asked()).toBe(1));
    await act(async () => network.fail(offline()));
    await waitFor(() => expect(stateOf(result.current[0])).toBe('offline:["kept"]'));
    expect(offlineSince(result.current[0])).toBe(1234);
  });

  it('fails offline without a kept answer (said so), or with the server’s message when it refuses', async () => {
    const { network, sources, ready } = setup({ data: ['kept'], fetchedAt: 1000 });
    await ready;
    const noKept = renderHook(() => useCachedApi<string[]>('u1', '/api/other', sources));
    await waitFor(() => expect(network.asked()).toBe(1));
    await act(async () => network.fail(offline()));
    await waitFor(() => expect(noKept.result.current[0].status).toBe('failed'));
    // Nothing was typed: not the forms' « ce que vous avez saisi est conservé ».
    expect(noKept.result.current[0]).toEqual({
      status: 'failed',
      offline: true,
      message: expect.stringContaining(
        'ces informations ne sont pas encore enregistrées sur cet appareil',
      ),
    });

    const denied = renderHook(() => useCachedApi<string[]>('u1', '/api/x', sources));
    await waitFor(() => expect(network.asked()).toBe(1));
    await act(async () => network.fail(refused(403)));
    await waitFor(() =>
      expect(denied.result.current[0]).toEqual({ status: 'failed', message: 'Accès refusé.' }),
    );
  });

  it('keeps what is shown while a reload refreshes it, then shows the new answer', async () => {
    const { network, sources } = setup();
    const { result } = renderHook(() => useCachedApi<string[]>('u1', '/api/x', sources));
    await waitFor(() => expect(network.asked()).toBe(1));
    await act(async () => network.answer(['one']));
    await waitFor(() => expect(stateOf(result.current[0])).toBe('fresh:["one"]'));

    act(() => result.current[1]());
    expect(stateOf(result.current[0])).toBe('refreshing:["one"]');
    await waitFor(() => expect(network.asked()).toBe(1));
    await act(async () => network.answer(['two']));
    await waitFor(() => expect(stateOf(result.current[0])).toBe('fresh:["two"]'));
  });

  it('asks nothing without an account, and starts over on another path', async () => {
    const { network, sources } = setup();
    const { result, rerender } = renderHook(
      ({ user, path }: { user?: string; path: string }) =>
        useCachedApi<string[]>(user, path, sources),
      { initialProps: { user: undefined, path: '/api/x' } as { user?: string; path: string } },
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(network.asked()).toBe(0);
    expect(result.current[0].status).toBe('loading');
    rerender({ user: 'u1', path: '/api/x' });
    await waitFor(() => expect(network.asked()).toBe(1));
    await act(async () => network.answer(['x']));
    await waitFor(() => expect(stateOf(result.current[0])).toBe('fresh:["x"]'));
    rerender({ user: 'u1', path: '/api/y' });
    expect(result.current[0].status).toBe('loading');
  });
});
