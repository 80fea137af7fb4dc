/**
 * The basket badge's mirror in localStorage, so the header shows the count without loading Dexie
 * (the '/' budget): src/db/basket.repo.ts writes the badge text after each change; this module
 * reads it. Another tab learns of a change by the `storage` event, this tab by BADGE_EVENT.
 * No import of Dexie, zod or src/domain/basket here: this module may ship in the first download.
 */
import { browserStorage } from './token-storage';

export const BASKET_BADGE_KEY = 'basket_badge';
/** The legacy localStorage key of the basket (spec 3.8, 9), migrated once into Dexie. */
export const LEGACY_BASKET_KEY = 'basket_cart_items';
/** Tells this tab of a change (other tabs get a `storage` event); ./publish-badge.ts sends it. */
export const BADGE_EVENT = 'basket-badge';

/** What the device keeps under `key`, '' when nothing or when storage is refused. */
function readKey(key: string, storage = browserStorage()): string {
  try {
    return storage?.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/**
 * Issue 32: the device holds a signed-in person's basket (./basket-sync-state.ts); the session's
 * start, in the first download, reads only whether it is there.
 */
export const BASKET_SYNC_KEY = 'basket_sync';
export const holdsAccountBasket = (storage?: Storage | null) => !!readKey(BASKET_SYNC_KEY, storage);

/** The badge text ('' when the basket is empty or was never filled on this device). */
export const readBadge = (storage?: Storage | null) => readKey(BASKET_BADGE_KEY, storage);

/** A basket left by the former site waits to be moved into Dexie (src/db/basket.repo.ts). */
export const hasLegacyBasket = () => !!readKey(LEGACY_BASKET_KEY);

/** For useSyncExternalStore(subscribeBadge, readBadge, () => ''). */
export function subscribeBadge(onChange: () => void): () => void {
  // Only ever called in a browser: React does not subscribe while prerendering.
  // key null: localStorage.clear() in another tab.
  const onStorage = (event: StorageEvent) => {
    if (event.key === BASKET_BADGE_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(BADGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(BADGE_EVENT, onChange);
  };
}
