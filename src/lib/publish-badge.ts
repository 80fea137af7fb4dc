import { BADGE_EVENT, BASKET_BADGE_KEY } from './basket-badge';
import { browserStorage } from './token-storage';

/* The writing side of the badge mirror, apart from ./basket-badge.ts so the shell (which only
   reads it) does not carry it: the basket repository loads it with Dexie. */

/** Stores the badge text ('' removes it) and tells this tab; other tabs get a `storage` event. */
export function publishBadge(text: string, storage: Storage | null = browserStorage()): void {
  try {
    if (text) storage?.setItem(BASKET_BADGE_KEY, text);
    else storage?.removeItem(BASKET_BADGE_KEY);
  } catch {
    // Storage blocked or full: the badge is a mirror, the basket itself is in Dexie.
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(BADGE_EVENT));
}
