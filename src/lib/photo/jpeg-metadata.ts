/**
 * The few things a visit report's photos need from a JPEG file, on bytes only (no decoding): the
 * EXIF orientation, and the file without its metadata. A phone's photo carries the place it was
 * taken (GPS), the device and the time in EXIF/XMP; a photo sent to a buyer must carry none
 * (CNIL: no more personal data than the purpose needs). The browser's canvas encoder writes none
 * today, but the photo is stripped whatever the browser does.
 *
 * A JPEG file is a list of segments (ITU T.81, annex B): 0xFF, a marker byte, and for most a
 * two-byte big-endian length that counts itself; after a start-of-scan (SOS) header come the
 * compressed data, where 0xFF is followed by 0x00 (a stuffed byte) or a restart marker, until the
 * next marker.
 */

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP14 = 0xee;
const APP15 = 0xef;
const COM = 0xfe;

/** The long side of a prepared photo, in pixels (issue 28). */
export const PHOTO_MAX_LONG_SIDE = 1600;

export class NotAJpeg extends Error {
  override name = 'NotAJpeg';
  constructor(reason: string) {
    super(`Ce fichier n’est pas une image JPEG lisible (${reason}).`);
  }
}

interface Segment {
  /** The marker byte (0xD8 for SOI…), or 0 for the compressed data of a scan. */
  marker: number;
  start: number;
  end: number;
}

/** True for the standalone markers that have no length: SOI, EOI, RST0..7, TEM. */
function standalone(marker: number): boolean {
  return marker === SOI || marker === EOI || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;
}

/** The segments of the whole file in order, up to EOI; anything after EOI is left out. */
function segments(bytes: Uint8Array): Segment[] {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI)
    throw new NotAJpeg('il ne commence pas par le marqueur SOI');
  const list: Segment[] = [{ marker: SOI, start: 0, end: 2 }];
  let i = 2;
  for (;;) {
    if (i >= bytes.length) throw new NotAJpeg('il s’arrête avant la fin de l’image');
    if (bytes[i] !== 0xff) throw new NotAJpeg(`octet inattendu à la position ${i}`);
    // Fill bytes: any number of 0xFF may precede a marker.
    let m = i + 1;
    while (m < bytes.length && bytes[m] === 0xff) m++;
    const marker = bytes[m];
    if (marker === undefined) throw new NotAJpeg('il s’arrête avant la fin de l’image');
    if (marker === 0x00) throw new NotAJpeg(`marqueur invalide à la position ${i}`);
    if (standalone(marker)) {
      list.push({ marker, start: m - 1, end: m + 1 });
      i = m + 1;
      if (marker === EOI) return list;
      continue;
    }
    const high = bytes[m + 1];
    const low = bytes[m + 2];
    if (high === undefined || low === undefined) throw new NotAJpeg('segment tronqué');
    const length = (high << 8) | low;
    const end = m + 1 + length;
    if (length < 2 || end > bytes.length) throw new NotAJpeg(`segment tronqué à la position ${i}`);
    list.push({ marker, start: m - 1, end });
    i = end;
    if (marker !== SOS) continue;
    // The compressed data: up to the next marker that is not a stuffed byte or a restart.
    let j = i;
    for (;;) {
      if (j + 1 >= bytes.length) throw new NotAJpeg('il s’arrête avant la fin de l’image');
      if (bytes[j] !== 0xff) {
        j++;
        continue;
      }
      const next = bytes[j + 1] as number;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
        j += next === 0xff ? 1 : 2;
        continue;
      }
      break;
    }
    list.push({ marker: 0, start: i, end: j });
    i = j;
  }
}

function startsWith(bytes: Uint8Array, at: number, text: string): boolean {
  for (let k = 0; k < text.length; k++) if (bytes[at + k] !== text.charCodeAt(k)) return false;
  return true;
}

/**
 * What is kept: everything but the metadata segments. APP0 is kept only as JFIF (a JFXX
 * extension may hold a thumbnail of the original). Adobe's APP14 is kept when it is the 12-byte
 * colour-transform flag and nothing else: without it a decoder may read the colours wrong, and
 * it says nothing about the person or the place.
 */
function isMetadata(bytes: Uint8Array, segment: Segment): boolean {
  const { marker, start, end } = segment;
  if (marker === APP0) return !startsWith(bytes, start + 4, 'JFIF\0');
  if (marker === APP14) return !(end - start === 16 && startsWith(bytes, start + 4, 'Adobe'));
  return (marker >= APP1 && marker <= APP15) || marker === COM;
}

/** The file without its EXIF, XMP, GPS, ICC, comments and any data after the image's end. */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const kept = segments(bytes).filter((segment) => !isMetadata(bytes, segment));
  const out = new Uint8Array(kept.reduce((sum, s) => sum + s.end - s.start, 0));
  let at = 0;
  for (const { start, end } of kept) {
    out.set(bytes.subarray(start, end), at);
    at += end - start;
  }
  return out;
}

/** True when stripJpegMetadata would remove something (trailing data after the image included). */
export function hasJpegMetadata(bytes: Uint8Array): boolean {
  const list = segments(bytes);
  const last = list[list.length - 1];
  return list.some((segment) => isMetadata(bytes, segment)) || (last?.end ?? 0) < bytes.length;
}

/**
 * The EXIF Orientation (tag 0x0112 of IFD0, 1 to 8) of the first EXIF APP1 segment, in either
 * byte order; undefined without one or when it does not read.
 */
export function readExifOrientation(bytes: Uint8Array): number | undefined {
  let list: Segment[];
  try {
    list = segments(bytes);
  } catch {
    return undefined;
  }
  const exif = list.find(
    (s) => s.marker === APP1 && s.end - s.start > 10 && startsWith(bytes, s.start + 4, 'Exif\0\0'),
  );
  if (!exif) return undefined;
  const tiff = exif.start + 10;
  const view = new DataView(bytes.buffer, bytes.byteOffset + tiff, exif.end - tiff);
  if (view.byteLength < 8) return undefined;
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return undefined;
  const little = order === 0x4949;
  if (view.getUint16(2, little) !== 42) return undefined;
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > view.byteLength) return undefined;
  const count = view.getUint16(ifd, little);
  for (let k = 0; k < count; k++) {
    const entry = ifd + 2 + k * 12;
    if (entry + 12 > view.byteLength) return undefined;
    if (view.getUint16(entry, little) !== 0x0112) continue;
    // Type SHORT (3), one value, held in the first two bytes of the value field.
    if (view.getUint16(entry + 2, little) !== 3) return undefined;
    const value = view.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? value : undefined;
  }
  return undefined;
}

export interface Size {
  width: number;
  height: number;
}

/** The size as shown: orientations 5 to 8 turn the stored image a quarter. */
export function orientedSize(width: number, height: number, orientation = 1): Size {
  return orientation >= 5 && orientation <= 8
    ? { width: height, height: width }
    : { width, height };
}

/** The size whose long side is at most `max`, proportions kept, in whole pixels; never larger. */
export function fitLongSide(width: number, height: number, max = PHOTO_MAX_LONG_SIDE): Size {
  const scale = Math.min(1, max / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
