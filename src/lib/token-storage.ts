/**
 * Where the session token lives (spec 3.2): localStorage, key `token`. Only storage here, no
 * decoding: this module is in every page's bundle (the HTTP client and the session's start read
 * it), the decoder is loaded only when a token exists (src/lib/session.ts).
 */
export const TOKEN_KEY = 'token';
/**
 * The signed-in user's own record (spec 3.1 "the stored user"), beside the token, which carries
 * only the account id and roles: the header and the client area show it before the server
 * answers, and offline.
 */
export const USER_KEY = 'user';

/** localStorage, or null where the browser blocks site data (reading it then throws) or on the server. */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The token to send as bearer, as stored now (another tab may have changed it). */
export function readToken(storage: Storage | null = browserStorage()): string | null {
  return storage?.getItem(TOKEN_KEY) ?? null;
}

export function writeToken(token: string, storage: Storage | null = browserStorage()): void {
  storage?.setItem(TOKEN_KEY, token);
}

/** Removes the token and the user stored with it. */
export function clearToken(storage: Storage | null = browserStorage()): void {
  storage?.removeItem(TOKEN_KEY);
  storage?.removeItem(USER_KEY);
}
