import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOMESTYLZ_CGV_VERSION, WITHDRAWAL_DAYS } from '../../../domain/api/orders';
import { company } from '../../../domain/company';
import { companyLegal } from '../../../domain/company-legal';
import { compileContentFile } from './values';

const source = readFileSync('content/cgv-homestylz.md', 'utf8');
const page = compileContentFile(source, 'content/cgv-homestylz.md');
const text = page.html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

describe('the homestylz CGV (content/cgv-homestylz.md, issue 32)', () => {
  it('is the version each order records (HOMESTYLZ_CGV_VERSION)', () => {
    expect(/^version:\s*(\S+)\s*$/m.exec(source)?.[1]).toBe(HOMESTYLZ_CGV_VERSION);
    expect(page.version.iso).toBe(HOMESTYLZ_CGV_VERSION);
  });

  it('names the seller, its brand and the mediator', () => {
    expect(text).toContain(companyLegal.legalName);
    expect(text).toContain(`${company.homestylzBrand} est une marque du Vendeur`);
    expect(text).toContain(companyLegal.mediator.name);
  });

  it('names the articles of the code de la consommation on withdrawal and mediation', () => {
    for (const article of ['L221-18', 'L221-24', 'L221-25', 'L221-28, 1°', 'L612-1', 'R221-1']) {
      expect(text, article).toContain(article);
    }
    // WITHDRAWAL_DAYS, in words.
    expect(WITHDRAWAL_DAYS).toBe(14);
    expect(text).toContain('quatorze jours à compter de la conclusion du contrat');
  });

  it('ends with the withdrawal form, annex to R221-1, in its own anchored section', () => {
    const annex = page.sections.find((s) => s.id === 'formulaire-de-retractation');
    expect(annex?.title).toBe('Annexe — Formulaire de rétractation');
    expect(annex?.html).toContain('par la présente ma/notre (*) rétractation du contrat');
    expect(page.html).not.toMatch(/\{\{|\}\}|:::/);
  });
});
