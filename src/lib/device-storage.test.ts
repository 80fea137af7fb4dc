import { afterEach, describe, expect, it, vi } from 'vitest';
import { askPersistentStorage, deviceStorage, formatBytes } from './device-storage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const MB = 1000 * 1000;

/** A browser whose StorageManager has these methods. */
function withStorage(storage: Partial<StorageManager> | undefined) {
  vi.stubGlobal('navigator', { storage });
}

describe('the room on the device', () => {
  it('says what the site uses and may use, and the room left', async () => {
    withStorage({ estimate: async () => ({ usage: 12 * MB, quota: 2000 * MB }) });
    expect(await deviceStorage()).toEqual({
      usage: 12 * MB,
      quota: 2000 * MB,
      free: 1988 * MB,
      nearlyFull: false,
    });
  });

  it('is nearly full with less than 50 MB left, or past 90 % of the quota used', async () => {
    withStorage({ estimate: async () => ({ usage: 71 * MB, quota: 120 * MB }) });
    expect(await deviceStorage()).toMatchObject({ free: 49 * MB, nearlyFull: true });
    withStorage({ estimate: async () => ({ usage: 70 * MB, quota: 120 * MB }) });
    expect(await deviceStorage()).toMatchObject({ free: 50 * MB, nearlyFull: false });
    withStorage({ estimate: async () => ({ usage: 901 * MB, quota: 1000 * MB }) });
    expect(await deviceStorage()).toMatchObject({ free: 99 * MB, nearlyFull: true });
    withStorage({ estimate: async () => ({ usage: 900 * MB, quota: 1000 * MB }) });
    expect(await deviceStorage()).toMatchObject({ nearlyFull: false });
  });

  it('counts nothing used when the browser does not say, and never less than nothing free', async () => {
    withStorage({ estimate: async () => ({ quota: 500 * MB }) });
    expect(await deviceStorage()).toMatchObject({ usage: 0, free: 500 * MB });
    withStorage({ estimate: async () => ({ usage: 600 * MB, quota: 500 * MB }) });
    expect(await deviceStorage()).toMatchObject({ free: 0, nearlyFull: true });
  });

  it('is null where the browser has no estimate, no quota, or refuses it', async () => {
    vi.stubGlobal('navigator', undefined);
    expect(await deviceStorage()).toBeNull();
    withStorage(undefined);
    expect(await deviceStorage()).toBeNull();
    withStorage({});
    expect(await deviceStorage()).toBeNull();
    withStorage({ estimate: async () => ({ usage: 10 }) });
    expect(await deviceStorage()).toBeNull();
    withStorage({ estimate: () => Promise.reject(new DOMException('denied', 'SecurityError')) });
    expect(await deviceStorage()).toBeNull();
  });

  it('asks to keep the data, false where it cannot be asked or is refused', async () => {
    const persist = vi.fn(async () => true);
    withStorage({ persist });
    expect(await askPersistentStorage()).toBe(true);
    expect(persist).toHaveBeenCalledOnce();
    withStorage({ persist: async () => false });
    expect(await askPersistentStorage()).toBe(false);
    withStorage({ persist: () => Promise.reject(new Error('no')) });
    expect(await askPersistentStorage()).toBe(false);
    withStorage({});
    expect(await askPersistentStorage()).toBe(false);
    vi.stubGlobal('navigator', undefined);
    expect(await askPersistentStorage()).toBe(false);
  });
});

describe('bytes in French', () => {
  it('writes decimal units with a comma and a no-break space', () => {
    expect(formatBytes(3_400_000)).toBe('3,4\u00a0Mo');
    expect(formatBytes(820_000)).toBe('820\u00a0Ko');
    expect(formatBytes(3_456_789)).toBe('3,5\u00a0Mo');
    expect(formatBytes(512)).toBe('512\u00a0o');
    expect(formatBytes(0)).toBe('0\u00a0o');
    expect(formatBytes(2_000_000_000)).toBe('2\u00a0Go');
    expect(formatBytes(1_500)).toBe('1,5\u00a0Ko');
  });

  it('goes to the next unit when rounding reaches 1000', () => {
    expect(formatBytes(999_960)).toBe('1\u00a0Mo');
    expect(formatBytes(999)).toBe('999\u00a0o');
    expect(formatBytes(999_940)).toBe('999,9\u00a0Ko');
  });

  it('writes nothing odd for a value that is not a size', () => {
    expect(formatBytes(Number.NaN)).toBe('0\u00a0o');
    expect(formatBytes(-5)).toBe('0\u00a0o');
  });
});
