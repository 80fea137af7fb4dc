// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { claimableWhat, pastReminder } from './routing-parts';

const HOUR = 3_600_000;

describe('pastReminder', () => {
  const arrived = '2026-11-26T08:00:00.000Z';
  const at = (hours: number) => Date.parse(arrived) + hours * HOUR;

  it('is overdue for the hunter from 24 h, for the managers from 40 h', () => {
    expect(pastReminder(arrived, false, at(23.9))).toBe(false);
    expect(pastReminder(arrived, false, at(24))).toBe(true);
    expect(pastReminder(arrived, true, at(24))).toBe(false);
    expect(pastReminder(arrived, true, at(39.9))).toBe(false);
    expect(pastReminder(arrived, true, at(40))).toBe(true);
  });
});

describe('claimableWhat', () => {
  it('says an owner lead’s property and where, never who', () => {
    expect(
      claimableWhat({
        recordType: 'owner',
        recordId: '12',
        createdAt: '2026-11-26T08:00:00.000Z',
        department: '94',
        city: 'Vincennes',
        typeBien: 'Appartement',
        price: 520_000,
      }),
    ).toEqual({
      kind: 'Propriétaire',
      what: 'Appartement · Vincennes, Val-de-Marne (94)',
      worth: '520\u202f000\u00a0€',
    });
  });

  it('says a buyer’s departments and budget; an owner without price asks for an estimate', () => {
    expect(
      claimableWhat({
        recordType: 'buyer',
        recordId: 'u1',
        createdAt: '2026-11-26T08:00:00.000Z',
        departments: ['75', '92'],
        budget: 480_000,
      }),
    ).toEqual({
      kind: 'Acquéreur',
      what: 'Paris (75), Hauts-de-Seine (92)',
      worth: 'budget 480\u202f000\u00a0€',
    });
    expect(
      claimableWhat({
        recordType: 'owner',
        recordId: '13',
        createdAt: '2026-11-26T08:00:00.000Z',
        department: '75',
        city: '75111',
        typeBien: null,
        price: null,
      }).worth,
    ).toBe('estimation demandée');
  });
});
