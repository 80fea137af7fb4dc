/**
 * The mandate as a PDF (issue 30): A4, Roboto embedded, the register number in every page's
 * header once it is set, page numbers in the footer, the art. 78 clause in very visible
 * characters (bold, larger, framed), and the withdrawal form on its own page.
 * The words come from src/domain/mandate.ts, the one source the page at 390 px shows as well.
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { MandateContent, MandateSection } from '../../src/domain/mandate';
import { renderPdf, type PdfOptions } from './pdfmake';

function sectionContent(section: MandateSection): Content[] {
  const out: Content[] = [{ text: section.heading, style: 'heading' }];
  if (section.emphasis) {
    out.push({
      table: {
        widths: ['*'],
        body: [[{ stack: section.paragraphs.map((p) => ({ text: p, style: 'emphasis' })) }]],
      },
      layout: {
        hLineWidth: () => 1.5,
        vLineWidth: () => 1.5,
        paddingLeft: () => 8,
        paddingRight: () => 8,
        paddingTop: () => 6,
        paddingBottom: () => 6,
      },
      margin: [0, 2, 0, 6],
    });
    return out;
  }
  const [first, ...rest] = section.paragraphs;
  if (first !== undefined) out.push({ text: first, style: 'paragraph' });
  if (section.items?.length) {
    out.push({
      ul: section.items.map((i) => ({
        text: [{ text: `${i.term}\u00a0: `, bold: true }, i.value],
      })),
      style: 'paragraph',
    });
  }
  if (section.table) {
    out.push({
      table: {
        headerRows: 1,
        widths: ['*', '*'],
        body: [
          section.table.head.map((h) => ({ text: h, bold: true })),
          ...section.table.rows.map((r) => [...r]),
        ],
      },
      layout: 'lightHorizontalLines',
      style: 'paragraph',
    });
  }
  for (const p of rest) out.push({ text: p, style: 'paragraph' });
  return out;
}

export function mandateDocDefinition(content: MandateContent): TDocumentDefinitions {
  const [mandant, mandataire] = content.parties;
  const party = (p: typeof mandant): Content => ({
    stack: [
      { text: p.heading, style: 'heading' },
      { text: p.name, bold: true, margin: [0, 0, 0, 2] },
      ...p.lines.map((l) => ({ text: l, style: 'small' })),
    ],
  });
  return {
    pageSize: 'A4',
    pageMargins: [46, 54, 46, 50],
    info: {
      title:
        content.registerNumber === null
          ? content.title
          : `${content.title} n° ${content.registerNumber}`,
      author: mandataire.name,
      subject: content.subtitle,
    },
    header: () => ({
      columns: [
        { text: content.title, style: 'small' },
        {
          text: content.registerLabel,
          style: 'small',
          alignment: 'right',
          bold: content.registerNumber !== null,
        },
      ],
      margin: [46, 24, 46, 0],
    }),
    footer: (page, pages) => ({
      text: `Page ${page} sur ${pages}`,
      alignment: 'center',
      style: 'small',
      margin: [0, 20, 0, 0],
    }),
    content: [
      { text: content.title.toUpperCase(), style: 'title' },
      { text: content.subtitle, style: 'subtitle' },
      ...(content.registerNumber === null
        ? []
        : [{ text: content.registerLabel, style: 'registerNumber' } satisfies Content]),
      { text: 'Entre les soussignés', style: 'heading' },
      { columns: [party(mandant), party(mandataire)], columnGap: 16 },
      // A section never starts at a page's foot away from its text, the signatures neither.
      ...content.sections.map((s): Content => ({ stack: sectionContent(s), unbreakable: true })),
      { text: content.preparedLine, style: 'small', margin: [0, 8, 0, 0] },
      {
        text: content.withdrawalForm.heading,
        style: 'heading',
        pageBreak: 'before',
      },
      { text: content.withdrawalForm.intro, style: 'paragraph', italics: true },
      ...content.withdrawalForm.lines.map(
        (l) => ({ text: l, style: 'formLine' }) satisfies Content,
      ),
    ],
    styles: {
      title: { fontSize: 18, bold: true, alignment: 'center', margin: [0, 0, 0, 4] },
      subtitle: { fontSize: 9, alignment: 'center', margin: [0, 0, 0, 8] },
      registerNumber: { fontSize: 12, bold: true, alignment: 'center', margin: [0, 0, 0, 8] },
      heading: { fontSize: 11, bold: true, margin: [0, 8, 0, 3] },
      paragraph: { fontSize: 9, lineHeight: 1.15, margin: [0, 0, 0, 3] },
      emphasis: { fontSize: 12, bold: true, lineHeight: 1.25 },
      small: { fontSize: 8.5, lineHeight: 1.15 },
      formLine: { fontSize: 10, margin: [0, 0, 0, 14] },
    },
    defaultStyle: { fontSize: 9 },
  };
}

/** The mandate's PDF (compressed; tests may ask for plain streams to read its text). */
export function renderMandatePdf(content: MandateContent, options?: PdfOptions): Promise<Buffer> {
  return renderPdf(mandateDocDefinition(content), options);
}
