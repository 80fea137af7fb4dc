/**
 * The words of the mandat de recherche (issue 30), built once as a plain JSON tree that the
 * server prints as a PDF (server/mandates/pdf.ts) and the screens show as HTML at 390 px. Pure:
 * no node import, so the client may render the same tree the server signed.
 *
 * Law followed (docs/legal.md): loi 70-9 du 2 janvier 1970 (Hoguet) art. 6 (written mandate,
 * limited in time, fee due only once the deal is concluded, no payment before) and art. 7;
 * décret 72-678 du 20 juillet 1972 art. 72 (register number copied on the client's copy) and
 * art. 78 (end at any time after 3 months, in very visible characters); arrêté du 10 janvier
 * 2017 (fee scale, who pays); Code de la consommation L221-18 (14-day withdrawal), L221-25
 * (service started at the client's request) and the annexe to R221-1 (standard withdrawal
 * form), L612-1 (consumer mediator); RGPD art. 13 (privacy mention).
 */
import type { BuyerProject } from './buyer-signup.schema';
import { MANDATE_MONTHS, WITHDRAWAL_DAYS } from './api/mandates';
import { cityName } from './arrondissements';
import { company, fullAddress } from './company';
import { companyLegal } from './company-legal';
import { departmentLabel } from './departments';
import { MINIMUM_FEE_TTC, VAT_RATE, buyerFeeScale, buyerFeeTTC, withoutVat } from './fees';
import { formatEuro, formatPercent } from './format';
import { parisLongFormat } from './paris-time';
import { bedroomCounts, bienTypes, roomCounts, surfaceBands } from './property';
import { purchaseTypes } from './project';

const NBSP = '\u00a0';
const NNBSP = '\u202f';
/** « quoted » with the no-break spaces French typography puts inside the guillemets. */
const q = (text: string) => `«${NBSP}${text}${NBSP}»`;

/** Longest total life of the mandate with its tacit renewals (loi 70-9 art. 7: limited in time). */
export const MANDATE_MAX_MONTHS = 12;

/** What a mandate is made from: the client, the project, the hunter, and, once signed, more. */
export interface MandateInput {
  client: {
    firstName: string;
    lastName: string;
    email: string;
    /** Postal address on one line; null until the client gives it (asked before signing). */
    address: string | null;
  };
  /** The buyer's project (a ProjectView fits), the fields the object of the mandate needs. */
  project: Pick<
    BuyerProject,
    'searchGoal' | 'department' | 'cities' | 'typeBien' | 'typeAchat' | 'budget'
  > &
    Partial<Pick<BuyerProject, 'surface' | 'roomCount' | 'bedroomCount' | 'description'>> & {
      /** Lower end of the budget range, when the project has one. */
      budgetMin?: number | null;
    };
  /** The hunter who prepared it and follows the search. */
  hunterName: string;
  /** ISO instant the mandate was prepared. */
  preparedAt: string;
  /** Number in the registre des mandats, taken at the last signature. */
  registerNumber?: number | null;
  /** ISO instant of the client's signature. */
  signedAt?: string | null;
  /** Who signed, when, how (« Signé électroniquement par … le … par code à usage unique … »). */
  signatureLine?: string | null;
}

/** One block of the mandate: a heading, paragraphs, optional bullet items and table. */
export interface MandateSection {
  id:
    | 'object'
    | 'duration'
    | 'termination'
    | 'fees'
    | 'duties'
    | 'withdrawal'
    | 'mediation'
    | 'privacy'
    | 'register'
    | 'signatures';
  heading: string;
  paragraphs: string[];
  items?: { term: string; value: string }[];
  table?: { head: [string, string]; rows: [string, string][] };
  /** Printed in very visible characters (the art. 78 clause). */
  emphasis: boolean;
}

export interface MandateParty {
  role: 'mandant' | 'mandataire';
  heading: string;
  /** The party's name, first. */
  name: string;
  lines: string[];
}

export interface MandateContent {
  title: string;
  subtitle: string;
  /** Header line: the register number once set, else when it will be given. */
  registerLabel: string;
  registerNumber: number | null;
  preparedLine: string;
  parties: [MandateParty, MandateParty];
  sections: MandateSection[];
  /** The fee scale, as rows of words, and the example on the client's budget. */
  fees: {
    payer: string;
    rows: { priceRange: string; fee: string }[];
    example: string;
    due: string;
  };
  /** The standard withdrawal form (annexe to article R221-1 of the Code de la consommation). */
  withdrawalForm: { heading: string; intro: string; lines: string[] };
  signatures: { client: string | null; agency: string };
}

/** « 26 novembre 2026 » (« 1er » on the first), Paris time, always with its year. */
export function mandateDate(iso: string): string {
  const parts = parisLongFormat().formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = part('day') === '1' ? '1er' : part('day');
  return `${day}${NBSP}${part('month')} ${part('year')}`;
}

const labelsIn = (list: readonly { value: unknown; label: string }[], values: readonly unknown[]) =>
  values.map((v) => list.find((o) => o.value === v)?.label ?? String(v)).join(', ');
const labelIn = (list: readonly { value: unknown; label: string }[], value: unknown) =>
  labelsIn(list, [value]);

function priceRange(from: number, to: number | null): string {
  if (from === 0 && to !== null) return `Jusqu’à ${formatEuro(to)}`;
  if (to === null) return `À partir de ${formatEuro(from)}`;
  return `De ${formatEuro(from)} à ${formatEuro(to)}`;
}

function bracketFee(rate: number): string {
  if (rate === 0) return `Forfait de ${formatEuro(MINIMUM_FEE_TTC)} TTC`;
  return `${formatPercent(rate)} TTC du prix net vendeur`;
}

function budgetWords(budget: number, budgetMin: number | null | undefined): string {
  if (budgetMin && budgetMin > 0 && budgetMin < budget)
    return `entre ${formatEuro(budgetMin)} et ${formatEuro(budget)}, frais d’agence inclus`;
  return `jusqu’à ${formatEuro(budget)}, frais d’agence inclus`;
}

/** The mandate's whole text, for a given client and project. */
export function buildMandateContent(input: MandateInput): MandateContent {
  const { client, project } = input;
  const registerNumber = input.registerNumber ?? null;
  const clientName = `${client.firstName} ${client.lastName}`.trim();
  const card = company.professionalCard;
  const insurance = companyLegal.liabilityInsurance;
  const mediator = companyLegal.mediator;

  const mandant: MandateParty = {
    role: 'mandant',
    heading: 'Le mandant',
    name: clientName,
    lines: [
      `Adresse postale${NBSP}: ${client.address ?? 'à compléter avant la signature'}`,
      `Courriel${NBSP}: ${client.email}`,
      'Agissant en qualité de consommateur, ci-après «\u00a0le mandant\u00a0».',
    ],
  };
  const mandataire: MandateParty = {
    role: 'mandataire',
    heading: 'Le mandataire',
    name: `${companyLegal.legalName} (${company.brand})`,
    lines: [
      `${companyLegal.legalForm} au capital de ${companyLegal.shareCapital}, ${companyLegal.rcs}, dont le siège est ${fullAddress}.`,
      `Carte professionnelle ${q(card.mention)} n°${NBSP}${card.number}, délivrée par la ${card.issuer}.`,
      `Garantie financière${NBSP}: ${companyLegal.financialGuarantee.replace(/^Non-détention de fonds\u00a0: /, '')}`,
      `Assurance de responsabilité civile professionnelle${NBSP}: ${insurance.insurer}, ${insurance.policy}, couverture ${insurance.scope}.`,
      `Courriel${NBSP}: ${company.email}${NNBSP}; téléphone${NBSP}: ${company.phone}.`,
      `Dossier suivi par ${input.hunterName}, chasseur immobilier de l’agence, ci-après ${q('le mandataire')}.`,
    ],
  };

  const criteria: { term: string; value: string }[] = [
    { term: 'Nature du bien', value: labelsIn(bienTypes, project.typeBien) },
    { term: 'Destination', value: project.searchGoal },
    { term: 'Type d’achat', value: labelsIn(purchaseTypes, project.typeAchat) },
    { term: 'Départements', value: project.department.map(departmentLabel).join(', ') },
    { term: 'Villes', value: project.cities.map(cityName).join(', ') },
    { term: 'Budget', value: budgetWords(project.budget, project.budgetMin) },
  ];
  const main: string[] = [];
  if (project.surface !== undefined)
    main.push(`surface ${labelIn(surfaceBands, project.surface).toLowerCase()}`);
  if (project.roomCount !== undefined) main.push(labelIn(roomCounts, project.roomCount));
  if (project.bedroomCount !== undefined) {
    const count = labelIn(bedroomCounts, project.bedroomCount);
    main.push(`${count}${NBSP}chambre${count === '1' ? '' : 's'}`);
  }
  if (main.length) criteria.push({ term: 'Critères principaux', value: main.join(', ') });
  if (project.description) criteria.push({ term: 'Précisions', value: project.description });

  const exampleFee = buyerFeeTTC(project.budget);
  const fees: MandateContent['fees'] = {
    payer: `Les honoraires sont à la charge du mandant, l’acquéreur. Ils sont fixés par le barème de l’agence, affiché dans ses locaux et sur son site, exprimés toutes taxes comprises (TVA ${formatPercent(VAT_RATE)} incluse) et calculés sur le prix net vendeur du bien acquis, avec un minimum de ${formatEuro(MINIMUM_FEE_TTC)} TTC.`,
    rows: buyerFeeScale.map((b) => ({
      priceRange: priceRange(b.from, b.to),
      fee: bracketFee(b.rate),
    })),
    example: `Exemple${NBSP}: pour un bien acquis au prix de ${formatEuro(project.budget)} net vendeur (le budget indiqué), les honoraires seraient de ${formatEuro(exampleFee)} TTC, soit ${formatEuro(withoutVat(exampleFee))} HT.`,
    due: `Conformément à l’article 6 de la loi n°${NBSP}70-9 du 2${NBSP}janvier 1970, les honoraires ne sont dus qu’une fois la vente effectivement conclue et constatée par acte authentique signé chez le notaire. Aucun versement, de quelque nature que ce soit, ne peut être exigé ni accepté avant la signature de l’acte authentique.`,
  };

  const sections: MandateSection[] = [
    {
      id: 'object',
      heading: 'Objet du mandat',
      paragraphs: [
        `Le mandant charge le mandataire, qui l’accepte, de rechercher pour son compte un bien immobilier en vue de son acquisition, répondant aux caractéristiques suivantes${NBSP}:`,
        `Le mandataire n’a pas le pouvoir d’engager le mandant${NNBSP}: toute offre d’achat et tout avant-contrat sont signés par le mandant lui-même. Le mandataire ne reçoit ni ne détient aucune somme pour le compte du mandant.`,
      ],
      items: criteria,
      emphasis: false,
    },
    {
      id: 'duration',
      heading: 'Durée',
      paragraphs: [
        `Le présent mandat est consenti pour une durée de trois (${MANDATE_MONTHS}) mois à compter de sa signature. Il se prolonge ensuite par tacite reconduction, par périodes de trois mois, sans pouvoir excéder ${MANDATE_MAX_MONTHS}${NBSP}mois au total.`,
      ],
      emphasis: false,
    },
    {
      id: 'termination',
      heading: `Résiliation (article 78 du décret n°${NBSP}72-678 du 20${NBSP}juillet 1972)`,
      paragraphs: [
        `PASSÉ UN DÉLAI DE TROIS MOIS À COMPTER DE SA SIGNATURE, LE PRÉSENT MANDAT PEUT ÊTRE DÉNONCÉ À TOUT MOMENT PAR CHACUNE DES PARTIES, à charge pour celle qui entend y mettre fin d’en aviser l’autre quinze jours au moins à l’avance par lettre recommandée avec demande d’avis de réception ou depuis l’espace ${q('Mon mandat')}.`,
      ],
      emphasis: true,
    },
    {
      id: 'fees',
      heading: 'Rémunération du mandataire',
      paragraphs: [fees.payer, fees.example, fees.due],
      table: {
        head: ['Prix net vendeur', 'Honoraires TTC'],
        rows: fees.rows.map((r) => [r.priceRange, r.fee]),
      },
      emphasis: false,
    },
    {
      id: 'duties',
      heading: 'Engagements des parties',
      paragraphs: [
        `Le mandataire recherche des biens correspondant au présent mandat, les visite, rend compte au mandant de ses démarches et l’accompagne jusqu’à la signature de l’acte authentique.`,
        `Le mandant informe le mandataire de tout changement de son projet et, s’il acquiert un bien par un autre moyen, l’en avise afin de mettre fin au mandat.`,
      ],
      emphasis: false,
    },
    {
      id: 'withdrawal',
      heading: 'Droit de rétractation',
      paragraphs: [
        `Le mandant a le droit de se rétracter du présent mandat, sans donner de motif ni supporter d’autres coûts, dans un délai de quatorze (${WITHDRAWAL_DAYS}) jours (articles L221-18 et suivants du Code de la consommation). Le délai de rétractation expire quatorze jours après le jour de la signature du présent mandat${NNBSP}; s’il expire un samedi, un dimanche ou un jour férié ou chômé, il est prolongé jusqu’au premier jour ouvrable suivant.`,
        `Pour l’exercer, il adresse au mandataire, avant l’expiration de ce délai, le formulaire de rétractation figurant en annexe ou toute autre déclaration dénuée d’ambiguïté, par courrier à ${fullAddress}, par courriel à ${company.email} ou depuis son espace ${q('Mon mandat')}.`,
        `Le mandant demande que la recherche commence dès la signature, avant la fin de ce délai (article L221-25 du Code de la consommation). Aucune somme n’étant due avant la vente, sa rétractation ne lui coûte rien.`,
      ],
      emphasis: false,
    },
    {
      id: 'mediation',
      heading: 'Médiation de la consommation',
      paragraphs: [
        `En cas de litige, après une réclamation écrite adressée au mandataire restée sans réponse satisfaisante, le mandant peut recourir gratuitement au médiateur de la consommation (articles L612-1 et suivants du Code de la consommation)${NBSP}: ${mediator.name}, ${mediator.address}, ${mediator.url}.`,
      ],
      emphasis: false,
    },
    {
      id: 'privacy',
      heading: 'Données personnelles',
      paragraphs: [
        `Les informations du présent mandat sont traitées par ${companyLegal.legalName} pour son exécution et pour la tenue du registre des mandats, obligation légale (article 72 du décret n°${NBSP}72-678). Le mandat, le registre et les preuves de signature (adresse IP, navigateur, horodatage) sont conservés dix ans, y compris après la suppression du compte.`,
        `Le mandant dispose d’un droit d’accès, de rectification, de limitation et d’opposition, qu’il exerce auprès de ${companyLegal.dpo}${NNBSP}; il peut introduire une réclamation auprès de la CNIL. Politique de confidentialité${NBSP}: ${company.siteUrl}/aide/politique-confidentialite.`,
      ],
      emphasis: false,
    },
    {
      id: 'register',
      heading: 'Registre des mandats',
      paragraphs: [
        registerNumber === null
          ? `Le numéro d’inscription au registre des mandats est attribué à la signature et reporté sur l’exemplaire du mandant (article 72 du décret n°${NBSP}72-678).`
          : `Le présent mandat est inscrit au registre des mandats de l’agence sous le n°${NBSP}${registerNumber} (article 72 du décret n°${NBSP}72-678).`,
      ],
      emphasis: false,
    },
  ];

  const agency = `Pour ${companyLegal.legalName}, signature électronique de l’agence apposée par son certificat à la signature du mandant.`;
  const clientSignature =
    input.signatureLine ??
    (input.signedAt
      ? `Signé électroniquement par ${clientName} le ${mandateDate(input.signedAt)}.`
      : null);
  sections.push({
    id: 'signatures',
    heading: 'Signatures',
    paragraphs: [
      `Fait à ${company.address.city}, par voie électronique, chaque partie en conservant un exemplaire.`,
      `Le mandant${NBSP}: ${clientSignature ?? 'en attente de signature (lu et approuvé, code à usage unique reçu par courriel).'}`,
      `Le mandataire${NBSP}: ${agency}`,
    ],
    emphasis: false,
  });

  return {
    title: 'Mandat de recherche',
    subtitle: `Recherche d’un bien immobilier en vue de son acquisition${NBSP}– loi n°${NBSP}70-9 du 2${NBSP}janvier 1970 et décret n°${NBSP}72-678 du 20${NBSP}juillet 1972`,
    registerLabel:
      registerNumber === null
        ? 'Numéro au registre des mandats attribué à la signature'
        : `Mandat n°${NBSP}${registerNumber} du registre des mandats`,
    registerNumber,
    preparedLine: `Préparé par ${input.hunterName} le ${mandateDate(input.preparedAt)}.`,
    parties: [mandant, mandataire],
    sections,
    fees,
    withdrawalForm: {
      heading: 'Annexe — Formulaire de rétractation',
      intro: `Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat (annexe à l’article R221-1 du Code de la consommation).`,
      lines: [
        `À l’attention de ${companyLegal.legalName}, ${fullAddress}, ${company.email}${NBSP}:`,
        `Je vous notifie par la présente ma rétractation du contrat portant sur la prestation de services ci-dessous${NBSP}: mandat de recherche d’un bien immobilier${registerNumber === null ? '' : ` n°${NBSP}${registerNumber}`}.`,
        `Commandé le / reçu le${NBSP}: ${input.signedAt ? mandateDate(input.signedAt) : '…'}`,
        `Nom du consommateur${NBSP}: ${clientName}`,
        `Adresse du consommateur${NBSP}: ${client.address ?? '…'}`,
        `Signature du consommateur (uniquement en cas de notification du présent formulaire sur papier)${NBSP}:`,
        `Date${NBSP}:`,
      ],
    },
    signatures: { client: clientSignature, agency },
  };
}

/** Every string of the mandate in reading order: for text search, tests and plain exports. */
export function mandatePlainText(content: MandateContent): string {
  const out: string[] = [
    content.title,
    content.subtitle,
    content.registerLabel,
    content.preparedLine,
  ];
  for (const p of content.parties) out.push(p.heading, p.name, ...p.lines);
  for (const s of content.sections) {
    out.push(s.heading, ...s.paragraphs);
    for (const i of s.items ?? []) out.push(`${i.term}${NBSP}: ${i.value}`);
    if (s.table) for (const row of [s.table.head, ...s.table.rows]) out.push(row.join(' | '));
  }
  out.push(
    content.withdrawalForm.heading,
    content.withdrawalForm.intro,
    ...content.withdrawalForm.lines,
  );
  return out.join('\n');
}
