/** Dates as the account areas show them, in Paris time (amounts: format.ts). */

let longDate: Intl.DateTimeFormat | undefined;

/**
 * '2026-11-23T10:00:00Z' → '23 novembre 2026' (the date in Paris), its words joined by no-break
 * spaces: never broken across two lines.
 */
export function formatLongDate(iso: string): string {
  longDate ??= new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });
  return longDate.format(new Date(iso)).replace(/\s+/g, '\u00a0');
}

let updatedAtFormat: Intl.DateTimeFormat | undefined;

/** « à jour le 22/11 à 14 h 05 » (Paris time): when a kept answer was fetched. */
export function formatUpdatedAt(ms: number): string {
  updatedAtFormat ??= new Intl.DateTimeFormat('fr-FR', {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Paris',
  });
  const parts = updatedAtFormat.formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `à jour le ${part('day')}/${part('month')} à ${Number(part('hour'))}\u00a0h\u00a0${part('minute')}`;
}
