/**
 * The registre des mandats as a PDF, for an inspection (issue 30): A4 landscape, the columns of
 * the arrêté du 15 septembre 1972 (order number, date, mandants' names and addresses, object,
 * nature and location of the property sought, observations), the hash chain's state and the
 * date it was printed, page numbers.
 */
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { RegisterRowView } from '../../src/domain/api/mandates';
import { companyLegal } from '../../src/domain/company-legal';
import { company } from '../../src/domain/company';
import { mandateDate } from '../../src/domain/mandate';
import { formatParisDateTime } from '../../src/domain/paris-time';
import { renderPdf, type PdfOptions } from './pdfmake';

export const REGISTER_COLUMNS = [
  'N° d’ordre',
  'Date',
  'Mandants (noms et adresses)',
  'Objet du mandat',
  'Nature et situation du bien recherché',
  'Observations',
] as const;

function observations(row: RegisterRowView): TableCell {
  if (!row.observations.length) return { text: '' };
  return {
    stack: row.observations.map((o) => ({
      text: `${mandateDate(o.at)}, ${o.byName}\u00a0: ${o.text}`,
      margin: [0, 0, 0, 2],
    })),
  };
}

export function registerDocDefinition(
  rows: RegisterRowView[],
  chainIntact: boolean,
  printedAt: string,
): TDocumentDefinitions {
  const chain: Content = chainIntact
    ? { text: 'Chaînage des inscriptions vérifié\u00a0: intact.', style: 'chainOk' }
    : {
        text: 'ALERTE\u00a0: le chaînage des inscriptions est rompu (une inscription a été modifiée hors de l’application).',
        style: 'chainBroken',
      };
  const body: TableCell[][] = [
    REGISTER_COLUMNS.map((c) => ({ text: c, style: 'th' })),
    ...rows.map((r): TableCell[] => [
      { text: String(r.number), bold: true, alignment: 'right' },
      { text: mandateDate(r.date) },
      { text: r.mandants },
      { text: r.object },
      { text: r.propertySought },
      observations(r),
    ]),
  ];
  if (!rows.length) body.push([{ text: 'Aucune inscription.', colSpan: 6 }, '', '', '', '', '']);
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [36, 48, 36, 44],
    info: { title: 'Registre des mandats', author: companyLegal.legalName },
    header: () => ({
      columns: [
        {
          text: `Registre des mandats\u00a0– ${companyLegal.legalName} (${company.brand})`,
          style: 'small',
        },
        {
          text: `Carte professionnelle n°\u00a0${company.professionalCard.number}`,
          style: 'small',
          alignment: 'right',
        },
      ],
      margin: [36, 20, 36, 0],
    }),
    footer: (page, pages) => ({
      columns: [
        { text: `Imprimé le ${formatParisDateTime(printedAt)}`, style: 'small' },
        { text: `Page ${page} sur ${pages}`, style: 'small', alignment: 'right' },
      ],
      margin: [36, 16, 36, 0],
    }),
    content: [
      { text: 'Registre des mandats', style: 'title' },
      {
        text: 'Tenu conformément à l’article 72 du décret n°\u00a072-678 du 20\u00a0juillet 1972 et à l’arrêté du 15\u00a0septembre 1972. Inscriptions dans l’ordre, sans blanc ni rature\u00a0: une fin, une rétractation ou une correction est une observation nouvelle.',
        style: 'small',
        margin: [0, 0, 0, 6],
      },
      chain,
      {
        table: { headerRows: 1, widths: [44, 74, '*', 100, '*', '*'], body, dontBreakRows: true },
        layout: {
          hLineWidth: () => 0.5,
          vLineWidth: () => 0.5,
          paddingTop: () => 3,
          paddingBottom: () => 3,
        },
        fontSize: 8.5,
      },
    ],
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
      small: { fontSize: 8 },
      th: { bold: true, fontSize: 8.5 },
      chainOk: { fontSize: 9, margin: [0, 0, 0, 8] },
      chainBroken: { fontSize: 11, bold: true, color: '#b00020', margin: [0, 0, 0, 8] },
    },
  };
}

/** The register's PDF (compressed; tests may ask for plain streams to read its text). */
export function renderRegisterPdf(
  rows: RegisterRowView[],
  chainIntact: boolean,
  printedAt: string,
  options?: PdfOptions,
): Promise<Buffer> {
  return renderPdf(registerDocDefinition(rows, chainIntact, printedAt), options);
}
