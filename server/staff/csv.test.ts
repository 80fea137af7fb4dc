import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a BOM, ; and CRLF, quotes what needs it and defuses formulas', () => {
    const csv = toCsv(
      ['Nom', 'Ville'],
      [
        ['Lefèvre', 'Saint-Maur-des-Fossés'],
        ['Dupont; fils', 'dit "le grand"'],
        ['=HYPERLINK("http://x")', '-2+3'],
        [null, 720000],
      ],
    );
    expect(csv.startsWith('\uFEFFNom;Ville\r\n')).toBe(true);
    expect(csv).toContain('Lefèvre;Saint-Maur-des-Fossés\r\n');
    expect(csv).toContain('"Dupont; fils";"dit ""le grand"""\r\n');
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")";'-2+3\r\n`);
    expect(csv.endsWith(';720000\r\n')).toBe(true);
  });
});
