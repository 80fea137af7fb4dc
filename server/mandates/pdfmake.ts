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

/** The PDF of a document definition, Roboto embedded. */
export function renderPdf(doc: TDocumentDefinitions, options: PdfOptions = {}): Promise<Buffer> {
  return pdfmake
    .createPdf({
      compress: options.compress ?? true,
      ...doc,
      defaultStyle: { font: 'Roboto', ...doc.defaultStyle },
    })
    .getBuffer();
}
