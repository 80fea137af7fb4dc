// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASKET_BADGE_KEY, LEGACY_BASKET_KEY, readBadge } from '../lib/basket-badge';
import { BASKET_SYNC_EVENT, readSyncState, writeSyncState } from '../lib/basket-sync-state';
import { TOKEN_KEY } from '../lib/token-storage';
import type { BasketLine } from '../domain/basket';
import { createBasketRepo } from './basket.repo';
import { AppDatabase, appDb } from './database';
import { useBasket } from './use-basket';
import { cushion, plaid, staging } from '../domain/basket.fixture';

/** A fresh repository, as a new page of the app would have. */
let repo = createBasketRepo(appDb);

beforeEach(async () => {
  if (!appDb.isOpen()) await appDb.open();
  await appDb.basketLines.clear();
  localStorage.clear();
  repo = createBasketRepo(appDb);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('basket repository', () => {
  it('stores each change and lists the lines in the order they were first added', async () => {
    await repo.add(plaid);
    await repo.add(cushion, 2);
    await repo.add(plaid, 3);
    expect(await repo.list()).toEqual([
      { product: plaid, quantity: 4 },
      { product: cushion, quantity: 2 },
    ]);
    // Another page (a reload) reads the same basket.
    expect(await createBasketRepo(appDb).list()).toEqual(await repo.list());
  });

  it('removes one unit, then the line at 1; removes a whole line; clears', async () => {
    await repo.add(cushion, 2);
    await repo.add(plaid, 5);
    await repo.removeOne(cushion.id);
    expect(await repo.list()).toEqual([
      { product: cushion, quantity: 1 },
      { product: plaid, quantity: 5 },
    ]);
    await repo.removeOne(cushion.id);
    expect(await repo.list()).toEqual([{ product: plaid, quantity: 5 }]);
    await repo.add(cushion);
    await repo.removeLine(plaid.id);
    expect(await repo.list()).toEqual([{ product: cushion, quantity: 1 }]);
    await repo.clear();
    expect(await repo.list()).toEqual([]);
    expect(await appDb.basketLines.count()).toBe(0);
  });

  it('refuses an invalid quantity and keeps the basket as it was', async () => {
    await repo.add(cushion);
    await expect(repo.add(cushion, 0)).rejects.toThrow(RangeError);
    await expect(repo.add(plaid, 1.5)).rejects.toThrow(RangeError);
    expect(await repo.list()).toEqual([{ product: cushion, quantity: 1 }]);
  });

  it('loses no add when two tabs add at once', async () => {
    // Two connections to one database, as two tabs have.
    const otherTab = new AppDatabase(appDb.name);
    const other = createBasketRepo(otherTab);
    await Promise.all([
      ...Array.from({ length: 10 }, () => repo.add(cushion)),
      ...Array.from({ length: 10 }, () => other.add(cushion, 2)),
      other.add(plaid),
    ]);
    expect(await repo.list()).toEqual(
      expect.arrayContaining([
        { product: cushion, quantity: 30 },
        { product: plaid, quantity: 1 },
      ]),
    );
    expect(await appDb.basketLines.count()).toBe(2);
    expect(readBadge()).toBe('31');
    otherTab.close();
  });

  it('leaves out a stored line that does not parse, and drops it on the next change', async () => {
    await appDb.basketLines.put({
      productId: 99,
      product: { ...cushion, id: 99, price: -5 },
      quantity: 1,
      addedAt: 1,
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await repo.list()).toEqual([]);
    expect(warn).toHaveBeenCalled();
    await repo.add(cushion);
    expect(await appDb.basketLines.toArray()).toHaveLength(1);
  });
});

describe('signed in: the account’s basket (issue 32)', () => {
  const signedIn = () => {
    localStorage.setItem(TOKEN_KEY, 'jeton');
    writeSyncState({ userId: 'u1', mergeKey: null, mergeItems: null, changes: 0 });
  };
  /** What the sync asks before storing the server's basket (src/db/basket-sync.ts). */
  const changedSince = () => (readSyncState()?.changes ?? 0) > 0;

  it('counts a change as it writes it and tells the sync, which reads it written', async () => {
    signedIn();
    const read: Promise<BasketLine[]>[] = [];
    const onTold = () => read.push(repo.list());
    window.addEventListener(BASKET_SYNC_EVENT, onTold);
    try {
      await repo.add(cushion);
      expect(readSyncState()?.changes).toBe(1);
      expect(read).toHaveLength(1);
      expect(await read[0]).toEqual([{ product: cushion, quantity: 1 }]);
      // The server's basket, stored as it is: not a change of the person's.
      await repo.replace([{ product: plaid, quantity: 1 }]);
      expect(readSyncState()?.changes).toBe(1);
      expect(read).toHaveLength(1);
    } finally {
      window.removeEventListener(BASKET_SYNC_EVENT, onTold);
    }
  });

  it('never stores the server’s basket over a change, whichever is written first', async () => {
    signedIn();
    await repo.add(cushion);
    writeSyncState({ userId: 'u1', mergeKey: null, mergeItems: null, changes: 0 });
    const server = [{ product: cushion, quantity: 1 }];
    // Emptied (a payment came back) while the server's basket, still the cushion, comes in.
    await Promise.all([repo.clear(), repo.replace(server, { unless: changedSince })]);
    expect(await repo.list()).toEqual([]);
    await repo.add(cushion);
    writeSyncState({ userId: 'u1', mergeKey: null, mergeItems: null, changes: 0 });
    await Promise.all([repo.replace(server, { unless: changedSince }), repo.clear()]);
    expect(await repo.list()).toEqual([]);
    expect(readSyncState()?.changes).toBe(1);
    // Nothing counted: the server's basket is stored.
    writeSyncState({ userId: 'u1', mergeKey: null, mergeItems: null, changes: 0 });
    expect(await repo.replace(server, { unless: changedSince })).toEqual(server);
  });

  it('makes the lines of the stored ones in one transaction (the sign-in merge)', async () => {
    await repo.add(plaid);
    expect(await repo.replace((stored) => [...stored, { product: cushion, quantity: 2 }])).toEqual([
      { product: plaid, quantity: 1 },
      { product: cushion, quantity: 2 },
    ]);
    expect(await repo.list()).toHaveLength(2);
  });
});

describe('badge mirror', () => {
  it('follows each change: the count, 19 counting 1, nothing at 0, +99 above 99', async () => {
    expect(localStorage.getItem(BASKET_BADGE_KEY)).toBeNull();
    await repo.add(cushion, 2);
    expect(readBadge()).toBe('2');
    await repo.add(staging, 24);
    expect(readBadge()).toBe('3');
    await repo.add(plaid, 97);
    expect(readBadge()).toBe('+99');
    await repo.removeLine(plaid.id);
    expect(readBadge()).toBe('3');
    await repo.clear();
    expect(localStorage.getItem(BASKET_BADGE_KEY)).toBeNull();
  });

  it('is written again from the stored lines by refreshBadge', async () => {
    await repo.add(cushion, 4);
    localStorage.setItem(BASKET_BADGE_KEY, '12');
    expect(await repo.refreshBadge()).toBe('4');
    expect(readBadge()).toBe('4');
  });
});

describe('legacy basket_cart_items (spec 8, 9)', () => {
  it('migrates a valid list, merged into the basket by the add rule, then removes the key', async () => {
    await repo.add(cushion);
    localStorage.setItem(
      LEGACY_BASKET_KEY,
      JSON.stringify([
        { product: cushion, quantity: 2 },
        { product: staging, quantity: 24 },
      ]),
    );
    expect(await repo.migrateLegacy()).toEqual({ kind: 'migrated', lines: 2, skipped: 0 });
    expect(await repo.list()).toEqual([
      { product: cushion, quantity: 3 },
      { product: staging, quantity: 24 },
    ]);
    expect(localStorage.getItem(LEGACY_BASKET_KEY)).toBeNull();
    expect(readBadge()).toBe('4');
  });

  it('logs, discards and removes a value that is not a list, or not JSON', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const raw of ['{"product":{"id":7}}', '[{"product"']) {
      localStorage.setItem(LEGACY_BASKET_KEY, raw);
      const migration = await createBasketRepo(appDb).migrateLegacy();
      expect(migration.kind).toBe('discarded');
      expect(localStorage.getItem(LEGACY_BASKET_KEY)).toBeNull();
    }
    expect(warn).toHaveBeenCalledTimes(2);
    expect(await repo.list()).toEqual([]);
  });

  it('skips the invalid lines and keeps the valid ones', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(
      LEGACY_BASKET_KEY,
      JSON.stringify([
        { product: cushion, quantity: 1 },
        { product: plaid, quantity: 0 },
        { product: { id: 8 }, quantity: 1 },
        42,
      ]),
    );
    expect(await repo.migrateLegacy()).toEqual({ kind: 'migrated', lines: 1, skipped: 3 });
    expect(await repo.list()).toEqual([{ product: cushion, quantity: 1 }]);
    expect(warn).toHaveBeenCalledOnce();
    expect(localStorage.getItem(LEGACY_BASKET_KEY)).toBeNull();
  });

  it('runs once: again in the page, in another tab, or two tabs at once, nothing is added twice', async () => {
    const legacy = JSON.stringify([{ product: cushion, quantity: 2 }]);
    localStorage.setItem(LEGACY_BASKET_KEY, legacy);
    const otherTab = new AppDatabase(appDb.name);
    const results = await Promise.all([
      repo.migrateLegacy(),
      repo.migrateLegacy(),
      createBasketRepo(otherTab).migrateLegacy(),
    ]);
    expect(results.filter((r) => r.kind === 'migrated')).toHaveLength(1);
    expect(await repo.migrateLegacy()).toEqual({ kind: 'none' });
    expect(await createBasketRepo(appDb).migrateLegacy()).toEqual({ kind: 'none' });
    expect(await repo.list()).toEqual([{ product: cushion, quantity: 2 }]);
    otherTab.close();
  });

  it('keeps the legacy value when the basket cannot be stored', async () => {
    const legacy = JSON.stringify([{ product: cushion, quantity: 2 }]);
    localStorage.setItem(LEGACY_BASKET_KEY, legacy);
    vi.spyOn(appDb.basketLines, 'bulkPut').mockRejectedValueOnce(new Error('QuotaExceededError'));
    await expect(repo.migrateLegacy()).rejects.toThrow('QuotaExceededError');
    expect(localStorage.getItem(LEGACY_BASKET_KEY)).toBe(legacy);
    expect(await repo.list()).toEqual([]);
    // The next try (this page again) migrates it.
    expect(await repo.migrateLegacy()).toMatchObject({ kind: 'migrated' });
    expect(await repo.list()).toEqual([{ product: cushion, quantity: 2 }]);
  });
});

describe('useBasket', () => {
  it('shows the lines, badge and subtotal, and follows changes made elsewhere', async () => {
    await repo.add(cushion, 2);
    const { result } = renderHook(() => useBasket());
    expect(result.current.loaded).toBe(false);
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current).toMatchObject({
      lines: [{ product: cushion, quantity: 2 }],
      badgeCount: 2,
      badgeText: '2',
      subtotal: 39.98,
      subtotalCents: 3998,
    });

    // Another tab (a second connection) adds: this one sees it without reload.
    const otherTab = new AppDatabase(appDb.name);
    await act(() => createBasketRepo(otherTab).add(staging, 24));
    await waitFor(() => expect(result.current.badgeCount).toBe(3));
    expect(result.current.subtotal).toBe(339.98);
    otherTab.close();
  });

  it('migrates a legacy basket on first use', async () => {
    localStorage.setItem(LEGACY_BASKET_KEY, JSON.stringify([{ product: plaid, quantity: 1 }]));
    const { result } = renderHook(() => useBasket());
    await waitFor(() => expect(result.current.lines).toEqual([{ product: plaid, quantity: 1 }]));
    expect(localStorage.getItem(LEGACY_BASKET_KEY)).toBeNull();
  });

  it('corrects a badge mirror that differs from the stored basket', async () => {
    await repo.add(plaid, 5);
    localStorage.setItem(BASKET_BADGE_KEY, '1');
    const { result } = renderHook(() => useBasket());
    await waitFor(() => expect(result.current.loaded).toBe(true));
    await waitFor(() => expect(readBadge()).toBe('5'));
  });
});
