import { describe, expect, it } from 'vitest';
import { calendarFile, escapeText, foldLine } from './icalendar';

describe('an iCalendar file', () => {
  const event = {
    uid: 'visite-12@chassimmo.fr',
    start: '2026-11-26T13:30:00.000Z',
    end: '2026-11-26T14:15:00.000Z',
    stamp: '2026-11-20T08:00:00.000Z',
    summary: 'Visite : 12, rue des Lilas',
    location: '12, rue des Lilas; Paris 11e',
    description: 'Avec Camille Martin\nApportez une pièce d’identité.',
  };

  it('holds one event in UTC with its text escaped, CRLF line ends', () => {
    const file = calendarFile(event, '-//Chassimmo//Visites//FR');
    expect(file.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(file).toContain('\r\nDTSTART:20261126T133000Z\r\n');
    expect(file).toContain('\r\nDTEND:20261126T141500Z\r\n');
    expect(file).toContain('\r\nLOCATION:12\\, rue des Lilas\\; Paris 11e\r\n');
    expect(file).toContain('DESCRIPTION:Avec Camille Martin\\nApportez une pièce d’identité.');
    expect(file).toContain('\r\nSTATUS:CONFIRMED\r\n');
    expect(file.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });

  it('marks a cancelled visit so calendars remove it', () => {
    const file = calendarFile({ ...event, cancelled: true }, '-//Chassimmo//Visites//FR');
    expect(file).toContain('METHOD:CANCEL');
    expect(file).toContain('STATUS:CANCELLED');
  });

  it('escapes backslashes before the rest', () => {
    expect(escapeText('a\\b,c;d')).toBe('a\\\\b\\,c\\;d');
  });

  it('folds long lines at 75 octets without cutting a character', () => {
    const line = `DESCRIPTION:${'é'.repeat(80)}`;
    const folded = foldLine(line).split('\r\n');
    const encoder = new TextEncoder();
    for (const part of folded) expect(encoder.encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });
});
