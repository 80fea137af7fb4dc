import { describe, expect, it } from 'vitest';
import {
  addMonths,
  documentsDueAt,
  monthsText,
  nextRetentionPass,
  prospectDueAt,
  retentionCutoffs,
  retentionTexts,
} from './retention';

describe('retention durations', () => {
  it('says them in French, as the privacy policy does', () => {
    expect(retentionTexts).toEqual({
      prospects: '3\u00a0ans',
      documents: '6\u00a0mois',
      amlDocuments: '5\u00a0ans',
      mandates: '10\u00a0ans',
    });
    expect(monthsText(12)).toBe('1\u00a0an');
  });

  it('counts by the calendar, the end of a month kept', () => {
    expect(addMonths('2026-03-31T10:00:00.000Z', 1)).toBe('2026-04-30T10:00:00.000Z');
    expect(addMonths('2028-02-29T00:00:00.000Z', -36)).toBe('2025-02-28T00:00:00.000Z');
    expect(prospectDueAt('2023-11-26T10:00:00.000Z')).toBe('2026-11-26T10:00:00.000Z');
    expect(documentsDueAt('2026-05-26T10:00:00.000Z')).toBe('2026-11-26T10:00:00.000Z');
    expect(documentsDueAt('2026-05-26T10:00:00.000Z', 'salaires')).toBe('2026-11-26T10:00:00.000Z');
    // Identity, address and funds: 5 years (anti-money-laundering, art. L561-12 CMF).
    expect(documentsDueAt('2026-05-26T10:00:00.000Z', 'identite')).toBe('2031-05-26T10:00:00.000Z');
    expect(documentsDueAt('2026-05-26T10:00:00.000Z', 'apport')).toBe('2031-05-26T10:00:00.000Z');
    expect(retentionCutoffs(Date.parse('2026-11-26T10:00:00.000Z'))).toEqual({
      prospectsBefore: '2023-11-26T10:00:00.000Z',
      documentsBefore: '2026-05-26T10:00:00.000Z',
      amlDocumentsBefore: '2021-11-26T10:00:00.000Z',
    });
  });

  it('plans the next pass at 03:00 Paris time, summer and winter', () => {
    // Winter (UTC+1): 03:00 Paris is 02:00 UTC.
    expect(nextRetentionPass(Date.parse('2026-11-26T01:59:00.000Z'))).toEqual({
      day: '2026-11-26',
      at: Date.parse('2026-11-26T02:00:00.000Z'),
    });
    expect(nextRetentionPass(Date.parse('2026-11-26T02:00:00.000Z')).day).toBe('2026-11-27');
    // Summer (UTC+2): 01:00 UTC; late in the evening, the next day's.
    expect(nextRetentionPass(Date.parse('2026-07-14T22:30:00.000Z'))).toEqual({
      day: '2026-07-15',
      at: Date.parse('2026-07-15T01:00:00.000Z'),
    });
    // The night the clocks go back (25 October 2026): 03:00 comes once, in winter time.
    expect(nextRetentionPass(Date.parse('2026-10-24T23:00:00.000Z')).at).toBe(
      Date.parse('2026-10-25T02:00:00.000Z'),
    );
    // The night they go forward (29 March 2026): 03:00 exists (02:00 is skipped).
    expect(nextRetentionPass(Date.parse('2026-03-28T23:00:00.000Z')).at).toBe(
      Date.parse('2026-03-29T01:00:00.000Z'),
    );
  });
});
