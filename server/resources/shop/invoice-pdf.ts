/**
 * The invoice of a paid homestylz order (issue 32, docs/shop.md « Facture »), with pdfmake as the
 * mandate (server/mandates/pdfmake.ts: Roboto embedded, nothing else read). The mentions of a
 * French invoice (Code de commerce L441-9 and R123-237, CGI art. 242 nonies A of annexe II):
 * number (the order's, gap-free per year), date of issue, seller (name, legal form, capital,
 * address, SIREN/SIRET, RCS, VAT number), buyer name and address, each line (designation,
 * quantity, unit price HT, VAT rate, total HT), totals HT, TVA, TTC, payment date and method.
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { OrderAddress } from '../../../src/domain/api/orders';
import { company } from '../../../src/domain/company';
import { companyLegal } from '../../../src/domain/company-legal';
import { formatEuro } from '../../../src/domain/format';
import type { OrderLine } from '../../../src/domain/payment.schema';
import { renderPdf, type PdfOptions } from '../../mandates/pdfmake';

/** The VAT rate of the homestylz services (taux normal, CGI art. 278). */
export const VAT_RATE = 0.2;

export interface InvoiceInput {
  number: string;
  /** ISO: the payment, which is the date of issue and of the service's payment. */
  paidAt: string;
  refundedAt: string | null;
  lines: readonly OrderLine[];
  buyer: { name: string; address: OrderAddress | null; email: string | null };
}

export interface InvoiceLine {
  designation: string;
  quantity: number;
  unitHtCents: number;
  htCents: number;
  vatCents: number;
  ttcCents: number;
}

/**
 * Catalogue prices are TTC: each line's HT is round(TTC / 1.2) to the cent and its VAT the rest,
 * so HT + TVA = TTC exactly, line by line and in total.
 */
export function invoiceLines(lines: readonly OrderLine[]): InvoiceLine[] {
  return lines.map((line) => {
    const htCents = Math.round(line.amount / (1 + VAT_RATE));
    return {
      designation: `${line.name} (${line.packname})`,
      quantity: line.quantity,
      unitHtCents: Math.round(line.unitAmount / (1 + VAT_RATE)),
      htCents,
      vatCents: line.amount - htCents,
      ttcCents: line.amount,
    };
  });
}

const euros = (cents: number) => formatEuro(cents / 100);
const day = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long' }).format(
    new Date(iso),
  );

/** The SIREN is the SIRET's first nine digits. */
const siren = () =>
  companyLegal.siret
    .replace(/\D/g, '')
    .slice(0, 9)
    .replace(/(\d{3})(?=\d)/g, '$1\u00a0');

export function invoiceDocDefinition(input: InvoiceInput): TDocumentDefinitions {
  const lines = invoiceLines(input.lines);
  const ht = lines.reduce((s, l) => s + l.htCents, 0);
  const vat = lines.reduce((s, l) => s + l.vatCents, 0);
  const ttc = lines.reduce((s, l) => s + l.ttcCents, 0);
  const address = input.buyer.address;
  const seller: Content = {
    stack: [
      { text: 'Vendeur', style: 'heading' },
      { text: `${company.homestylzBrand}, marque de ${companyLegal.legalName}`, bold: true },
      `${companyLegal.legalForm} au capital de ${companyLegal.shareCapital}`,
      `${company.address.street}, ${company.address.postalCode} ${company.address.city}`,
      `SIREN ${siren()} · SIRET ${companyLegal.siret}`,
      companyLegal.rcs,
      `N° TVA intracommunautaire\u00a0: ${companyLegal.vatNumber}`,
    ],
    style: 'small',
  };
  const buyer: Content = {
    stack: [
      { text: 'Client', style: 'heading' },
      { text: input.buyer.name, bold: true },
      ...(address
        ? [address.street, `${address.postcode} ${address.city}`]
        : ['Adresse non communiquée']),
      ...(input.buyer.email ? [input.buyer.email] : []),
    ],
    style: 'small',
  };
  const right = (text: string) => ({ text, alignment: 'right' as const });
  return {
    pageSize: 'A4',
    pageMargins: [46, 54, 46, 50],
    info: {
      title: `Facture ${input.number}`,
      author: `${company.homestylzBrand} (${companyLegal.legalName})`,
    },
    content: [
      {
        columns: [
          { text: company.homestylzBrand, style: 'brand' },
          {
            stack: [
              { text: `Facture ${input.number}`, style: 'title' },
              `Date d’émission\u00a0: ${day(input.paidAt)}`,
              `Date de la vente\u00a0: ${day(input.paidAt)}`,
            ],
            alignment: 'right',
          },
        ],
        margin: [0, 0, 0, 18],
      },
      { columns: [seller, buyer], columnGap: 24, margin: [0, 0, 0, 18] },
      {
        table: {
          headerRows: 1,
          widths: ['*', 34, 62, 40, 66],
          body: [
            [
              { text: 'Désignation', bold: true },
              { text: 'Qté', bold: true, alignment: 'right' },
              { text: 'Prix unitaire HT', bold: true, alignment: 'right' },
              { text: 'TVA', bold: true, alignment: 'right' },
              { text: 'Total HT', bold: true, alignment: 'right' },
            ],
            ...lines.map((l) => [
              l.designation,
              right(String(l.quantity)),
              right(euros(l.unitHtCents)),
              right('20\u00a0%'),
              right(euros(l.htCents)),
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 12],
      },
      {
        columns: [
          { text: '', width: '*' },
          {
            width: 220,
            table: {
              widths: ['*', 90],
              body: [
                ['Total HT', right(euros(ht))],
                ['TVA 20\u00a0%', right(euros(vat))],
                [
                  { text: 'Total TTC', bold: true },
                  { ...right(euros(ttc)), bold: true },
                ],
              ],
            },
            layout: 'lightHorizontalLines',
          },
        ],
        margin: [0, 0, 0, 18],
      },
      { text: `Paiement\u00a0: Carte bancaire, payé le ${day(input.paidAt)}.`, style: 'paragraph' },
      { text: 'Facture acquittée.', bold: true, style: 'paragraph' },
      ...(input.refundedAt
        ? [
            {
              text: `Commande remboursée le ${day(input.refundedAt)}\u00a0: le montant de ${euros(ttc)} a été rendu au client.`,
              bold: true,
              style: 'paragraph',
            },
          ]
        : []),
      {
        text: 'Pas d’escompte pour paiement anticipé. En cas de retard de paiement, pénalités au taux de trois fois l’intérêt légal et indemnité forfaitaire de 40\u00a0€ pour frais de recouvrement (professionnels, C. com. art. L441-10).',
        style: 'small',
        margin: [0, 12, 0, 0],
      },
    ],
    footer: (page, pages) => ({
      text: `${companyLegal.legalName} · ${companyLegal.rcs} · Facture ${input.number} · page ${page}/${pages}`,
      style: 'small',
      alignment: 'center',
      margin: [46, 16, 46, 0],
    }),
    styles: {
      brand: { fontSize: 22, bold: true, color: '#2f4a3a' },
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
      heading: { fontSize: 11, bold: true, margin: [0, 0, 0, 4] },
      paragraph: { margin: [0, 0, 0, 6] },
      small: { fontSize: 9 },
    },
    defaultStyle: { fontSize: 10 },
  };
}

export function renderInvoicePdf(input: InvoiceInput, options?: PdfOptions): Promise<Buffer> {
  return renderPdf(invoiceDocDefinition(input), options);
}
