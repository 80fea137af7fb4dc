import { describe, expect, it } from 'vitest';
import {
  formatParisDateTime,
  isoToParisLocal,
  parisDay,
  parisDayBounds,
  parisLocalToIso,
} from './paris-time';

describe('Paris local times', () => {
  it('reads a winter and a summer time as the instants they stand for', () => {
    expect(parisLocalToIso('2026-01-15T14:30')).toBe('2026-01-15T13:30:00.000Z');
    expect(parisLocalToIso('2026-07-15T14:30')).toBe('2026-07-15T12:30:00.000Z');
  });

  it('refuses a time that does not exist on the calendar', () => {
    expect(parisLocalToIso('2026-02-31T10:00')).toBeUndefined();
    expect(parisLocalToIso('2026-05-10T25:00')).toBeUndefined();
    expect(parisLocalToIso('10/05/2026 10:00')).toBeUndefined();
  });

  it('takes the first of the two 2:30 of the autumn change, and winter time in the spring gap', () => {
    // 25 October 2026: 3:00 summer time becomes 2:00 winter time (01:00 UTC).
    expect(parisLocalToIso('2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z');
    // 29 March 2026: 2:00 winter time becomes 3:00 summer time; 2:30 does not exist.
    expect(parisLocalToIso('2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('gives back the local time and day of an instant', () => {
    expect(isoToParisLocal('2026-07-15T12:30:00.000Z')).toBe('2026-07-15T14:30');
    expect(isoToParisLocal('2026-12-31T23:30:00.000Z')).toBe('2027-01-01T00:30');
    expect(parisDay('2026-12-31T23:30:00.000Z')).toBe('2027-01-01');
  });

  it('bounds a Paris day, the 23-hour day of the spring change included', () => {
    expect(parisDayBounds('2026-11-26')).toEqual({
      from: '2026-11-25T23:00:00.000Z',
      to: '2026-11-26T23:00:00.000Z',
    });
    expect(parisDayBounds('2026-03-29')).toEqual({
      from: '2026-03-28T23:00:00.000Z',
      to: '2026-03-29T22:00:00.000Z',
    });
  });
});

describe('a visit’s moment in words', () => {
  it('says the day, the date and the time in Paris, « 1er » for the first of the month', () => {
    expect(formatParisDateTime('2026-11-26T13:30:00.000Z')).toBe(
      'jeudi 26\u00a0novembre 2026 à 14\u00a0h\u00a030',
    );
    expect(formatParisDateTime('2026-12-01T08:00:00.000Z', { year: false })).toBe(
      'mardi 1er\u00a0décembre à 9\u00a0h',
    );
  });
});
