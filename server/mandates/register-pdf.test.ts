import { describe, expect, it } from 'vitest';
import type { RegisterRowView } from '../../src/domain/api/mandates';
import { renderRegisterPdf } from './register-pdf';
import { pdfFlatText } from './pdf-text';

const row = (n: number, extra: Partial<RegisterRowView> = {}): RegisterRowView => ({
  number: n,
  date: `2026-11-${String(10 + n).padStart(2, '0')}T10:00:00Z`,
  mandants: `Élodie Martin${n}, 3 rue des Lilas, 92100 Boulogne-Billancourt`,
  object: 'Recherche d’un bien en vue de son acquisition',
  propertySought: 'Appartement, Maison – Hauts-de-Seine (92)\u00a0: Boulogne-Billancourt',
  observations: [],
  mandateId: `m-${n}`,
  ...extra,
});

const rows = [
  row(1),
  row(2, {
    observations: [
      {
        at: '2026-11-20T09:00:00Z',
        text: 'Rétractation du mandant reçue en ligne',
        byName: 'Système',
      },
    ],
  }),
  row(3),
];

describe('renderRegisterPdf', () => {
  it('is a landscape A4 PDF with embedded fonts', async () => {
    const raw = (await renderRegisterPdf(rows, true, '2026-11-26T17:00:00Z')).toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw).toMatch(/\/MediaBox \[0 0 841\.8\d* 595\.2\d*\]/);
    expect(raw).toMatch(/\/FontFile2 \d+ 0 R/);
  });

  it('has the columns of the arrêté of 15 September 1972, every row, the chain and the date', async () => {
    const text = pdfFlatText(
      await renderRegisterPdf(rows, true, '2026-11-26T17:00:00Z', { compress: false }),
    );
    for (const column of [
      'N° d’ordre',
      'Date',
      'Mandants (noms et adresses)',
      'Objet du mandat',
      'Nature et situation du bien recherché',
      'Observations',
    ])
      expect(text).toContain(column.replace(/\u00a0/g, ' '));
    for (const n of [1, 2, 3]) expect(text).toContain(`Élodie Martin${n}, 3 rue des Lilas`);
    expect(text).toContain('12 novembre 2026');
    expect(text).toContain('Appartement, Maison – Hauts-de-Seine (92) : Boulogne-Billancourt');
    expect(text).toContain('20 novembre 2026, Système : Rétractation du mandant reçue en ligne');
    expect(text).toContain('Chaînage des inscriptions vérifié : intact.');
    expect(text).toContain('Imprimé le jeudi 26 novembre 2026 à 18 h');
    expect(text).toContain('Page 1 sur 1');
  });

  it('says loudly when the chain is broken', async () => {
    const text = pdfFlatText(
      await renderRegisterPdf(rows, false, '2026-11-26T17:00:00Z', { compress: false }),
    );
    expect(text).toContain('ALERTE : le chaînage des inscriptions est rompu');
    expect(text).not.toContain('intact');
  });

  it('prints an empty register', async () => {
    const text = pdfFlatText(
      await renderRegisterPdf([], true, '2026-11-26T17:00:00Z', { compress: false }),
    );
    expect(text).toContain('Aucune inscription.');
  });
});
