import {
  DOCUMENT_SIZE_REFUSAL,
  DOCUMENT_TYPE_REFUSAL,
  MAX_DOCUMENT_BYTES,
  SNIFF_BYTES,
  sniffDocumentMime,
  type DocumentMime,
} from '../../domain/client-documents';

/** A phone photo above this is made smaller before it is sent. */
export const PHOTO_MAX_SIDE = 2000;
export const PHOTO_MAX_BYTES = 1.5 * 1024 * 1024;
export const PHOTO_QUALITY = 0.85;

/**
 * What the device can tell before sending (the server checks again, from the bytes): the
 * refusal to show beside the input, or the type found in the file's first bytes.
 * `head`: the file's first bytes. A large photo is not refused here: it is downscaled first.
 */
export function checkDocumentFile(
  file: { size: number },
  head: Uint8Array,
): { ok: true; mime: DocumentMime } | { ok: false; message: string } {
  const mime = sniffDocumentMime(head);
  if (!mime) return { ok: false, message: DOCUMENT_TYPE_REFUSAL };
  if (mime === 'application/pdf' && file.size > MAX_DOCUMENT_BYTES)
    return { ok: false, message: DOCUMENT_SIZE_REFUSAL };
  return { ok: true, mime };
}

/** Whether a photo is worth downscaling: larger than 2000 px on a side, or than 1.5 MB. */
export function needsDownscale(
  mime: DocumentMime,
  size: number,
  width: number,
  height: number,
): boolean {
  if (mime === 'application/pdf') return false;
  return Math.max(width, height) > PHOTO_MAX_SIDE || size > PHOTO_MAX_BYTES;
}

/** The size that fits `max` px on the long side, proportions kept; never enlarged. */
export function scaledSize(
  width: number,
  height: number,
  max = PHOTO_MAX_SIDE,
): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= max || long === 0) return { width, height };
  const ratio = max / long;
  return {
    width: Math.max(1, Math.round(width * ratio)),
    height: Math.max(1, Math.round(height * ratio)),
  };
}

/** Name of the JPEG made from a photo: same name, .jpg. */
export const jpegName = (name: string) => `${name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;

/** The first bytes of a file, to read its type. */
export async function fileHead(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
}

/**
 * What to send for a chosen file: a PDF as it is; a photo larger than 2000 px or 1.5 MB redrawn
 * at 2000 px at most on its long side, in JPEG at quality 0.85 (a phone's 12 MP photo of a
 * payslip becomes a few hundred kilobytes). Without canvas support, the photo is sent as it is.
 */
export async function prepareDocument(
  file: File,
  mime: DocumentMime,
): Promise<{ blob: Blob; mime: DocumentMime; name: string }> {
  const asIs = { blob: file as Blob, mime, name: file.name };
  if (mime === 'application/pdf' || typeof createImageBitmap !== 'function') return asIs;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return asIs;
  }
  try {
    if (!needsDownscale(mime, file.size, bitmap.width, bitmap.height)) return asIs;
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    let blob: Blob | null = null;
    if (typeof OffscreenCanvas === 'function') {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) return asIs;
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      context.drawImage(bitmap, 0, 0, width, height);
      blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_QUALITY });
    } else {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) return asIs;
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      context.drawImage(bitmap, 0, 0, width, height);
      blob = await new Promise<Blob | null>((resolve) =>
        canvas.toBlob(resolve, 'image/jpeg', PHOTO_QUALITY),
      );
    }
    if (!blob || blob.size >= file.size) return asIs;
    return { blob, mime: 'image/jpeg', name: jpegName(file.name) };
  } finally {
    bitmap.close();
  }
}
