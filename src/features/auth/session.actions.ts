import { navigate } from 'wouter/use-browser-location';
import type { User } from '../../domain/user.schema';
import {
  browserStorage,
  clearToken,
  debounceLatest,
  decodeToken,
  readStoredSession,
  readStoredUser,
  readToken,
  TOKEN_KEY,
  writeStoredUser,
  writeToken,
  type StoredSession,
} from '../../lib/session';
import { holdsAccountBasket } from '../../lib/basket-badge';
import { sessionStore } from './session.state';

/**
 * What changes the session (spec 4.1): reading the stored token, sign-in, the user refresh,
 * sign-out, other tabs. Loaded on demand (session.store.ts): an anonymous visit never needs it.
 */

/** Browser side effects, replaceable in tests. */
export const sessionEffects = {
  reload: () => window.location.reload(),
  goHome: () => navigate('/'),
  /**
   * Signed in: the basket follows the person across devices (issue 32, src/db/basket-sync.ts),
   * merged at sign-in. Loaded only now: Dexie stays out of the anonymous pages.
   */
  followBasket: (userId: string): Promise<void> =>
    import('../../db/basket-sync').then(
      (m) => m.syncBasket(userId),
      () => undefined,
    ),
  /** Signed out: the account's basket leaves this device (docs/shop.md). */
  forgetBasket: (): Promise<void> =>
    import('../../db/basket-sync').then(
      (m) => m.forgetAccountBasket(),
      () => undefined,
    ),
};

const remote = () => import('./api/session');

const userRefresh = debounceLatest(async (signal) => (await remote()).fetchCurrentUser(signal), {
  delayMs: 300,
  onSuccess: (user: User) => {
    sessionStore.user = user;
    sessionStore.confirmed = true;
    writeStoredUser(user);
  },
  onFailure: (error) => {
    void remote().then(({ isSessionRejection, isNetworkFailure }) => {
      // Offline-first app: a request that never reached the server says nothing about the
      // session, so it is kept (spec 4.1 logs out on any failure; an app opened without signal
      // would otherwise sign its user out). Any answer from the server logs out.
      if (isNetworkFailure(error)) return;
      void logout({ revoke: !isSessionRejection(error) });
    });
  },
});

function apply(session: StoredSession | null): void {
  sessionStore.token = session?.token ?? null;
  sessionStore.roles = session ? [...session.payload.roles] : [];
  sessionStore.user = session?.user ? { ...session.user } : null;
  sessionStore.confirmed = false;
}

/** Reads the stored token (spec 4.1 'retrieve'); a valid one triggers a user refresh. */
export function retrieveSession(): boolean {
  const session = readStoredSession(browserStorage());
  apply(session);
  if (session) {
    userRefresh.schedule();
    void sessionEffects.followBasket(session.payload.sub);
  } else {
    userRefresh.cancel();
    // The token expired or went: the basket of the person who was here goes too.
    if (holdsAccountBasket()) void sessionEffects.forgetBasket();
  }
  return session !== null;
}

/**
 * Cross-tab (spec 4.1): a token set in another tab → re-read the session here and go home; the
 * token cleared in another tab (sign-out) → reload, which leaves this tab signed out too.
 */
export function onStorage(event: StorageEvent): void {
  if (event.storageArea !== browserStorage()) return;
  if (event.key !== TOKEN_KEY && event.key !== null) return;
  const value = event.key === null ? null : event.newValue;
  if (value) {
    retrieveSession();
    sessionEffects.goHome();
  } else if (event.key === TOKEN_KEY || sessionStore.token) {
    sessionEffects.reload();
  }
}

/**
 * After a successful login or activation (spec 4.1), or a password change (its new token): keep
 * the token and the user, show them, refresh.
 */
export function signIn(token: string, user?: User): void {
  const payload = decodeToken(token);
  if (!payload) throw new Error('Jeton de session illisible.');
  // The user first: other tabs react to the token's storage event and read the user then.
  if (user) writeStoredUser(user);
  writeToken(token);
  const known = user ?? readStoredUser(payload.sub);
  sessionStore.token = token;
  sessionStore.roles = [...payload.roles];
  sessionStore.user = known ? { ...known } : null;
  sessionStore.confirmed = false;
  userRefresh.schedule();
  void sessionEffects.followBasket(payload.sub);
}

/**
 * Sign-out (spec 4.1): clears the stored token (the cookie choice stays; the basket, kept on the
 * server for the account since issue 32, leaves this device),
 * asks the server to revoke it unless told not to (e.g. the server already refused it), and
 * reloads the page.
 */
export async function logout({ revoke = true }: { revoke?: boolean } = {}): Promise<void> {
  const token = sessionStore.token ?? readToken();
  // The answers kept for offline reading go with the session (loaded only now: Dexie stays out
  // of the pages that never sign out). Not awaited: signing out never waits for storage; the
  // kept answers are keyed by account and never shown to another one meanwhile.
  void import('../../db/api-cache.repo')
    .then(({ apiCache }) => apiCache.clear())
    .catch(() => undefined);
  // This device stops receiving the leaving person's notifications (docs/push.md), told with
  // their token before it is revoked; only where notifications were allowed, the module loaded
  // only then, never with the public pages.
  const forgetPush =
    typeof Notification !== 'undefined' &&
    Notification.permission === 'granted' &&
    'serviceWorker' in navigator
      ? import('../push')
          .then(({ forgetPushDevice }) => forgetPushDevice(token))
          .catch(() => undefined)
      : undefined;
  userRefresh.cancel();
  clearToken();
  apply(null);
  // After the token (a change now is no longer sent) and before the reload: the basket stays
  // on the server for the person's next sign-in, never on a device they left (docs/shop.md).
  await sessionEffects.forgetBasket();
  if (forgetPush) await forgetPush;
  if (revoke && token) {
    try {
      await (await remote()).revokeToken(token);
    } catch {
      // Signed out here already; the token dies at its expiry anyway.
    }
  }
  sessionEffects.reload();
}

/** Spec 3.1: updates merge new fields into the stored user. */
export function updateUser(fields: Partial<User>): void {
  if (!sessionStore.user) return;
  Object.assign(sessionStore.user, fields);
  writeStoredUser({ ...sessionStore.user });
}

/** Forgets everything without touching storage (tests). */
export function resetSession(): void {
  userRefresh.cancel();
  apply(null);
}
