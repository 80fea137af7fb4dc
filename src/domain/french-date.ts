/**
 * Dates in words, in Paris time, for the screens where a date matters (issue 29): the full day
 * « jeudi 16 octobre », its time « jeudi 16 octobre, 19 h 59 », the year only when it is not the
 * current one, and what a due item says (« en retard depuis le … », « aujourd’hui à 19 h 59 »,
 * « demain à 9 h »).
 *
 * A date never breaks inside: its words are joined by no-break spaces (U+00A0), so « 16 octobre »
 * or « 25 nov. » stay on one line; a line may break only after the comma before the time, and
 * between the words of the phrase around the date (« en retard depuis »).
 */
import { parisDay, parisLongFormat } from './paris-time';

const NBSP = '\u00a0';

/** Dates, as the callers give them: an ISO instant, a Date, or milliseconds. */
export type Instant = string | number | Date;

const toDate = (when: Instant): Date => (when instanceof Date ? when : new Date(when));
const toIso = (when: Instant): string => toDate(when).toISOString();

let shortFormat: Intl.DateTimeFormat | undefined;

type Parts = Record<'weekday' | 'day' | 'month' | 'year' | 'hour' | 'minute', string>;

function partsOf(format: Intl.DateTimeFormat, when: Instant): Parts {
  const found: Partial<Parts> = {};
  for (const p of format.formatToParts(toDate(when))) {
    if (p.type in { weekday: 1, day: 1, month: 1, year: 1, hour: 1, minute: 1 })
      found[p.type as keyof Parts] = p.value;
  }
  return {
    weekday: found.weekday ?? '',
    day: found.day ?? '',
    month: found.month ?? '',
    year: found.year ?? '',
    hour: found.hour ?? '',
    minute: found.minute ?? '',
  };
}

function longParts(when: Instant): Parts {
  return partsOf(parisLongFormat(), when);
}

/** Whether `when` falls in another Paris year than `now`. */
const otherYear = (when: Instant, now: Instant) =>
  parisDay(toIso(when)).slice(0, 4) !== parisDay(toIso(now)).slice(0, 4);

/** « 1er » for the first of the month, as French writes it. */
const dayNumber = (day: string) => (day === '1' ? '1er' : day);

/** « 19 h 59 », « 9 h » on the hour (Paris time), never broken. */
export function formatTime(when: Instant): string {
  const { hour, minute } = longParts(when);
  return `${Number(hour)}${NBSP}h${minute === '00' ? '' : `${NBSP}${minute}`}`;
}

/** « jeudi 16 octobre » (Paris), « jeudi 16 octobre 2025 » when not in the year of `now`. */
export function formatDayDate(when: Instant, now: Instant = Date.now()): string {
  const { weekday, day, month, year } = longParts(when);
  const date = [weekday, dayNumber(day), month].join(NBSP);
  return otherYear(when, now) ? `${date}${NBSP}${year}` : date;
}

/** « jeudi 16 octobre, 19 h 59 » (Paris), with the year when not in the year of `now`. */
export function formatDayDateTime(when: Instant, now: Instant = Date.now()): string {
  return `${formatDayDate(when, now)}, ${formatTime(when)}`;
}

/** « 25 nov. » (Paris), « 25 nov. 2025 » when not in the year of `now`: for lists and tables. */
export function formatShortDate(when: Instant, now: Instant = Date.now()): string {
  shortFormat ??= new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const { day, month, year } = partsOf(shortFormat, when);
  const date = `${dayNumber(day)}${NBSP}${month}`;
  return otherYear(when, now) ? `${date}${NBSP}${year}` : date;
}

/**
 * Calendar days from `now`'s Paris day to `when`'s: 0 today, 1 tomorrow, -1 yesterday (Paris
 * days, whatever the device's time zone; a day of 23 or 25 hours counts as one).
 */
export function parisDaysFrom(when: Instant, now: Instant = Date.now()): number {
  const a = Date.parse(`${parisDay(toIso(now))}T12:00:00Z`);
  const b = Date.parse(`${parisDay(toIso(when))}T12:00:00Z`);
  return Math.round((b - a) / (24 * 3_600_000));
}

/** Where a due item stands: past its moment, later today, tomorrow, or after. */
export type DueState = 'overdue' | 'today' | 'tomorrow' | 'later';

export interface DueText {
  state: DueState;
  overdue: boolean;
  /**
   * « en retard depuis 9 h 30 » (earlier today), « en retard depuis le jeudi 16 octobre,
   * 19 h 59 » (before today), « aujourd’hui à 19 h 59 », « demain à 9 h », « jeudi 16 octobre,
   * 19 h 59 » (after tomorrow). Lower case: a caller starting a sentence capitalises it.
   */
  text: string;
}

/** What a due item says of its moment `due`, seen at `now` (Paris days). */
export function dueText(due: Instant, now: Instant = Date.now()): DueText {
  const overdue = toDate(due).getTime() < toDate(now).getTime();
  const days = parisDaysFrom(due, now);
  if (overdue)
    return {
      state: 'overdue',
      overdue,
      text:
        days === 0
          ? `en retard depuis ${formatTime(due)}`
          : `en retard depuis le${NBSP}${formatDayDateTime(due, now)}`,
    };
  if (days === 0)
    return { state: 'today', overdue, text: `aujourd’hui à${NBSP}${formatTime(due)}` };
  if (days === 1) return { state: 'tomorrow', overdue, text: `demain à${NBSP}${formatTime(due)}` };
  return { state: 'later', overdue, text: formatDayDateTime(due, now) };
}

/** Whether `due` is overdue or falls on `now`'s Paris day: what « Aujourd’hui » lists. */
export function isDueToday(due: Instant, now: Instant = Date.now()): boolean {
  return toDate(due).getTime() < toDate(now).getTime() || parisDaysFrom(due, now) <= 0;
}
