import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text';

/** A one-font PDF whose page says `word` (one glyph per character, codes 1…n). */
function tinyPdf(word: string, padding: string): { pdf: Buffer; lastByte: number } {
  const codes = [...word].map((_, i) => (i + 1).toString(16).padStart(4, '0'));
  const cmap = `begincmap ${codes.length} beginbfchar ${[...word]
    .map((c, i) => `<${codes[i]}> <${c.charCodeAt(0).toString(16).padStart(4, '0')}>`)
    .join(' ')} endbfchar endcmap`;
  const content = deflateSync(Buffer.from(`BT /F1 12 Tf <${codes.join('')}> Tj ET % ${padding}`));
  const pdf = Buffer.concat([
    Buffer.from(
      '%PDF-1.7\n1 0 obj\n<< /Type /Page /Resources << /Font << /F1 2 0 R >> >> /Contents 4 0 R >>\nendobj\n' +
        '2 0 obj\n<< /BaseFont /ABCDEF+Test /ToUnicode 3 0 R >>\nendobj\n' +
        `3 0 obj\n<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream\nendobj\n` +
        `4 0 obj\n<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`,
      'latin1',
    ),
    content,
    Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
  ]);
  return { pdf, lastByte: content[content.length - 1]! };
}

describe('pdfText', () => {
  it('reads a compressed stream whose data ends with a carriage return (its /Length counts)', () => {
    // Compressed data ends with its checksum: some contents end with 0x0d, read as a line end
    // before « endstream » by a reader that looks for it (a page of the mandate went missing so).
    let found: Buffer | undefined;
    for (let i = 0; i < 5000 && !found; i++) {
      const { pdf, lastByte } = tinyPdf('Honoraires', String(i));
      if (lastByte === 0x0d) found = pdf;
    }
    expect(found).toBeDefined();
    expect(pdfText(found!)).toBe('Honoraires');
  });

  it('reads the same stream when it ends otherwise', () => {
    const { pdf, lastByte } = tinyPdf('TTC', 'x');
    expect(lastByte).not.toBe(0x0d);
    expect(pdfText(pdf)).toBe('TTC');
  });
});
