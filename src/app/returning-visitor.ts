import { BASKET_BADGE_KEY, hasLegacyBasket } from '../lib/basket-badge';
import { browserStorage, TOKEN_KEY } from '../lib/token-storage';
import { CONSENT_KEY } from '../domain/consent';

// No React here (nor in what it imports, outside vite.config.ts's 'shell' group): the entry reads
// it before deciding when to evaluate the app (src/main.tsx).

/**
 * A device that has been here (a cookie choice, a session, a basket) or comes back from the
 * payment: its page has something to show at once that its HTML cannot (the account menu, the
 * basket's count, the help button, the payment's answer), so the app starts with the page; the
 * service worker has the stylesheet in its cache. A first visit waits for the first touch
 * (./first-touch.ts).
 */
export function returningVisitor(): boolean {
  const storage = browserStorage();
  let kept = false;
  try {
    kept = [CONSENT_KEY, TOKEN_KEY, BASKET_BADGE_KEY].some((key) => storage?.getItem(key) != null);
  } catch {
    // Storage refused: a first visit as far as we can tell.
  }
  return kept || hasLegacyBasket() || /[?&](success|cancel)=true/.test(window.location.search);
}
