import { readFileSync } from 'node:fs';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import {
  NotAJpeg,
  fitLongSide,
  hasJpegMetadata,
  orientedSize,
  readExifOrientation,
  stripJpegMetadata,
} from './jpeg-metadata';

const bytesOf = (...parts: (number[] | Uint8Array | string)[]) =>
  Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : [...part],
    ),
  );

/** A segment with a length: 0xFF, the marker, the length (counting itself), the payload. */
function segment(marker: number, ...payload: (number[] | string)[]): Uint8Array {
  const body = bytesOf(...payload);
  return bytesOf([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff], body);
}

/** An EXIF APP1 whose IFD0 holds one SHORT entry `tag` = `value`, in the byte order given. */
function exif(value: number, little: boolean, tag = 0x0112, type = 3): Uint8Array {
  const tiff = new DataView(new ArrayBuffer(26));
  tiff.setUint16(0, little ? 0x4949 : 0x4d4d);
  tiff.setUint16(2, 42, little);
  tiff.setUint32(4, 8, little);
  tiff.setUint16(8, 1, little);
  tiff.setUint16(10, tag, little);
  tiff.setUint16(12, type, little);
  tiff.setUint32(14, 1, little);
  tiff.setUint16(18, value, little);
  tiff.setUint32(22, 0, little);
  return segment(0xe1, 'Exif\0\0', [...new Uint8Array(tiff.buffer)]);
}

const SOI = [0xff, 0xd8];
const EOI = [0xff, 0xd9];
const JFIF = segment(0xe0, 'JFIF\0', [1, 1, 0, 0, 1, 0, 1, 0, 0]);
const DQT = segment(0xdb, [0, ...Array<number>(64).fill(1)]);
const SOF0 = segment(0xc0, [8, 0, 16, 0, 16, 1, 1, 0x11, 0]);
const DHT = segment(0xc4, [0, ...Array<number>(16).fill(0)]);
const SOS = segment(0xda, [1, 1, 0, 0, 63, 0]);
/** Compressed data with a stuffed 0xFF, a restart marker and a fill byte before the next marker. */
const SCAN = [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff];
/** The parts of a file that hold the image, in order: what stripping must keep byte for byte. */
const IMAGE = bytesOf(DQT, SOF0, DHT, SOS, SCAN);

describe('reading the EXIF orientation', () => {
  it('reads it in both byte orders', () => {
    expect(readExifOrientation(bytesOf(SOI, JFIF, exif(6, true), IMAGE, EOI))).toBe(6);
    expect(readExifOrientation(bytesOf(SOI, exif(3, false), IMAGE, EOI))).toBe(3);
    expect(readExifOrientation(bytesOf(SOI, JFIF, exif(1, false), IMAGE, EOI))).toBe(1);
    expect(readExifOrientation(bytesOf(SOI, exif(8, true), IMAGE, EOI))).toBe(8);
  });

  it('is undefined without EXIF, without the tag, or with a value that is not an orientation', () => {
    expect(readExifOrientation(bytesOf(SOI, JFIF, IMAGE, EOI))).toBeUndefined();
    expect(readExifOrientation(bytesOf(SOI, exif(6, true, 0x010f), IMAGE, EOI))).toBeUndefined();
    expect(readExifOrientation(bytesOf(SOI, exif(9, true), IMAGE, EOI))).toBeUndefined();
    expect(readExifOrientation(bytesOf(SOI, exif(0, false), IMAGE, EOI))).toBeUndefined();
    expect(readExifOrientation(bytesOf(SOI, exif(6, true, 0x0112, 4), IMAGE, EOI))).toBeUndefined();
    // An XMP APP1 is not EXIF.
    const xmp = segment(0xe1, 'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>');
    expect(readExifOrientation(bytesOf(SOI, xmp, IMAGE, EOI))).toBeUndefined();
  });

  it('is undefined for a file that is not a JPEG or whose EXIF is cut short', () => {
    expect(readExifOrientation(bytesOf([0x89], 'PNG\r\n'))).toBeUndefined();
    expect(readExifOrientation(new Uint8Array())).toBeUndefined();
    const short = segment(0xe1, 'Exif\0\0', 'II', [42, 0, 8, 0, 0, 0, 5, 0]);
    expect(readExifOrientation(bytesOf(SOI, short, IMAGE, EOI))).toBeUndefined();
  });

  it('reads a part of a larger buffer', () => {
    const file = bytesOf(SOI, exif(6, false), IMAGE, EOI);
    const padded = new Uint8Array(file.length + 7);
    padded.set(file, 7);
    expect(readExifOrientation(padded.subarray(7))).toBe(6);
  });
});

describe('removing the metadata', () => {
  const ICC = segment(0xe2, 'ICC_PROFILE\0', [1, 1, 0, 0, 0, 0]);
  const COMMENT = segment(0xfe, 'pris rue de Rivoli');
  const JFXX = segment(0xe0, 'JFXX\0', [0x10, 0xff, 0xd8, 0xff, 0xd9]);
  const ADOBE = segment(0xee, 'Adobe', [0, 100, 0, 0, 0, 0, 1]);
  const OTHER_APP14 = segment(0xee, 'Ducky', [1, 2, 3]);

  it('drops APP1 to APP15 and comments, keeps JFIF and the image byte for byte', () => {
    const file = bytesOf(SOI, JFIF, exif(6, true), ICC, COMMENT, segment(0xef, 'x'), IMAGE, EOI);
    expect(hasJpegMetadata(file)).toBe(true);
    const stripped = stripJpegMetadata(file);
    expect(stripped).toEqual(bytesOf(SOI, JFIF, IMAGE, EOI));
    expect(hasJpegMetadata(stripped)).toBe(false);
    expect(readExifOrientation(stripped)).toBeUndefined();
    expect(stripJpegMetadata(stripped)).toEqual(stripped);
  });

  it('drops an APP0 that is not JFIF (a JFXX thumbnail), keeps Adobe’s colour flag only', () => {
    const file = bytesOf(SOI, JFIF, JFXX, ADOBE, OTHER_APP14, IMAGE, EOI);
    expect(stripJpegMetadata(file)).toEqual(bytesOf(SOI, JFIF, ADOBE, IMAGE, EOI));
    expect(hasJpegMetadata(bytesOf(SOI, JFIF, ADOBE, IMAGE, EOI))).toBe(false);
  });

  it('drops metadata between the scans of a progressive file, and what follows the end', () => {
    const file = bytesOf(SOI, JFIF, IMAGE, COMMENT, DHT, SOS, [0x01, 0x02], EOI, 'trailer GPS');
    expect(hasJpegMetadata(file)).toBe(true);
    expect(stripJpegMetadata(file)).toEqual(bytesOf(SOI, JFIF, IMAGE, DHT, SOS, [0x01, 0x02], EOI));
    // Only what follows the end.
    expect(hasJpegMetadata(bytesOf(SOI, JFIF, IMAGE, EOI, [0, 0]))).toBe(true);
  });

  it('refuses what is not a whole JPEG with a clear error', () => {
    const png = bytesOf([0x89], 'PNG\r\n', [0x1a, 0x0a, 0, 0, 0, 13]);
    expect(() => stripJpegMetadata(png)).toThrow(NotAJpeg);
    expect(() => stripJpegMetadata(png)).toThrow(/n’est pas une image JPEG lisible/);
    expect(() => stripJpegMetadata(new Uint8Array())).toThrow(NotAJpeg);
    expect(() => hasJpegMetadata(png)).toThrow(NotAJpeg);
    // Cut in a segment, in the compressed data, or with no end of image.
    const whole = bytesOf(SOI, JFIF, exif(6, true), IMAGE, EOI);
    expect(() => stripJpegMetadata(whole.subarray(0, 30))).toThrow(NotAJpeg);
    expect(() => stripJpegMetadata(whole.subarray(0, whole.length - 4))).toThrow(NotAJpeg);
    expect(() => stripJpegMetadata(bytesOf(SOI, JFIF, [0x00, 0x01]))).toThrow(NotAJpeg);
  });
});

describe('the test photos (tests/fixtures/photos)', () => {
  const manifest = JSON.parse(readFileSync('tests/fixtures/photos/photos.json', 'utf8')) as {
    gps: { latitude: [number, number][]; longitude: [number, number][] };
    photos: Record<string, { orientation: number; stored: { width: number; height: number } }>;
  };
  const rationals = (values: [number, number][], little: boolean) => {
    const view = new DataView(new ArrayBuffer(values.length * 8));
    values.forEach(([n, d], k) => {
      view.setUint32(k * 8, n, little);
      view.setUint32(k * 8 + 4, d, little);
    });
    return Buffer.from(view.buffer);
  };
  const gpsNeedles = [true, false].flatMap((little) => [
    rationals(manifest.gps.latitude, little),
    rationals(manifest.gps.longitude, little),
  ]);

  it.each(Object.entries(manifest.photos))(
    '%s: carries EXIF and GPS, and keeps the same image without them',
    (file, photo) => {
      const original = readFileSync(`tests/fixtures/photos/${file}`);
      expect(readExifOrientation(original)).toBe(photo.orientation);
      expect(hasJpegMetadata(original)).toBe(true);
      expect(original.includes('Exif')).toBe(true);
      expect(gpsNeedles.some((needle) => original.includes(needle))).toBe(true);

      const stripped = Buffer.from(stripJpegMetadata(original));
      expect(hasJpegMetadata(stripped)).toBe(false);
      expect(stripped.includes('Exif')).toBe(false);
      expect(gpsNeedles.some((needle) => stripped.includes(needle))).toBe(false);
      // Only the EXIF segment went: the compressed image is the same, so are its pixels.
      const exifLength = original.readUInt16BE(original.indexOf('Exif') - 2) + 2;
      expect(stripped.length).toBe(original.length - exifLength);
      if (file === 'visite-2.jpg') {
        const before = jpeg.decode(original, { useTArray: true });
        const after = jpeg.decode(stripped, { useTArray: true });
        expect([after.width, after.height]).toEqual([photo.stored.width, photo.stored.height]);
        expect(Buffer.compare(Buffer.from(after.data), Buffer.from(before.data))).toBe(0);
      }
    },
  );
});

describe('sizes', () => {
  it('turns the size a quarter for orientations 5 to 8 only', () => {
    for (const o of [1, 2, 3, 4])
      expect(orientedSize(2400, 1600, o)).toEqual({ width: 2400, height: 1600 });
    for (const o of [5, 6, 7, 8])
      expect(orientedSize(2400, 1600, o)).toEqual({ width: 1600, height: 2400 });
    expect(orientedSize(2400, 1600)).toEqual({ width: 2400, height: 1600 });
  });

  it('fits the long side in 1600 px, rounding, never enlarging', () => {
    expect(fitLongSide(2400, 1600)).toEqual({ width: 1600, height: 1067 });
    expect(fitLongSide(1600, 2400)).toEqual({ width: 1067, height: 1600 });
    expect(fitLongSide(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitLongSide(3000, 3000)).toEqual({ width: 1600, height: 1600 });
    expect(fitLongSide(1200, 800)).toEqual({ width: 1200, height: 800 });
    expect(fitLongSide(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fitLongSide(800, 600, 400)).toEqual({ width: 400, height: 300 });
    expect(fitLongSide(10_000, 10)).toEqual({ width: 1600, height: 2 });
    expect(fitLongSide(100_000, 10)).toEqual({ width: 1600, height: 1 });
  });
});
