import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasJpegMetadata, readExifOrientation } from './jpeg-metadata';
import { PHOTO_MAX_LONG_SIDE, PHOTO_QUALITY, PhotoRefused, preparePhoto } from './prepare-photo';

/**
 * The steps of preparePhoto with the browser's pieces stubbed (node has no image decoder): what
 * it asks of them and what it does with their answers. tests/photo-prepare.spec.ts runs it in
 * Chromium on real photos.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A photo with EXIF (orientation 6) and GPS, as a browser that kept them might encode. */
const withExif = readFileSync('tests/fixtures/photos/visite-2.jpg');

function fakeBitmap(width: number, height: number) {
  return { width, height, close: vi.fn() };
}

function fakeContext() {
  return {
    fillStyle: '',
    imageSmoothingEnabled: false,
    imageSmoothingQuality: 'low',
    fillRect: vi.fn(),
    drawImage: vi.fn(),
  };
}

/** A browser whose decoder gives `bitmap` and whose OffscreenCanvas encodes `encoded`. */
function browser(bitmap: ReturnType<typeof fakeBitmap> | Error, encoded = withExif) {
  const context = fakeContext();
  const canvases: { width: number; height: number }[] = [];
  const convertToBlob = vi.fn(async () => new Blob([encoded], { type: 'image/jpeg' }));
  const decode = vi.fn(async () => {
    if (bitmap instanceof Error) throw bitmap;
    return bitmap;
  });
  vi.stubGlobal('createImageBitmap', decode);
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(
        public width: number,
        public height: number,
      ) {
        canvases.push({ width, height });
      }
      getContext = () => context;
      convertToBlob = convertToBlob;
    },
  );
  return { context, canvases, convertToBlob, decode };
}

describe('preparing a photo', () => {
  it('decodes with the orientation applied, scales the long side to 1600 px, encodes JPEG 80 %', async () => {
    const bitmap = fakeBitmap(4032, 3024);
    const { context, canvases, convertToBlob, decode } = browser(bitmap);
    const file = new Blob(['photo'], { type: 'image/jpeg' });
    const prepared = await preparePhoto(file);
    expect(decode).toHaveBeenCalledWith(file, { imageOrientation: 'from-image' });
    expect(canvases).toEqual([{ width: 1600, height: 1200 }]);
    expect(context.fillRect).toHaveBeenCalledWith(0, 0, 1600, 1200);
    expect(context.drawImage).toHaveBeenCalledWith(bitmap, 0, 0, 1600, 1200);
    expect(convertToBlob).toHaveBeenCalledWith({ type: 'image/jpeg', quality: 0.8 });
    expect([prepared.width, prepared.height]).toEqual([1600, 1200]);
    expect(bitmap.close).toHaveBeenCalled();
    expect([PHOTO_MAX_LONG_SIDE, PHOTO_QUALITY]).toEqual([1600, 0.8]);
  });

  it('removes whatever metadata the browser’s encoder wrote', async () => {
    browser(fakeBitmap(2400, 1600));
    const prepared = await preparePhoto(new Blob(['photo']));
    const bytes = new Uint8Array(await prepared.blob.arrayBuffer());
    expect(prepared.blob.type).toBe('image/jpeg');
    expect(hasJpegMetadata(bytes)).toBe(false);
    expect(readExifOrientation(bytes)).toBeUndefined();
    expect(Buffer.from(bytes).includes('Exif')).toBe(false);
    expect(bytes.length).toBeLessThan(withExif.length);
  });

  it('never enlarges a small photo, and turns a portrait one as given', async () => {
    const { canvases } = browser(fakeBitmap(800, 1200));
    expect(await preparePhoto(new Blob(['photo']))).toMatchObject({ width: 800, height: 1200 });
    browser(fakeBitmap(3024, 4032));
    expect(await preparePhoto(new Blob(['photo']))).toMatchObject({ width: 1200, height: 1600 });
    expect(canvases).toEqual([{ width: 800, height: 1200 }]);
  });

  it('draws on a canvas element where there is no OffscreenCanvas', async () => {
    vi.stubGlobal('createImageBitmap', async () => fakeBitmap(2000, 1000));
    vi.stubGlobal('OffscreenCanvas', undefined);
    const context = fakeContext();
    const canvas = {
      width: 0,
      height: 0,
      getContext: () => context,
      toBlob: vi.fn((done: (blob: Blob | null) => void, type: string, quality: number) =>
        done(new Blob([withExif], { type: `${type};q=${quality}` })),
      ),
    };
    vi.stubGlobal('document', {
      createElement: (tag: string) => (tag === 'canvas' ? canvas : null),
    });
    const prepared = await preparePhoto(new Blob(['photo']));
    expect([canvas.width, canvas.height]).toEqual([1600, 800]);
    expect(canvas.toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.8);
    expect(hasJpegMetadata(new Uint8Array(await prepared.blob.arrayBuffer()))).toBe(false);
  });

  it('refuses a file that is not a readable image, in French', async () => {
    browser(new DOMException('The source image could not be decoded.', 'InvalidStateError'));
    const refused = preparePhoto(new Blob(['pas une image'], { type: 'image/jpeg' }));
    await expect(refused).rejects.toBeInstanceOf(PhotoRefused);
    await expect(refused).rejects.toThrow(
      'Cette image ne peut pas être lue\u00a0: choisissez une photo JPEG, PNG ou HEIC prise par votre téléphone.',
    );
    const empty = fakeBitmap(0, 0);
    browser(empty);
    await expect(preparePhoto(new Blob(['x']))).rejects.toBeInstanceOf(PhotoRefused);
    expect(empty.close).toHaveBeenCalled();
  });
});
