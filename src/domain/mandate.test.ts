import { describe, expect, it } from 'vitest';
import { company } from './company';
import { companyLegal } from './company-legal';
import { buyerFeeScale, buyerFeeTTC, MINIMUM_FEE_TTC } from './fees';
import { formatEuro } from './format';
import { buildMandateContent, mandatePlainText, type MandateInput } from './mandate';

const input: MandateInput = {
  client: {
    firstName: 'Élodie',
    lastName: 'Martin',
    email: 'elodie.martin@example.fr',
    address: '3 rue des Lilas, 92100 Boulogne-Billancourt',
  },
  project: {
    searchGoal: 'Résidence principale',
    department: ['75', '92'],
    cities: ['Boulogne-Billancourt', 'Issy-les-Moulineaux'],
    typeBien: [1, 2],
    typeAchat: [1],
    budget: 450_000,
    surface: 3,
    roomCount: 3,
    bedroomCount: 2,
    description: 'Un balcon ou une terrasse',
  },
  hunterName: 'Jean Dupont',
  preparedAt: '2026-11-26T10:00:00Z',
};

const flat = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');
const textOf = (i: MandateInput) => flat(mandatePlainText(buildMandateContent(i)));
const section = (i: MandateInput, id: string) => {
  const found = buildMandateContent(i).sections.find((s) => s.id === id);
  if (!found) throw new Error(`section ${id} missing`);
  return found;
};
const sectionText = (i: MandateInput, id: string) => {
  const s = section(i, id);
  return flat(
    [s.heading, ...s.paragraphs, ...(s.items ?? []).map((x) => `${x.term} : ${x.value}`)].join(
      '\n',
    ),
  );
};

describe('buildMandateContent: the parties', () => {
  it('names the client with their postal address and e-mail', () => {
    const [mandant] = buildMandateContent(input).parties;
    expect(mandant.name).toBe('Élodie Martin');
    expect(flat(mandant.lines.join(' '))).toContain('3 rue des Lilas, 92100 Boulogne-Billancourt');
    expect(mandant.lines.join(' ')).toContain('elodie.martin@example.fr');
  });

  it('says the address is to be completed while the client has not given it', () => {
    const text = textOf({ ...input, client: { ...input.client, address: null } });
    expect(text).toContain('Adresse postale : à compléter avant la signature');
  });

  it('names the company with its card number, issuing CCI, financial guarantee and insurer', () => {
    const [, mandataire] = buildMandateContent(input).parties;
    const text = flat([mandataire.name, ...mandataire.lines].join(' '));
    expect(text).toContain(companyLegal.legalName);
    expect(text).toContain(flat(company.professionalCard.number));
    expect(text).toContain(`délivrée par la ${company.professionalCard.issuer}`);
    expect(text).toContain(flat('l’agence ne reçoit ni ne détient aucun fonds'));
    expect(text).toContain('Garantie financière');
    expect(text).toContain(companyLegal.liabilityInsurance.insurer);
    expect(text).toContain(flat(companyLegal.liabilityInsurance.policy));
    expect(text).toContain(flat(companyLegal.rcs));
    expect(text).toContain('Jean Dupont');
  });
});

describe('buildMandateContent: the object, in words', () => {
  it('lists the type of property, departments, cities, budget and main criteria', () => {
    const text = sectionText(input, 'object');
    expect(text).toContain('Nature du bien : Appartement, Maison');
    expect(text).toContain('Départements : Paris (75), Hauts-de-Seine (92)');
    expect(text).toContain('Villes : Boulogne-Billancourt, Issy-les-Moulineaux');
    expect(text).toContain(`Budget : jusqu’à ${flat(formatEuro(450_000))}`);
    expect(text).toContain('Critères principaux : surface 50 à 70 m², 3 pièces, 2 chambres');
    expect(text).toContain('Précisions : Un balcon ou une terrasse');
    expect(text).toContain('Destination : Résidence principale');
  });

  it('gives a budget range when the project has a lower end', () => {
    const text = sectionText(
      { ...input, project: { ...input.project, budgetMin: 380_000 } },
      'object',
    );
    expect(text).toContain(
      `Budget : entre ${flat(formatEuro(380_000))} et ${flat(formatEuro(450_000))}`,
    );
  });
});

describe('buildMandateContent: duration and the art. 78 clause', () => {
  it('lasts 3 months', () => {
    expect(sectionText(input, 'duration')).toContain('durée de trois (3) mois');
  });

  it('prints the art. 78 clause, and only it, in very visible characters', () => {
    const content = buildMandateContent(input);
    expect(content.sections.filter((s) => s.emphasis).map((s) => s.id)).toEqual(['termination']);
    const text = sectionText(input, 'termination');
    expect(text).toContain('article 78 du décret n° 72-678');
    expect(text).toContain(
      'PASSÉ UN DÉLAI DE TROIS MOIS À COMPTER DE SA SIGNATURE, LE PRÉSENT MANDAT PEUT ÊTRE DÉNONCÉ À TOUT MOMENT PAR CHACUNE DES PARTIES',
    );
  });
});

describe('buildMandateContent: the fee', () => {
  it('has every row of the fee scale and the minimum', () => {
    const { fees, sections } = buildMandateContent(input);
    expect(fees.rows).toHaveLength(buyerFeeScale.length);
    expect(flat(fees.rows[0]?.fee ?? '')).toBe(
      `Forfait de ${flat(formatEuro(MINIMUM_FEE_TTC))} TTC`,
    );
    expect(flat(fees.rows[2]?.fee ?? '')).toBe('3,5 % TTC du prix net vendeur');
    expect(flat(fees.rows[1]?.priceRange ?? '')).toBe('De 150 001 € à 300 000 €');
    expect(sections.find((s) => s.id === 'fees')?.table?.rows).toHaveLength(buyerFeeScale.length);
  });

  it('says who pays, with an example on the budget', () => {
    const text = sectionText(input, 'fees');
    expect(text).toContain('Les honoraires sont à la charge du mandant, l’acquéreur');
    expect(text).toContain(
      `les honoraires seraient de ${flat(formatEuro(buyerFeeTTC(450_000)))} TTC`,
    );
    expect(text).toContain('15 750 €');
  });

  it('is due only when the sale is signed by authentic act, with no payment before (art. 6)', () => {
    const text = sectionText(input, 'fees');
    expect(text).toContain('article 6 de la loi n° 70-9 du 2 janvier 1970');
    expect(text).toContain(
      'ne sont dus qu’une fois la vente effectivement conclue et constatée par acte authentique',
    );
    expect(text).toContain(
      'Aucun versement, de quelque nature que ce soit, ne peut être exigé ni accepté avant',
    );
  });
});

describe('buildMandateContent: withdrawal, mediator, privacy', () => {
  it('gives the 14-day withdrawal right (L221-18) and the standard form', () => {
    const text = sectionText(input, 'withdrawal');
    expect(text).toContain('dans un délai de quatorze (14) jours');
    expect(text).toContain('expire quatorze jours après le jour de la signature du présent mandat');
    expect(text).toContain('L221-18');
    const form = buildMandateContent(input).withdrawalForm;
    expect(form.heading).toContain('Formulaire de rétractation');
    const formText = flat([form.intro, ...form.lines].join('\n'));
    expect(formText).toContain(
      'Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat',
    );
    expect(formText).toContain('Je vous notifie par la présente ma rétractation du contrat');
    expect(formText).toContain('Nom du consommateur : Élodie Martin');
    expect(formText).toContain('Adresse du consommateur : 3 rue des Lilas');
    expect(formText).toContain('Signature du consommateur');
    expect(formText).toContain(companyLegal.legalName);
  });

  it('names the consumer mediator', () => {
    const text = sectionText(input, 'mediation');
    expect(text).toContain(companyLegal.mediator.name);
    expect(text).toContain(companyLegal.mediator.url);
    expect(text).toContain('L612-1');
  });

  it('has the privacy mention (purpose, 10 years, rights, CNIL)', () => {
    const text = sectionText(input, 'privacy');
    expect(text).toContain('tenue du registre des mandats');
    expect(text).toContain('conservés dix ans, y compris après la suppression du compte');
    expect(text).toContain(companyLegal.dpo);
    expect(text).toContain('CNIL');
  });
});

describe('buildMandateContent: register number and signature', () => {
  it('says the number is given at signature until it is', () => {
    const content = buildMandateContent(input);
    expect(content.registerNumber).toBeNull();
    expect(content.registerLabel).toContain('attribué à la signature');
    expect(content.signatures.client).toBeNull();
    expect(sectionText(input, 'signatures')).toContain('en attente de signature');
  });

  it('carries the register number and the signature line once signed', () => {
    const signed = {
      ...input,
      registerNumber: 42,
      signedAt: '2026-11-27T09:30:00Z',
      signatureLine:
        'Signé électroniquement par Élodie Martin le 27 novembre 2026 à 10 h 30 (code à usage unique).',
    };
    const content = buildMandateContent(signed);
    expect(flat(content.registerLabel)).toBe('Mandat n° 42 du registre des mandats');
    expect(sectionText(signed, 'register')).toContain('sous le n° 42');
    expect(content.signatures.client).toBe(signed.signatureLine);
    expect(textOf(signed)).toContain('mandat de recherche d’un bien immobilier n° 42');
    expect(textOf(signed)).toContain('Commandé le / reçu le : 27 novembre 2026');
    expect(sectionText(signed, 'signatures')).toContain(
      'Le mandant : Signé électroniquement par Élodie Martin',
    );
  });

  it('writes a signature line from signedAt when none is given', () => {
    const content = buildMandateContent({ ...input, signedAt: '2026-12-01T09:30:00Z' });
    expect(content.signatures.client).toBe(
      'Signé électroniquement par Élodie Martin le 1er\u00a0décembre 2026.',
    );
  });
});

describe('buildMandateContent: French typography', () => {
  const text = mandatePlainText(
    buildMandateContent({ ...input, registerNumber: 7, signedAt: '2026-11-27T09:30:00Z' }),
  );

  it('puts a no-break space before « : » and a narrow one before « ; »', () => {
    expect(text).not.toMatch(/ [:;?!]/);
    expect(text).not.toMatch(/\u00a0[;?!]/);
    expect(text).toMatch(/\u202f;/);
  });

  it('uses typographic quotes and apostrophes only', () => {
    expect(text).not.toContain("'");
    expect(text).not.toContain('"');
    expect(text).not.toMatch(/«[^\u00a0]|[^\u00a0]»/);
  });

  it('writes amounts through formatEuro (narrow no-break spaces between thousands)', () => {
    expect(text).toContain(formatEuro(450_000));
    expect(text).toContain(formatEuro(15_750));
  });
});
