import { describe, expect, it } from 'vitest';
import { MANDATE_NOT_SIGNED, callbackText, leadStatusRefusal, stageMoveRefusal } from './staff';

describe('stage moves (spec 4.7)', () => {
  it('allows one step forward, one step back with a note, nothing else', () => {
    expect(stageMoveRefusal('VALIDATION', 'MANDAT', '')).toBeNull();
    expect(stageMoveRefusal('MANDAT', 'VALIDATION', 'Mandat annulé par le client')).toBeNull();
    expect(stageMoveRefusal('MANDAT', 'VALIDATION', '  ')).toMatch(/note/);
    expect(stageMoveRefusal('VALIDATION', 'RECHERCHE', '')).toMatch(/une étape à la fois/);
    expect(stageMoveRefusal('MANDAT', 'MANDAT', '')).toMatch(/déjà/);
  });

  it('reaches « Mandat signé » and later only with a signed mandate (issue 30)', () => {
    const unsigned = { mandateSigned: false };
    expect(stageMoveRefusal('VALIDATION', 'MANDAT', '', unsigned)).toBe(MANDATE_NOT_SIGNED);
    expect(stageMoveRefusal('MANDAT', 'RECHERCHE', '', unsigned)).toBe(MANDATE_NOT_SIGNED);
    expect(stageMoveRefusal('MANDAT', 'VALIDATION', 'Rétractation', unsigned)).toBeNull();
    expect(stageMoveRefusal('VALIDATION', 'MANDAT', '', { mandateSigned: true })).toBeNull();
  });
});

describe('lead statuses', () => {
  it('move forward one at a time, close from any open status, reopen only to nouveau', () => {
    expect(leadStatusRefusal('nouveau', 'contacte')).toBeNull();
    expect(leadStatusRefusal('nouveau', 'estimation')).not.toBeNull();
    expect(leadStatusRefusal('estimation', 'sans_suite')).toBeNull();
    expect(leadStatusRefusal('mandat', 'sans_suite')).not.toBeNull();
    expect(leadStatusRefusal('sans_suite', 'nouveau')).toBeNull();
    expect(leadStatusRefusal('sans_suite', 'mandat')).not.toBeNull();
  });
});

describe('the 48-hour callback', () => {
  it('names the full date and the Paris hour, and says since when it is overdue', () => {
    // Sunday 22 November 2026, 13:00 UTC = 14 h in Paris; 48 h later: Tuesday 24, 14 h.
    const created = '2026-11-22T13:00:00.000Z';
    expect(callbackText(created, new Date('2026-11-22T14:00:00Z'))).toEqual({
      text: 'à rappeler avant mardi\u00a024\u00a0novembre, 14\u00a0h',
      overdue: false,
    });
    expect(callbackText(created, new Date('2026-11-23T09:00:00Z')).text).toBe(
      'à rappeler demain avant 14\u00a0h',
    );
    expect(callbackText(created, new Date('2026-11-24T08:00:00Z')).text).toBe(
      'à rappeler aujourd’hui avant 14\u00a0h',
    );
    expect(callbackText(created, new Date('2026-11-24T14:00:00Z'))).toEqual({
      text: 'en retard depuis 14\u00a0h',
      overdue: true,
    });
    // Six weeks later, the date says which Tuesday (issue 29: « depuis vendredi » was not enough).
    expect(callbackText(created, new Date('2027-01-05T10:00:00Z'))).toEqual({
      text: 'en retard depuis le\u00a0mardi\u00a024\u00a0novembre\u00a02026, 14\u00a0h',
      overdue: true,
    });
    expect(callbackText('2026-11-22T13:30:00.000Z', new Date('2026-11-22T14:00:00Z')).text).toBe(
      'à rappeler avant mardi\u00a024\u00a0novembre, 14\u00a0h\u00a030',
    );
  });
});
