/**
 * Where this device stands with the signed-in person's basket on the server (issue 32,
 * docs/shop.md « Le panier sur plusieurs appareils »), in localStorage under `basket_sync`: whose
 * basket the device holds, the key of a sign-in merge not yet answered, and a counter of the
 * person's changes not yet sent. Small and free of Dexie: the session's start and the basket
 * repository read it; src/db/basket-sync.ts does the sending.
 */
import { BASKET_SYNC_KEY } from './basket-badge';
import { browserStorage, readToken } from './token-storage';

/** Tells this tab's src/db/basket-sync.ts of a change made here. */
export const BASKET_SYNC_EVENT = 'basket-sync-change';

export interface BasketSyncState {
  /** The account whose basket the device holds. */
  userId: string;
  /** The sign-in merge waiting for its answer (sent again with the same key), null once done. */
  mergeKey: string | null;
  /** What that merge sends, kept so a retry sends exactly the same ({productId, quantity}[]). */
  mergeItems: { productId: number; quantity: number }[] | null;
  /** Changes made here and not yet confirmed by the server (0: in step). */
  changes: number;
}

export function readSyncState(storage = browserStorage()): BasketSyncState | null {
  try {
    const value = JSON.parse(storage?.getItem(BASKET_SYNC_KEY) ?? 'null') as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { userId, mergeKey, mergeItems, changes } = value as Record<string, unknown>;
    if (typeof userId !== 'string' || typeof changes !== 'number') return null;
    const items = Array.isArray(mergeItems)
      ? mergeItems.filter(
          (item): item is { productId: number; quantity: number } =>
            typeof item === 'object' &&
            item !== null &&
            Number.isInteger((item as { productId?: unknown }).productId) &&
            Number.isInteger((item as { quantity?: unknown }).quantity),
        )
      : null;
    return {
      userId,
      mergeKey: typeof mergeKey === 'string' ? mergeKey : null,
      mergeItems: items,
      changes,
    };
  } catch {
    return null;
  }
}

export function writeSyncState(state: BasketSyncState | null, storage = browserStorage()): void {
  try {
    if (state) storage?.setItem(BASKET_SYNC_KEY, JSON.stringify(state));
    else storage?.removeItem(BASKET_SYNC_KEY);
  } catch {
    // Storage refused: the basket stays on this device, as signed out.
  }
}

/**
 * The person changed the basket here (src/db/basket.repo.ts): signed in, the change is counted
 * (so it is sent even after a reload) and this tab's sync is told. Signed out: nothing.
 */
export function basketChanged(storage = browserStorage()): void {
  if (!readToken(storage)) return;
  const state = readSyncState(storage);
  if (state) writeSyncState({ ...state, changes: state.changes + 1 }, storage);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(BASKET_SYNC_EVENT));
}
