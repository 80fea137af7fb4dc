/**
 * The basket badge's mirror in localStorage, so the header shows the count without loading Dexie
 * (the '/' budget): src/db/basket.repo.ts writes the badge text after each change; this module
 * reads it. Another tab learns of a change by the `storage` event, this tab by BADGE_EVENT.
 * No import of Dexie, zod or src/domain/basket here: this module may ship in the first download.
 */
import { browserStorage } from './token-storage';

export const BASKET_BADGE_KEY = 'basket_badge';
/** Tells this tab of a change (other tabs get a `storage` event); ./publish-badge.ts sends it. */
export const BADGE_EVENT = 'basket-badge';

/** The badge text ('' when the basket is empty or was never filled on this device). */
export function readBadge(storage: Storage | null = browserStorage()): string {
  try {
    return storage?.getItem(BASKET_BADGE_KEY) ?? '';
  } catch {
    return '';
  }
}

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
