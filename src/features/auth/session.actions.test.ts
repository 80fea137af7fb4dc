// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../lib/session';
import { USER_KEY } from '../../lib/token-storage';
import {
  logout,
  onStorage,
  resetSession,
  sessionEffects,
  signIn,
  updateUser,
} from './session.actions';
import { sessionStore } from './session.state';
import { startSession, stopSession } from './session.store';

const remote = vi.hoisted(() => ({
  fetchCurrentUser: vi.fn<(signal: AbortSignal) => Promise<unknown>>(),
  revokeToken: vi.fn<(token: string) => Promise<void>>(),
  isSessionRejection: vi.fn((error: unknown) => (error as { status?: number }).status === 401),
  isNetworkFailure: vi.fn((error: unknown) => (error as { status?: number }).status === undefined),
}));
vi.mock('./api/session', () => remote);

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const tokenUser = {
  _id: 'u1',
  firstname: 'Claire',
  lastname: 'Martin',
  email: 'client@exemple.fr',
  phone: '06 12 34 56 78',
};
function token(exp = now() + 3600, roles = [1]): string {
  return `${b64url({ alg: 'HS256' })}.${b64url({ exp, roles, sub: 'u1', sv: 0 })}.sig`;
}
/** A signed-in device: the token and, beside it, the stored user (spec 3.1). */
function storeSession(value = token()): string {
  localStorage.setItem(TOKEN_KEY, value);
  localStorage.setItem(USER_KEY, JSON.stringify(tokenUser));
  return value;
}
const storedUser = () => JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as unknown;
const serverUser = { ...tokenUser, phone: '07 00 00 00 00', isActive: true };

let reload: ReturnType<typeof vi.fn<() => void>>;
let goHome: ReturnType<typeof vi.fn<() => void>>;

// The basket's sync (issue 32), seen from the session: which account it follows, when it goes.
let followBasket: ReturnType<typeof vi.fn<(userId: string) => Promise<void>>>;
let forgetBasket: ReturnType<typeof vi.fn<() => Promise<void>>>;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  reload = vi.fn<() => void>();
  goHome = vi.fn<() => void>();
  sessionEffects.reload = reload;
  sessionEffects.goHome = goHome;
  followBasket = vi.fn(() => Promise.resolve());
  forgetBasket = vi.fn(() => Promise.resolve());
  sessionEffects.followBasket = followBasket;
  sessionEffects.forgetBasket = forgetBasket;
  remote.fetchCurrentUser.mockReset().mockResolvedValue(serverUser);
  remote.revokeToken.mockReset().mockResolvedValue(undefined);
});

afterEach(() => {
  stopSession();
  resetSession();
  vi.useRealTimers();
});

/** startSession reads a stored token through the lazily loaded actions. */
async function start() {
  await startSession();
}

/** Lets the debounce (300 ms), the dynamic import and the answer run. */
async function settle() {
  await vi.advanceTimersByTimeAsync(300);
  await vi.runAllTimersAsync();
}

describe('session at start (spec 4.1)', () => {
  it('is anonymous without a token, and asks nothing from the server', async () => {
    await start();
    expect(sessionStore.token).toBeNull();
    expect(sessionStore.user).toBeNull();
    await settle();
    expect(remote.fetchCurrentUser).not.toHaveBeenCalled();
    // Signed out, the basket stays the device's own, as before issue 32.
    expect(forgetBasket).not.toHaveBeenCalled();
    expect(followBasket).not.toHaveBeenCalled();
  });

  it('signs in with a valid token, then replaces the user with the server’s after 300 ms', async () => {
    const value = storeSession();
    await start();
    expect(sessionStore.token).toBe(value);
    expect(sessionStore.roles).toEqual([1]);
    expect(sessionStore.user?.phone).toBe('06 12 34 56 78');
    await vi.advanceTimersByTimeAsync(299);
    expect(remote.fetchCurrentUser).not.toHaveBeenCalled();
    await settle();
    expect(remote.fetchCurrentUser).toHaveBeenCalledTimes(1);
    expect(sessionStore.user?.phone).toBe('07 00 00 00 00');
    expect(sessionStore.confirmed).toBe(true);
    expect(storedUser()).toMatchObject({ phone: '07 00 00 00 00' });
  });

  it('leaves an expired token signed out', async () => {
    localStorage.setItem(TOKEN_KEY, token(now() - 1));
    await start();
    expect(sessionStore.token).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('treats a malformed token as none and removes it', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc.def');
    await start();
    expect(sessionStore.token).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('logs out when the server refuses the token, without asking it to revoke', async () => {
    storeSession();
    remote.fetchCurrentUser.mockRejectedValue({ status: 401 });
    await start();
    await settle();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStore.token).toBeNull();
    expect(remote.revokeToken).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the user cannot be fetched for want of network', async () => {
    const value = storeSession();
    remote.fetchCurrentUser.mockRejectedValue({});
    await start();
    await settle();
    expect(sessionStore.token).toBe(value);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('sign-in, update and sign-out', () => {
  it('signIn stores the token and the user, shows the user at once and fetches it once for quick calls', async () => {
    await start();
    const value = token(now() + 60, [2]);
    signIn(value, { ...serverUser, firstname: 'Hugo' } as never);
    // A new token alone (after a password change) keeps the stored user of its account.
    signIn(value);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(value);
    expect(sessionStore.roles).toEqual([2]);
    expect(sessionStore.user?.firstname).toBe('Hugo');
    expect(storedUser()).toMatchObject({ firstname: 'Hugo' });
    await settle();
    expect(remote.fetchCurrentUser).toHaveBeenCalledTimes(1);
  });

  it('refuses a token it cannot read', async () => {
    expect(() => signIn('nope')).toThrow();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('updateUser merges new fields into the stored user', async () => {
    storeSession();
    await start();
    updateUser({ phone: '01 02 03 04 05' });
    expect(sessionStore.user).toMatchObject({ firstname: 'Claire', phone: '01 02 03 04 05' });
    expect(storedUser()).toMatchObject({ firstname: 'Claire', phone: '01 02 03 04 05' });
  });

  it('logout clears the token, revokes it on the server and reloads', async () => {
    const value = storeSession();
    localStorage.setItem('cookie_consent', 'kept');
    await start();
    await logout();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(localStorage.getItem('cookie_consent')).toBe('kept');
    expect(sessionStore.user).toBeNull();
    expect(remote.revokeToken).toHaveBeenCalledWith(value);
    expect(reload).toHaveBeenCalledTimes(1);
    // The basket followed the account while signed in, and leaves the device with it.
    expect(followBasket).toHaveBeenCalledWith(tokenUser._id);
    expect(forgetBasket).toHaveBeenCalledTimes(1);
  });

  it('forgets an account’s basket kept on a device found signed out (issue 32)', async () => {
    localStorage.setItem(
      'basket_sync',
      JSON.stringify({ userId: 'u1', mergeKey: null, changes: 0 }),
    );
    await start();
    await settle();
    expect(forgetBasket).toHaveBeenCalledTimes(1);
    expect(followBasket).not.toHaveBeenCalled();
  });

  it('logout can skip the revoke call, and still reloads when the call fails', async () => {
    storeSession();
    await start();
    await logout({ revoke: false });
    expect(remote.revokeToken).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);

    storeSession();
    stopSession();
    await start();
    remote.revokeToken.mockRejectedValue(new Error('hors ligne'));
    await logout();
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('other tabs (spec 4.1)', () => {
  const storageEvent = (key: string | null, newValue: string | null) =>
    new StorageEvent('storage', { key, newValue, storageArea: localStorage });

  it('a token set elsewhere is read here and sends the person home', async () => {
    await start();
    const value = token(now() + 60, [5]);
    localStorage.setItem(TOKEN_KEY, value);
    onStorage(storageEvent(TOKEN_KEY, value));
    expect(sessionStore.token).toBe(value);
    expect(sessionStore.roles).toEqual([5]);
    expect(goHome).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('a token cleared elsewhere reloads this tab', async () => {
    storeSession();
    await start();
    localStorage.removeItem(TOKEN_KEY);
    window.dispatchEvent(storageEvent(TOKEN_KEY, null));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('a storage cleared elsewhere reloads a signed-in tab only', async () => {
    await start();
    onStorage(storageEvent(null, null));
    expect(reload).not.toHaveBeenCalled();
    storeSession();
    stopSession();
    await start();
    onStorage(storageEvent(null, null));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores other keys', async () => {
    storeSession();
    await start();
    onStorage(storageEvent('basket', '[]'));
    expect(reload).not.toHaveBeenCalled();
    expect(goHome).not.toHaveBeenCalled();
  });
});
