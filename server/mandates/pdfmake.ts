/**
 * pdfmake, set up once for the server's documents (the mandate, the register): Roboto, shipped by
 * pdfmake itself, embedded (subset) in every PDF; no URL and no file outside its fonts may be read.
 * pdfmake is a CommonJS singleton whose exports no ESM import can name, hence createRequire.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfMake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake') as typeof PdfMake;

const fontDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
pdfmake.setFonts({
  Roboto: {
    normal: path.join(fontDir, 'Roboto-Regular.ttf'),
    bold: path.join(fontDir, 'Roboto-Medium.ttf'),
    italics: path.join(fontDir, 'Roboto-Italic.ttf'),
    bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
  },
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir + path.sep));

export interface PdfOptions {
  /** Streams left uncompressed (tests read the text); production PDFs are compressed. */
  compress?: boolean;
}

/**
 * Roboto has no glyph for U+202F (narrow no-break space, which formatEuro writes between
 * thousands and French typography before « ; ? ! ») nor for U+2060 (word joiner): the PDF gets a
 * no-break space and nothing instead, so no box is printed and nothing breaks where it must not.
 */
export function pdfSafe(text: string): string {
  return text.replaceAll('\u202f', '\u00a0').replaceAll('\u2060', '');
}

function sanitize<T>(value: T): T {
  if (typeof value === 'string') return pdfSafe(value) as T;
  if (Array.isArray(value)) return value.map(sanitize) as T;
  if (typeof value === 'function')
    return ((...args: unknown[]) =>
      sanitize((value as (...a: unknown[]) => unknown)(...args))) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sanitize(v)])) as T;
  return value;
}

/** The PDF of a document definition, Roboto embedded. */
export function renderPdf(doc: TDocumentDefinitions, options: PdfOptions = {}): Promise<Buffer> {
  doc = sanitize(doc);
  return pdfmake
    .createPdf({
      compress: options.compress ?? true,
      ...doc,
      defaultStyle: { font: 'Roboto', ...doc.defaultStyle },
    })
    .getBuffer();
}
