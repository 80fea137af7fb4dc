import { describe, expect, it } from 'vitest';
import { company } from '../../src/domain/company';
import { companyLegal } from '../../src/domain/company-legal';
import { buildMandateContent, type MandateInput } from '../../src/domain/mandate';
import { renderMandatePdf } from './pdf';
import { pdfFlatText, pdfTextRuns } from './pdf-text';

const input: MandateInput = {
  client: {
    firstName: 'Élodie',
    lastName: 'Martin',
    email: 'elodie.martin@example.fr',
    address: '3 rue des Lilas, 92100 Boulogne-Billancourt',
  },
  project: {
    searchGoal: 'Résidence principale',
    department: ['92'],
    cities: ['Boulogne-Billancourt'],
    typeBien: [1],
    typeAchat: [1],
    budget: 450_000,
  },
  hunterName: 'Jean Dupont',
  preparedAt: '2026-11-26T10:00:00Z',
};
const signed: MandateInput = { ...input, registerNumber: 37, signedAt: '2026-11-27T09:30:00Z' };
const flat = (text: string) => text.replace(/[\s\u00a0\u202f\u2060]+/g, ' ');

describe('renderMandatePdf', () => {
  it('makes an A4 PDF with its fonts embedded and numbered pages', async () => {
    const pdf = await renderMandatePdf(buildMandateContent(signed));
    const raw = pdf.toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw.trimEnd().endsWith('%%EOF')).toBe(true);
    const pages = raw.match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(2);
    // A4 = 595.28 × 841.89 pt
    expect(raw).toMatch(/\/MediaBox \[0 0 595\.2\d* 841\.8\d*\]/);
    // Embedded (FontFile2) subset Roboto, not a standard font the reader would substitute.
    expect(raw).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Roboto-Regular/);
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
    const text = pdfFlatText(
      await renderMandatePdf(buildMandateContent(signed), { compress: false }),
    );
    expect(text).toContain(`Page 1 sur ${pages.length}`);
    expect(text).toContain(`Page ${pages.length} sur ${pages.length}`);
  });

  it('carries every key mention in its text, and the register number in each header', async () => {
    const content = buildMandateContent(signed);
    const pdf = await renderMandatePdf(content, { compress: false });
    const text = pdfFlatText(pdf);
    const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    expect(text.split('Mandat n° 37 du registre des mandats').length - 1).toBeGreaterThanOrEqual(
      pages,
    );
    for (const mention of [
      'MANDAT DE RECHERCHE',
      'Élodie Martin',
      '3 rue des Lilas, 92100 Boulogne-Billancourt',
      companyLegal.legalName,
      flat(company.professionalCard.number),
      company.professionalCard.issuer,
      'Garantie financière',
      companyLegal.liabilityInsurance.insurer,
      'Nature du bien : Appartement',
      'Départements : Hauts-de-Seine (92)',
      'Budget : jusqu’à 450 000 €',
      'durée de trois (3) mois',
      'LE PRÉSENT MANDAT PEUT ÊTRE DÉNONCÉ À TOUT MOMENT PAR CHACUNE DES PARTIES',
      'Les honoraires sont à la charge du mandant, l’acquéreur',
      'De 300 001 € à 600 000 €',
      '3,5 % TTC du prix net vendeur',
      'constatée par acte authentique',
      'Aucun versement',
      'quatorze (14) jours',
      'L221-18',
      'Formulaire de rétractation',
      'Je vous notifie par la présente ma rétractation du contrat',
      companyLegal.mediator.name,
      'Données personnelles',
      'sous le n° 37',
      'Signé électroniquement par Élodie Martin le 27 novembre 2026',
    ])
      expect(text, mention).toContain(flat(mention));
  });

  it('prints the art. 78 clause bold and larger than the body', async () => {
    const runs = pdfTextRuns(
      await renderMandatePdf(buildMandateContent(input), { compress: false }),
    );
    const clause = runs.filter((r) => /^(DÉNONCÉ|CHACUNE|recommandée) ?$/.test(r.text.trim()));
    expect(clause.length).toBe(3);
    for (const run of clause) expect(run).toMatchObject({ font: 'Roboto-Medium', size: 12 });
    const body = runs.find((r) => r.text.trim() === 'reconduction,');
    expect(body).toMatchObject({ font: 'Roboto-Regular', size: 9 });
  });

  it('reads the same text from the compressed PDF the server serves', async () => {
    const content = buildMandateContent(signed);
    const plain = pdfFlatText(await renderMandatePdf(content, { compress: false }));
    const compressed = await renderMandatePdf(content);
    expect(compressed.toString('latin1')).toContain('/FlateDecode');
    expect(pdfFlatText(compressed)).toBe(plain);
  });

  it('says the number is given at signature while it is not set', async () => {
    const text = pdfFlatText(
      await renderMandatePdf(buildMandateContent(input), { compress: false }),
    );
    expect(text).toContain('Numéro au registre des mandats attribué à la signature');
    expect(text).not.toContain('Mandat n° ');
  });
});
