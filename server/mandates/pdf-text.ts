/**
 * The text of a PDF made by pdfmake (compressed or not, signed or not), for tests: pdfkit writes each glyph
 * as a hexadecimal code of its embedded subset font, and each font's ToUnicode CMap says which
 * characters that code stands for. pdfmake draws word by word, each word with the space after
 * it: a word with none (nor a hyphen) ends a line, so '\n' is put after it. Not a general PDF
 * reader: other producers (object streams, other filters, other font encodings) are out of scope.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  id: number;
  body: string;
}

/** The PDF's objects, a FlateDecode stream inflated in place. */
function objects(pdf: string): PdfObject[] {
  return [...pdf.matchAll(/(\d+) 0 obj\s([\s\S]*?)\sendobj/g)].map((m) => {
    let body = m[2] ?? '';
    const stream = /^([\s\S]*?)stream\r?\n([\s\S]*?)\r?\nendstream/.exec(body);
    if (stream && /\/Filter\s*\/FlateDecode/.test(stream[1] ?? '')) {
      // The data is /Length bytes long when the dictionary says so directly: compressed data
      // may end with a carriage return, which the pattern above would take for the line end.
      const length = /\/Length\s+(\d+)\b(?!\s+\d+\s+R)/.exec(stream[1] ?? '')?.[1];
      const start = (stream[1] ?? '').length + 'stream'.length;
      const dataStart = body.startsWith('\r\n', start) ? start + 2 : start + 1;
      const compressed =
        length !== undefined
          ? body.slice(dataStart, dataStart + Number(length))
          : (stream[2] ?? '');
      try {
        const data = inflateSync(Buffer.from(compressed, 'latin1')).toString('latin1');
        body = `${stream[1] ?? ''}stream\n${data}\nendstream`;
      } catch {
        // Not deflate data after all: left as it is.
      }
    }
    return { id: Number(m[1]), body };
  });
}

const hexChars = (hex: string) =>
  String.fromCodePoint(...(hex.match(/[0-9a-fA-F]{4}/g) ?? []).map((h) => parseInt(h, 16)));

/** code → characters, from a ToUnicode CMap's bfrange and bfchar sections. */
function parseCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const body = block[1] ?? '';
    for (const m of body.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const start = parseInt(m[1] ?? '0', 16);
      const end = parseInt(m[2] ?? '0', 16);
      const target = m[3] ?? '';
      if (target.startsWith('[')) {
        const list = [...target.matchAll(/<([0-9a-fA-F ]+)>/g)].map((t) =>
          hexChars((t[1] ?? '').replace(/ /g, '')),
        );
        list.forEach((chars, i) => map.set(start + i, chars));
      } else {
        const base = parseInt(target.slice(1, -1), 16);
        for (let code = start; code <= end; code++)
          map.set(code, String.fromCodePoint(base + code - start));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F ]+)>/g))
      map.set(parseInt(m[1] ?? '0', 16), hexChars((m[2] ?? '').replace(/ /g, '')));
  }
  return map;
}

/** The PDF's text, line by line as drawn. */
export function pdfText(pdf: Buffer): string {
  let text = '';
  for (const run of pdfTextRuns(pdf)) {
    if (text && !/[\s\u00a0-]$/.test(text)) text += '\n';
    text += run.text;
  }
  return text;
}

/** One word (or run) as drawn: its text, its font's name (without the subset tag) and size. */
export interface PdfTextRun {
  text: string;
  font: string;
  size: number;
}

/** Every drawn run of the PDF, in drawing order. */
export function pdfTextRuns(pdf: Buffer): PdfTextRun[] {
  const raw = pdf.toString('latin1');
  const objs = objects(raw);
  const byId = new Map(objs.map((o) => [o.id, o.body]));
  // Font resource name (/F1) → that font's name and CMap.
  const fonts = new Map<string, { name: string; cmap: Map<number, string> }>();
  for (const o of objs) {
    const dict = /\/Font\s*<<([\s\S]*?)>>/.exec(o.body)?.[1];
    if (!dict) continue;
    for (const m of dict.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const font = byId.get(Number(m[2])) ?? '';
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(font)?.[1];
      const name = /\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/.exec(font)?.[1] ?? '';
      if (toUnicode)
        fonts.set(m[1] ?? '', { name, cmap: parseCMap(byId.get(Number(toUnicode)) ?? '') });
    }
  }
  const runs: PdfTextRun[] = [];
  for (const o of objs) {
    const stream = /stream\r?\n([\s\S]*?)\r?\nendstream/.exec(o.body)?.[1];
    if (!stream || !/\bBT\b/.test(stream)) continue;
    let font = { name: '', cmap: new Map<number, string>() };
    let size = 0;
    for (const block of stream.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      let text = '';
      for (const op of (block[1] ?? '').matchAll(
        /\/(\w+)\s+([\d.]+)\s+Tf|(\[[^\]]*\])\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g,
      )) {
        if (op[1]) {
          font = fonts.get(op[1]) ?? { name: '', cmap: new Map() };
          size = Number(op[2]);
        }
        const hexes = op[3]
          ? [...op[3].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? '')
          : op[4] !== undefined
            ? [op[4]]
            : [];
        for (const hex of hexes)
          for (const code of hex.match(/[0-9a-fA-F]{4}/g) ?? [])
            text += font.cmap.get(parseInt(code, 16)) ?? '\ufffd';
      }
      if (text) runs.push({ text, font: font.name, size });
    }
  }
  return runs;
}

/** The text with every run of spaces (no-break ones too) and line breaks made one space. */
export function pdfFlatText(pdf: Buffer): string {
  return pdfText(pdf).replace(/[\s\u00a0\u202f]+/g, ' ');
}
