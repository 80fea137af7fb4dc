import { describe, expect, it } from 'vitest';
import {
  dueText,
  formatDayDate,
  formatDayDateTime,
  formatShortDate,
  formatTime,
  isDueToday,
  parisDaysFrom,
} from './french-date';

const NBSP = '\u00a0';
/** The test's texts are written with plain spaces where a no-break space must be. */
const nb = (text: string) => text.replaceAll('~', NBSP);

// Thursday 16 October 2025, 19:59 in Paris (summer time, UTC+2).
const THURSDAY = '2025-10-16T17:59:00.000Z';

describe('a day in words', () => {
  it('names the weekday, the day and the month in Paris, the year only when not this year', () => {
    expect(formatDayDate(THURSDAY, '2025-11-01T10:00:00Z')).toBe(nb('jeudi~16~octobre'));
    expect(formatDayDate(THURSDAY, '2026-11-26T10:00:00Z')).toBe(nb('jeudi~16~octobre~2025'));
    expect(formatDayDateTime(THURSDAY, '2025-10-16T08:00:00Z')).toBe(
      nb('jeudi~16~octobre, 19~h~59'),
    );
    expect(formatDayDateTime(THURSDAY, new Date('2027-01-01T00:00:00Z'))).toBe(
      nb('jeudi~16~octobre~2025, 19~h~59'),
    );
  });

  it('says « 1er » for the first of the month and « 9 h » on the hour', () => {
    expect(formatDayDateTime('2026-12-01T08:00:00.000Z', '2026-11-26T10:00:00Z')).toBe(
      nb('mardi~1er~décembre, 9~h'),
    );
    expect(formatTime('2026-11-26T08:05:00.000Z')).toBe(nb('9~h~05'));
  });

  it('reads the day and the year in Paris, not in UTC', () => {
    // 31 December 2026, 23:30 UTC is already 1 January 2027 in Paris.
    expect(formatDayDate('2026-12-31T23:30:00.000Z', '2027-01-01T08:00:00Z')).toBe(
      nb('vendredi~1er~janvier'),
    );
    expect(formatDayDate('2026-12-31T23:30:00.000Z', '2026-12-31T12:00:00Z')).toBe(
      nb('vendredi~1er~janvier~2027'),
    );
  });

  it('never breaks inside a date: its only breakable space is after the comma', () => {
    const text = formatDayDateTime(THURSDAY, '2026-01-01T00:00:00Z');
    expect(text.split(' ')).toEqual([nb('jeudi~16~octobre~2025,'), nb('19~h~59')]);
    expect(formatShortDate('2026-11-25T10:00:00Z', '2026-11-26T10:00:00Z')).toBe(nb('25~nov.'));
    expect(formatShortDate('2025-11-25T10:00:00Z', '2026-11-26T10:00:00Z')).toBe(
      nb('25~nov.~2025'),
    );
    expect(formatShortDate('2026-11-25T10:00:00Z')).not.toContain(' ');
  });
});

describe('a due item', () => {
  // Thursday 26 November 2026, 14:00 in Paris (winter time, UTC+1).
  const now = '2026-11-26T13:00:00.000Z';

  it('says since when it is overdue, with the full date when it is not today', () => {
    expect(dueText(THURSDAY, now)).toEqual({
      state: 'overdue',
      overdue: true,
      text: nb('en retard depuis le~jeudi~16~octobre~2025, 19~h~59'),
    });
    expect(dueText('2026-11-20T18:59:00.000Z', now).text).toBe(
      nb('en retard depuis le~vendredi~20~novembre, 19~h~59'),
    );
    expect(dueText('2026-11-26T08:30:00.000Z', now)).toEqual({
      state: 'overdue',
      overdue: true,
      text: nb('en retard depuis 9~h~30'),
    });
  });

  it('says « aujourd’hui », « demain », then the date', () => {
    expect(dueText('2026-11-26T18:59:00.000Z', now)).toEqual({
      state: 'today',
      overdue: false,
      text: nb('aujourd’hui à~19~h~59'),
    });
    expect(dueText('2026-11-27T08:00:00.000Z', now)).toEqual({
      state: 'tomorrow',
      overdue: false,
      text: nb('demain à~9~h'),
    });
    expect(dueText('2026-11-28T08:00:00.000Z', now)).toEqual({
      state: 'later',
      overdue: false,
      text: nb('samedi~28~novembre, 9~h'),
    });
  });

  it('counts Paris days around midnight, whatever UTC says', () => {
    // 23:30 in Paris on Thursday is 22:30 UTC: still today; 00:30 Friday is 23:30 UTC Thursday.
    const lateEvening = '2026-11-26T22:30:00.000Z';
    const afterMidnight = '2026-11-26T23:30:00.000Z';
    expect(parisDaysFrom(lateEvening, now)).toBe(0);
    expect(parisDaysFrom(afterMidnight, now)).toBe(1);
    expect(dueText(afterMidnight, now).text).toBe(nb('demain à~0~h~30'));
    expect(isDueToday(lateEvening, now)).toBe(true);
    expect(isDueToday(afterMidnight, now)).toBe(false);
    // Seen at 00:10 on Friday in Paris, Thursday 23:30 is yesterday and overdue.
    const fridayNight = '2026-11-26T23:10:00.000Z';
    expect(parisDaysFrom(lateEvening, fridayNight)).toBe(-1);
    expect(dueText(lateEvening, fridayNight).text).toBe(
      nb('en retard depuis le~jeudi~26~novembre, 23~h~30'),
    );
  });

  it('counts the 25-hour day of the autumn change as one day', () => {
    // 25 October 2026 lasts 25 hours in Paris; its 23:30 is 22:30 UTC.
    expect(parisDaysFrom('2026-10-25T22:30:00.000Z', '2026-10-24T21:30:00.000Z')).toBe(1);
    expect(parisDaysFrom('2026-10-25T23:30:00.000Z', '2026-10-25T00:30:00.000Z')).toBe(1);
  });
});
