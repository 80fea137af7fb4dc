/**
 * An event as an iCalendar file (RFC 5545), for « Ajouter à mon agenda » (issue 28): one VEVENT
 * in UTC, its text escaped and its lines folded at 75 octets, CRLF line ends, so every calendar
 * (Apple, Google, Outlook) reads it.
 */
export interface CalendarEvent {
  /** Unique and stable: the same visit twice is one event (its update), not two. */
  uid: string;
  /** ISO instants. */
  start: string;
  end: string;
  /** When the file was made (ISO). */
  stamp: string;
  summary: string;
  location: string;
  description: string;
  /** The event was cancelled: calendars that imported it remove it. */
  cancelled?: boolean;
}

/** TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma, line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const utc = (iso: string) => `${new Date(iso).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** A content line folded so no line is longer than 75 octets (UTF-8), never inside a character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const lines: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; the next ones 74 after their leading space.
    if (size + bytes > (lines.length === 0 ? 75 : 74)) {
      lines.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  lines.push(current);
  return lines.join('\r\n ');
}

export function calendarFile(event: CalendarEvent, productId: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId}`,
    'CALSCALE:GREGORIAN',
    `METHOD:${event.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
