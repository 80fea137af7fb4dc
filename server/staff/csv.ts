import type { Context } from 'hono';

/**
 * CSV for French Excel (issue 15): UTF-8 with a BOM (Excel then reads the accents right), `;`
 * between values, CRLF line ends, a value quoted when it holds `;`, `"` or a line break (quotes
 * doubled). A value that Excel would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe: an export opened by a person must never run what a visitor typed.
 */
export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cell = (value: unknown): string => {
    let text = value === null || value === undefined ? '' : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [headers, ...rows].map((row) => row.map(cell).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** At most this many rows per export: beyond, the person narrows the filters. */
export const CSV_MAX_ROWS = 5_000;

/** One column of an export: its French header and its value in a row. */
export type CsvColumn<R> = readonly [header: string, value: (row: R) => unknown];

/** An export as a download named `filename`, one line per item. */
export function csvDownload<R>(
  c: Context,
  filename: string,
  columns: readonly CsvColumn<R>[],
  items: readonly R[],
): Response {
  const csv = toCsv(
    columns.map(([header]) => header),
    items.map((item) => columns.map(([, value]) => value(item))),
  );
  c.header('Content-Disposition', `attachment; filename="${filename}"`);
  return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
}
