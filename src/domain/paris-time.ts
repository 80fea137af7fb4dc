/**
 * Local dates and times of Paris, as the inputs give them (`2026-11-26T14:30`, a visit's time),
 * and the instants they stand for: the server stores instants (ISO, UTC), the screens and the
 * calendar files show Paris time, whatever the time zone of the device or the server.
 */

let partsFormat: Intl.DateTimeFormat | undefined;

/** Paris' offset from UTC at the instant `ms`, in minutes (60 in winter, 120 in summer). */
function parisOffsetMinutes(ms: number): number {
  partsFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts = partsFormat.formatToParts(new Date(ms));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant (ISO, UTC) of a Paris local time `YYYY-MM-DDTHH:mm`; undefined for a time that
 * does not exist (31 February, 25 h). A time the spring change skips is read in winter time, one
 * the autumn change repeats as the first of the two.
 */
export function parisLocalToIso(local: string): string | undefined {
  const match = LOCAL.exec(local);
  if (!match) return undefined;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0] = match.slice(1).map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute
  )
    return undefined;
  // Paris is UTC+2 in summer, UTC+1 in winter: the earlier reading that Paris agrees with.
  const reading = [120, 60]
    .map((offset) => asUtc - offset * 60_000)
    .find((ms) => parisOffsetMinutes(ms) * 60_000 === asUtc - ms);
  return new Date(reading ?? asUtc - 60 * 60_000).toISOString();
}

/** The Paris local time `YYYY-MM-DDTHH:mm` of an instant (the value of a datetime-local input). */
export function isoToParisLocal(iso: string): string {
  const ms = Date.parse(iso);
  const local = new Date(ms + parisOffsetMinutes(ms) * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The Paris calendar day `YYYY-MM-DD` of an instant. */
export function parisDay(iso: string): string {
  return isoToParisLocal(iso).slice(0, 10);
}

/** The instants that start and end the Paris day `YYYY-MM-DD` (the end excluded). */
export function parisDayBounds(day: string): { from: string; to: string } {
  const from = parisLocalToIso(`${day}T00:00`);
  const next = new Date(Date.parse(`${day}T12:00:00Z`) + 24 * 60 * 60_000)
    .toISOString()
    .slice(0, 10);
  const to = parisLocalToIso(`${next}T00:00`);
  if (!from || !to) throw new Error(`Jour invalide\u00a0: ${day}`);
  return { from, to };
}

let longFormat: Intl.DateTimeFormat | undefined;

/** Weekday, day, month, year, hour and minute (24 h) of an instant in Paris, made once. */
export function parisLongFormat(): Intl.DateTimeFormat {
  return (longFormat ??= new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }));
}

/**
 * « jeudi 26 novembre 2026 à 14 h 30 » (« à 9 h » on the hour), Paris time: a visit's moment as
 * the screens, the e-mails and the calendar file say it.
 */
export function formatParisDateTime(iso: string, { year = true } = {}): string {
  const parts = parisLongFormat().formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const minutes = part('minute');
  const time = `${Number(part('hour'))}\u00a0h${minutes === '00' ? '' : `\u00a0${minutes}`}`;
  const day = part('day') === '1' ? '1er' : part('day');
  const date = `${part('weekday')} ${day}\u00a0${part('month')}${year ? ` ${part('year')}` : ''}`;
  return `${date} à ${time}`;
}
