import { PHOTO_MAX_LONG_SIDE, fitLongSide, stripJpegMetadata } from './jpeg-metadata';

/**
 * A visit report's photo, made ready on the device before it is kept with the draft (issue 28):
 * turned as the phone shows it, its long side at most 1600 px, JPEG at 80 %, with no EXIF and no
 * location. A phone's 12 Mpx photo of 3 to 5 MB becomes some 200 to 400 KB: twelve fit in a
 * draft and go out on a weak signal.
 */

export { PHOTO_MAX_LONG_SIDE };
export const PHOTO_QUALITY = 0.8;

export interface PreparedPhoto {
  blob: Blob;
  width: number;
  height: number;
}

/** The chosen file is not an image this browser can read. */
export class PhotoRefused extends Error {
  override name = 'PhotoRefused';
  constructor() {
    super(
      'Cette image ne peut pas être lue\u00a0: choisissez une photo JPEG, PNG ou HEIC prise par votre téléphone.',
    );
  }
}

async function decode(file: Blob): Promise<ImageBitmap> {
  try {
    // 'from-image': the EXIF orientation is applied, so the bitmap is as the phone shows it.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    if (bitmap.width > 0 && bitmap.height > 0) return bitmap;
    bitmap.close();
  } catch {
    // Not an image, or a format this browser does not decode (HEIC outside Safari).
  }
  throw new PhotoRefused();
}

type Canvas2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

/** Draws the bitmap at the size given and encodes it as JPEG. */
async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob> {
  const paint = (context: Canvas2D | null) => {
    if (!context) throw new Error('Le navigateur ne peut pas dessiner la photo.');
    // JPEG has no transparency: a transparent PNG comes out on white, not on black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
  };
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    paint(canvas.getContext('2d'));
    return canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_QUALITY });
  }
  // Safari before 16.4 has no OffscreenCanvas.
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  paint(canvas.getContext('2d'));
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) =>
        blob ? resolve(blob) : reject(new Error('Le navigateur n’a pas pu encoder la photo.')),
      'image/jpeg',
      PHOTO_QUALITY,
    ),
  );
}

/**
 * The photo as it is kept and sent: oriented, scaled so its long side is at most 1600 px (never
 * enlarged), JPEG 80 %, without metadata. Throws PhotoRefused when the file is not a readable
 * image.
 */
export async function preparePhoto(file: Blob): Promise<PreparedPhoto> {
  const bitmap = await decode(file);
  try {
    const { width, height } = fitLongSide(bitmap.width, bitmap.height, PHOTO_MAX_LONG_SIDE);
    const encoded = await encode(bitmap, width, height);
    // Whatever the browser wrote besides the image (EXIF, ICC, a comment) is removed here.
    const bytes = stripJpegMetadata(new Uint8Array(await encoded.arrayBuffer()));
    return { blob: new Blob([bytes], { type: 'image/jpeg' }), width, height };
  } finally {
    bitmap.close();
  }
}
