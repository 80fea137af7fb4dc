import { describe, expect, it } from 'vitest';
import {
  MAX_DOCUMENT_BYTES,
  displayFileName,
  sniffDocumentMime,
} from '../../domain/client-documents';
import { checkDocumentFile, jpegName, needsDownscale, scaledSize } from './document-file';

const bytes = (...b: number[]) => new Uint8Array(b);
const PDF = new TextEncoder().encode('%PDF-1.4');
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

describe('document files on the device', () => {
  it('reads the type from the bytes, never from a name', () => {
    expect(sniffDocumentMime(PDF)).toBe('application/pdf');
    expect(sniffDocumentMime(JPEG)).toBe('image/jpeg');
    expect(sniffDocumentMime(PNG)).toBe('image/png');
    expect(sniffDocumentMime(new TextEncoder().encode('GIF89a'))).toBeUndefined();
    expect(sniffDocumentMime(bytes(0x89, 0x50, 0x4e, 0x47))).toBeUndefined();
  });

  it('refuses a wrong type or a PDF over 10 MB with a French message; a big photo goes on to be downscaled', () => {
    expect(checkDocumentFile({ size: 10 }, new TextEncoder().encode('<html>'))).toEqual({
      ok: false,
      message: expect.stringMatching(/^Ce fichier n’est pas accepté\u00a0:/) as string,
    });
    expect(checkDocumentFile({ size: MAX_DOCUMENT_BYTES + 1 }, PDF)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/10\u00a0Mo au plus/) as string,
    });
    expect(checkDocumentFile({ size: MAX_DOCUMENT_BYTES }, PDF)).toEqual({
      ok: true,
      mime: 'application/pdf',
    });
    expect(checkDocumentFile({ size: 20_000_000 }, JPEG)).toEqual({ ok: true, mime: 'image/jpeg' });
  });

  it('downscales photos above 2000 px or 1.5 MB to 2000 px on the long side, proportions kept', () => {
    expect(needsDownscale('image/jpeg', 4_000_000, 4032, 3024)).toBe(true);
    expect(needsDownscale('image/png', 2_000_000, 1200, 900)).toBe(true);
    expect(needsDownscale('image/jpeg', 500_000, 1600, 1200)).toBe(false);
    expect(needsDownscale('application/pdf', 9_000_000, 0, 0)).toBe(false);
    expect(scaledSize(4032, 3024)).toEqual({ width: 2000, height: 1500 });
    expect(scaledSize(3024, 4032)).toEqual({ width: 1500, height: 2000 });
    expect(scaledSize(1200, 900)).toEqual({ width: 1200, height: 900 });
    expect(jpegName('IMG_2041.HEIC.png')).toBe('IMG_2041.HEIC.jpg');
  });

  it('keeps a file name for display only, without any path', () => {
    expect(displayFileName('../../etc/passwd')).toBe('passwd');
    expect(displayFileName('..\\..\\boot.ini')).toBe('boot.ini');
    expect(displayFileName('\u0000"<script>.pdf')).toBe('script.pdf');
    expect(displayFileName('..')).toBe('document');
    expect(displayFileName('Bulletin  mars 2025.pdf')).toBe('Bulletin mars 2025.pdf');
    // The bytes' type names the extension; hidden direction marks go.
    expect(displayFileName('identite\u202Efdp.html', 'application/pdf')).toBe('identitefdp.pdf');
    expect(displayFileName('scan.bat', 'image/png')).toBe('scan.png');
    expect(displayFileName('photo', 'image/jpeg')).toBe('photo.jpg');
    expect(displayFileName('', 'application/pdf')).toBe('document.pdf');
    // Cut between characters, never inside an emoji.
    const long = displayFileName(`${'é'.repeat(118)}😀😀.pdf`);
    expect(Array.from(long)).toHaveLength(120);
    expect(long).toBe(`${'é'.repeat(118)}😀…`);
  });
});
