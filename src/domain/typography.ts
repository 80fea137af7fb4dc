/**
 * French typesetting of text assembled at runtime (issue 12). A normal space is where the browser
 * may break a line; French keeps punctuation, units and the parts of a time or of an identifier
 * on the line of what they belong to:
 * - U+00A0 no-break space: before ':', inside « », between a number and its unit (h, €, %);
 * - U+202F narrow no-break space: before ';', '?', '!', and between thousands.
 * Amounts and rates go through formatEuro and formatPercent of ./format (Intl.NumberFormat('fr-FR'),
 * which writes these very characters).
 * Fixed texts carry these characters themselves (as \u00a0 / \u202f escapes, or &nbsp; in JSX).
 */
export const NBSP = '\u00a0';
export const NNBSP = '\u202f';

/** 9 → '9 h'; (1, 30) → '1 h 30'; never split across lines. */
export function formatHour(hours: number, minutes = 0): string {
  const h = `${hours}${NBSP}h`;
  return minutes === 0 ? h : `${h}${NBSP}${String(minutes).padStart(2, '0')}`;
}

/**
 * U+2060 word joiner: no line break on either side. Needed after a dash: browsers may break after
 * '–' even when a no-break space follows it (Unicode line breaking, rule LB12a).
 */
export const WORD_JOINER = '\u2060';

/** (9, 19) → '9 h – 19 h', on one line. */
export function formatHourRange(from: number, to: number): string {
  return `${formatHour(from)}${NBSP}–${WORD_JOINER}${NBSP}${formatHour(to)}`;
}

/**
 * An identifier written in groups ('RCS Paris 912 345 678', a contract or card number) kept on
 * one line: its spaces become no-break spaces.
 */
export function keepTogether(text: string): string {
  return text.replaceAll(' ', NBSP);
}
