import { useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { holdsAccountBasket } from '../../lib/basket-badge';
import { readToken, TOKEN_KEY } from '../../lib/token-storage';
import { sessionStore } from './session.state';

/**
 * The session as the shell sees it: the store, its hooks and the start. This is in the home
 * page's bundle (the header reads it), so the logic itself (token decoding, user refresh,
 * sign-out) is in session.actions.ts, loaded only when a token is involved.
 */
export { sessionStore } from './session.state';

const actions = () => import('./session.actions');

function onStorage(event: StorageEvent): void {
  // Only the token matters; a storage cleared elsewhere matters only to a signed-in tab.
  if (event.key === TOKEN_KEY || (event.key === null && sessionStore.token)) {
    void actions().then((m) => m.onStorage(event));
  }
}

let started = false;

/**
 * At start, before the first render (spec 4.1): follow other tabs, and read a stored token so
 * that guards and header know who is there. Resolves at once for an anonymous visitor.
 */
export function startSession(): Promise<void> {
  if (started || typeof window === 'undefined') return Promise.resolve();
  started = true;
  window.addEventListener('storage', onStorage);
  if (!readToken()) {
    // Signed out elsewhere or by expiry: the basket of the person who was here goes too.
    if (holdsAccountBasket()) void actions().then((m) => m.sessionEffects.forgetBasket());
    return Promise.resolve();
  }
  return actions().then(
    (m) => void m.retrieveSession(),
    // The logic could not be downloaded (offline, new version): start signed out.
    () => undefined,
  );
}

/** Stops following other tabs (tests). */
export function stopSession(): void {
  if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  started = false;
}

/** Sign-out (spec 4.1), from anywhere: see session.actions.ts. */
export function logout(options?: { revoke?: boolean }): Promise<void> {
  return actions().then((m) => m.logout(options));
}

export function useSession() {
  return useSnapshot(sessionStore);
}

const anonymous = { token: null, roles: [] as readonly number[], user: null, confirmed: false };
const noSubscription = () => () => undefined;

/**
 * The session for parts of prerendered pages (the header): signed out while the server renders
 * and while the page hydrates, the real session right after, so the HTML always matches.
 */
export function useSessionAfterMount() {
  const mounted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const snapshot = useSnapshot(sessionStore);
  return mounted ? snapshot : anonymous;
}
