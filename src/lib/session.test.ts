// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  debounceLatest,
  decodeToken,
  isExpired,
  readStoredSession,
  readStoredUser,
  readToken,
  TOKEN_KEY,
  writeStoredUser,
} from './session';
import { USER_KEY } from './token-storage';
import type { User } from '../domain/user.schema';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const user = {
  _id: 'u1',
  firstname: 'Claire',
  lastname: 'Martin',
  email: 'c@exemple.fr',
} as unknown as User;
const NOW = 1_800_000_000;

function token(payload: Record<string, unknown>): string {
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.c2lnbmF0dXJl`;
}
const valid = token({ exp: NOW + 3600, roles: [1], sv: 0, sub: 'u1', jti: 'j1' });

describe('decodeToken', () => {
  it('reads the account id, exp and roles without verifying anything', () => {
    expect(decodeToken(valid)).toEqual({ sub: 'u1', exp: NOW + 3600, roles: [1] });
  });

  it.each([
    ['empty', ''],
    ['not a JWT', 'bonjour'],
    ['two parts', 'abc.def'],
    ['payload not base64url JSON', 'abc.%%%.def'],
    ['payload JSON but not an object', `${b64url({})}.${b64url([1, 2])}.sig`],
    ['five parts (JWE)', 'a.b.c.d.e'],
  ])('rejects a malformed token (%s)', (_, value) => {
    expect(decodeToken(value)).toBeNull();
  });

  it.each([
    ['no exp', { roles: [1], sub: 'u1' }],
    ['exp as text', { exp: String(NOW), roles: [1], sub: 'u1' }],
    ['roles missing', { exp: NOW, sub: 'u1' }],
    ['roles not numbers', { exp: NOW, roles: ['admin'], sub: 'u1' }],
    ['no account id', { exp: NOW, roles: [1] }],
  ])('rejects a token of another shape (%s)', (_, payload) => {
    expect(decodeToken(token(payload))).toBeNull();
  });
});

describe('isExpired', () => {
  it('compares exp, in seconds, with now', () => {
    expect(isExpired({ exp: NOW + 1 }, NOW)).toBe(false);
    expect(isExpired({ exp: NOW }, NOW)).toBe(true);
    expect(isExpired({ exp: NOW - 1 }, NOW)).toBe(true);
  });

  it('uses the clock in seconds by default', () => {
    const inOneMinute = Math.floor(Date.now() / 1000) + 60;
    expect(isExpired({ exp: inOneMinute })).toBe(false);
    expect(isExpired({ exp: Math.floor(Date.now() / 1000) - 60 })).toBe(true);
  });
});

describe('readStoredSession', () => {
  beforeEach(() => localStorage.clear());

  it('finds nothing without a token', () => {
    expect(readStoredSession(localStorage, NOW)).toBeNull();
  });

  it('returns a valid token with its payload and keeps it', () => {
    localStorage.setItem(TOKEN_KEY, valid);
    expect(readStoredSession(localStorage, NOW)).toEqual({
      token: valid,
      payload: { sub: 'u1', exp: NOW + 3600, roles: [1] },
      user: null,
    });
    expect(readToken(localStorage)).toBe(valid);
  });

  it('brings the stored user of the token’s account, never another account’s', () => {
    localStorage.setItem(TOKEN_KEY, valid);
    writeStoredUser(user, localStorage);
    expect(readStoredSession(localStorage, NOW)?.user).toEqual(user);
    writeStoredUser({ ...user, _id: 'u2' }, localStorage);
    expect(readStoredSession(localStorage, NOW)?.user).toBeNull();
    localStorage.setItem(USER_KEY, '{pas du json');
    expect(readStoredUser('u1', localStorage)).toBeNull();
  });

  it('treats a malformed token as none and removes it', () => {
    localStorage.setItem(TOKEN_KEY, 'pas-un-jeton');
    expect(readStoredSession(localStorage, NOW)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('treats an expired token as none and removes it', () => {
    localStorage.setItem(TOKEN_KEY, token({ exp: NOW - 10, roles: [1], sub: 'u1' }));
    writeStoredUser(user, localStorage);
    expect(readStoredSession(localStorage, NOW)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('copes with a browser that blocks storage', () => {
    expect(readStoredSession(null, NOW)).toBeNull();
  });
});

describe('debounceLatest', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function deferred<T>() {
    let resolve!: (value: T) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  }

  it('collapses calls within the delay into one run', async () => {
    const task = vi.fn(() => Promise.resolve('ok'));
    const onSuccess = vi.fn();
    const refresh = debounceLatest(task, { delayMs: 300, onSuccess, onFailure: vi.fn() });
    refresh.schedule();
    await vi.advanceTimersByTimeAsync(200);
    refresh.schedule();
    await vi.advanceTimersByTimeAsync(299);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith('ok');
  });

  it('lets the latest run win: an older answer, even later, is ignored and its request aborted', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const signals: AbortSignal[] = [];
    const answers = [first, second];
    const onSuccess = vi.fn();
    const refresh = debounceLatest(
      (signal) => {
        signals.push(signal);
        return answers[signals.length - 1]!.promise;
      },
      { delayMs: 300, onSuccess, onFailure: vi.fn() },
    );
    refresh.schedule();
    await vi.advanceTimersByTimeAsync(300);
    refresh.schedule();
    await vi.advanceTimersByTimeAsync(300);
    expect(signals[0]!.aborted).toBe(true);
    second.resolve('récent');
    first.resolve('ancien');
    await vi.runAllTimersAsync();
    expect(onSuccess.mock.calls).toEqual([['récent']]);
  });

  it('reports the failure of the latest run only', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const answers = [first, second];
    let calls = 0;
    const onFailure = vi.fn();
    const refresh = debounceLatest(() => answers[calls++]!.promise, {
      delayMs: 300,
      onSuccess: vi.fn(),
      onFailure,
    });
    refresh.schedule();
    await vi.advanceTimersByTimeAsync(300);
    refresh.schedule();
    await vi.advanceTimersByTimeAsync(300);
    first.reject(new Error('ancienne'));
    await vi.runAllTimersAsync();
    expect(onFailure).not.toHaveBeenCalled();
    second.reject(new Error('récente'));
    await vi.runAllTimersAsync();
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect((onFailure.mock.calls[0]![0] as Error).message).toBe('récente');
  });

  it('cancel drops the pending run and the answer in flight', async () => {
    const pending = deferred<string>();
    const task = vi.fn(() => pending.promise);
    const onSuccess = vi.fn();
    const refresh = debounceLatest(task, { delayMs: 300, onSuccess, onFailure: vi.fn() });
    refresh.schedule();
    refresh.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).not.toHaveBeenCalled();

    refresh.schedule();
    await vi.advanceTimersByTimeAsync(300);
    refresh.cancel();
    pending.resolve('trop tard');
    await vi.runAllTimersAsync();
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
