import { beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_KEY, CONSENT_LIFETIME_MS, readConsent, writeConsent } from './consent-storage';

class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(i: number) {
    return [...this.data.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

describe('cookie consent storage', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it('has no choice at first', () => {
    expect(readConsent(storage)).toBeNull();
  });

  it('keeps a refusal as well as an acceptance', () => {
    writeConsent(storage, 'refused', 1000);
    expect(readConsent(storage, 2000)).toBe('refused');
    writeConsent(storage, 'accepted', 3000);
    expect(readConsent(storage, 4000)).toBe('accepted');
  });

  it('asks again after about six months', () => {
    writeConsent(storage, 'accepted', 0);
    expect(readConsent(storage, CONSENT_LIFETIME_MS - 1)).toBe('accepted');
    expect(readConsent(storage, CONSENT_LIFETIME_MS)).toBeNull();
    expect(storage.getItem(CONSENT_KEY)).toBeNull();
  });

  it('discards an unreadable value', () => {
    storage.setItem(CONSENT_KEY, '{oops');
    expect(readConsent(storage)).toBeNull();
    storage.setItem(CONSENT_KEY, JSON.stringify({ choice: 'maybe', at: 1 }));
    expect(readConsent(storage, 2)).toBeNull();
  });
});
