import { decodeJwt } from 'jose/jwt/decode';
import type { TokenPayload } from '../domain/auth.schema';
import type { User } from '../domain/user.schema';
import { browserStorage, clearToken, TOKEN_KEY, USER_KEY } from './token-storage';

/**
 * The signed-in session as the browser keeps it (spec 3.2, 4.1): the token alone, in
 * localStorage under `token` (./token-storage.ts), the user's record beside it under `user`. The
 * token is only
 * decoded here, never verified: the server verifies it on every call, the client merely reads
 * who it says it is. Loaded only when a token exists, so anonymous visits skip the decoder.
 */
export { browserStorage, clearToken, readToken, TOKEN_KEY, writeToken } from './token-storage';

/** What a readable token says: the account id, its roles, its expiry. */
export interface SessionPayload {
  sub: string;
  exp: number;
  roles: number[];
}

export interface StoredSession {
  token: string;
  payload: SessionPayload;
  /** The stored copy of the token's user, when there is one for that account. */
  user: User | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The payload of a token, or null when it is not a token of ours (malformed, wrong shape). */
export function decodeToken(token: string): SessionPayload | null {
  let claims: Record<string, unknown>;
  try {
    claims = decodeJwt(token);
  } catch {
    return null;
  }
  const { exp, roles, sub } = claims as Partial<Record<keyof TokenPayload, unknown>>;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  if (!Array.isArray(roles) || !roles.every((r) => Number.isInteger(r))) return null;
  if (typeof sub !== 'string' || sub === '') return null;
  return { sub, exp, roles: roles as number[] };
}

/** The stored user of account `sub`, or null (none, unreadable, or another account's). */
export function readStoredUser(
  sub: string,
  storage: Storage | null = browserStorage(),
): User | null {
  let value: unknown;
  try {
    value = JSON.parse(storage?.getItem(USER_KEY) ?? 'null');
  } catch {
    return null;
  }
  return isRecord(value) && value._id === sub ? (value as unknown as User) : null;
}

export function writeStoredUser(user: User, storage: Storage | null = browserStorage()): void {
  try {
    storage?.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    // A full or refused storage only costs the copy: the server sends the user again.
  }
}

export const nowInSeconds = (): number => Math.floor(Date.now() / 1000);

/** exp is in seconds (spec 3.2); a token is dead from its exp second on. */
export function isExpired(payload: Pick<SessionPayload, 'exp'>, now = nowInSeconds()): boolean {
  return payload.exp <= now;
}

/**
 * The session held at start (spec 4.1): none when the token is missing, malformed or expired.
 * A malformed or expired token is removed, so it is never sent again.
 */
export function readStoredSession(
  storage: Storage | null = browserStorage(),
  now = nowInSeconds(),
): StoredSession | null {
  const token = storage?.getItem(TOKEN_KEY);
  if (!storage || !token) return null;
  const payload = decodeToken(token);
  if (!payload || isExpired(payload, now)) {
    clearToken(storage);
    return null;
  }
  return { token, payload, user: readStoredUser(payload.sub, storage) };
}

export interface DebouncedLatest {
  /** Asks for a run; calls within the delay collapse into one. */
  schedule(): void;
  /** Drops the pending run and ignores the answer of the one in flight. */
  cancel(): void;
}

/**
 * Runs `task` once calls have been quiet for `delayMs`; when runs overlap, the latest wins: the
 * older one is aborted and its answer, success or failure, is ignored (spec 4.1: the current
 * user is fetched debounced 300 ms, latest request wins).
 */
export function debounceLatest<T>(
  task: (signal: AbortSignal) => Promise<T>,
  handlers: { delayMs: number; onSuccess: (value: T) => void; onFailure: (error: unknown) => void },
): DebouncedLatest {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  let generation = 0;

  const run = () => {
    timer = undefined;
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    const mine = ++generation;
    const isLatest = () => mine === generation && !controller.signal.aborted;
    task(controller.signal).then(
      (value) => {
        if (isLatest()) handlers.onSuccess(value);
      },
      (error: unknown) => {
        if (isLatest()) handlers.onFailure(error);
      },
    );
  };

  return {
    schedule() {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(run, handlers.delayMs);
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      generation += 1;
      inFlight?.abort();
      inFlight = undefined;
    },
  };
}
