import { describe, expect, it } from 'vitest';
import { readConsent } from './consent-storage';
import { CONSENT_GATE_SCRIPT, CONSENT_KEY, CONSENT_LIFETIME_MS } from '../../domain/consent';

/** Runs the inline gate against a stored value; answers the mark it leaves on <html>. */
function gate(stored: string | null | Error, now: number): string | undefined {
  const marks: Record<string, string> = {};
  const storage = {
    getItem: (key: string) => {
      if (stored instanceof Error) throw stored;
      return key === CONSENT_KEY ? stored : null;
    },
  };
  const document = {
    documentElement: { setAttribute: (name: string, value: string) => (marks[name] = value) },
  };
  const clock = { now: () => now };
  new Function('localStorage', 'document', 'Date', CONSENT_GATE_SCRIPT)(storage, document, clock);
  return marks['data-consent'];
}

/** What the app decides for the same value (features/consent): the gate must agree. */
function app(stored: string | null, now: number): 'kept' | 'ask' {
  const values = new Map(stored === null ? [] : [[CONSENT_KEY, stored]]);
  const storage = {
    getItem: (key: string) => values.get(key) ?? null,
    removeItem: (key: string) => values.delete(key),
  } as unknown as Storage;
  return readConsent(storage, now) ? 'kept' : 'ask';
}

describe('the cookie banner gate of prerendered pages', () => {
  const now = 1_800_000_000_000;
  const cases: [string, string | null][] = [
    ['nothing stored', null],
    ['accepted yesterday', JSON.stringify({ choice: 'accepted', at: now - 86_400_000 })],
    ['refused yesterday', JSON.stringify({ choice: 'refused', at: now - 86_400_000 })],
    [
      'accepted at the lifetime’s end',
      JSON.stringify({ choice: 'accepted', at: now - CONSENT_LIFETIME_MS }),
    ],
    [
      'accepted just within it',
      JSON.stringify({ choice: 'accepted', at: now - CONSENT_LIFETIME_MS + 1 }),
    ],
    ['dated in the future', JSON.stringify({ choice: 'accepted', at: now + 1000 })],
    ['an unknown choice', JSON.stringify({ choice: 'maybe', at: now })],
    ['no date', JSON.stringify({ choice: 'accepted' })],
    ['a date as text', JSON.stringify({ choice: 'accepted', at: String(now) })],
    ['unreadable', '{oops'],
    ['null', 'null'],
  ];
  for (const [label, stored] of cases) {
    it(`agrees with the app: ${label}`, () => {
      expect(gate(stored, now)).toBe(app(stored, now));
    });
  }

  it('asks when storage cannot be read (private mode, blocked storage)', () => {
    expect(gate(new Error('SecurityError'), now)).toBe('ask');
  });

  it('leaves no global behind', () => {
    const before = Object.keys(globalThis).length;
    gate(null, now);
    expect(Object.keys(globalThis).length).toBe(before);
  });
});
