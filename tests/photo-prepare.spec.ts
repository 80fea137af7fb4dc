import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import jpeg from 'jpeg-js';
import { build } from 'vite';
import { hasJpegMetadata } from '../src/lib/photo/jpeg-metadata';
import type * as PreparePhoto from '../src/lib/photo/prepare-photo';

// Issue 28: a visit report's photo is prepared on the phone by the browser itself (decoder,
// canvas, JPEG encoder): src/lib/photo/prepare-photo.ts, bundled here and run in Chromium on the
// test photos of scripts/make-photo-fixtures.mjs. Turned as the phone shows it, its long side at
// 1600 px, with no EXIF and no location left. No server page: the module alone, in a blank page.

const DIR = 'tests/fixtures/photos';

type Rgb = [number, number, number];
interface Manifest {
  gps: { latitude: [number, number][]; longitude: [number, number][] };
  photos: Record<
    string,
    {
      orientation: number;
      shown: { width: number; height: number };
      shownCorners: Record<'topLeft' | 'topRight' | 'bottomRight' | 'bottomLeft', Rgb>;
    }
  >;
}
const manifest = JSON.parse(readFileSync(`${DIR}/photos.json`, 'utf8')) as Manifest;

/** The GPS position's rationals as EXIF stores them, in both byte orders. */
const gpsBytes = [true, false].flatMap((little) =>
  [manifest.gps.latitude, manifest.gps.longitude].map((values) => {
    const view = new DataView(new ArrayBuffer(values.length * 8));
    values.forEach(([n, d], k) => {
      view.setUint32(k * 8, n, little);
      view.setUint32(k * 8 + 4, d, little);
    });
    return Buffer.from(view.buffer);
  }),
);

// Desktop project only (not tagged @mobile, playwright.config.ts): the module does the same on a
// phone's viewport.

let bundle: string;
test.beforeAll(async () => {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    publicDir: false,
    build: {
      write: false,
      minify: false,
      lib: {
        entry: 'src/lib/photo/prepare-photo.ts',
        formats: ['iife'],
        name: 'photoPrepare',
        fileName: 'prepare-photo',
      },
    },
  });
  const output = (Array.isArray(result) ? result[0] : result) as {
    output: { type: string; code?: string }[];
  };
  bundle = output.output.find((chunk) => chunk.type === 'chunk')?.code ?? '';
  expect(bundle).toContain('preparePhoto');
});

type Api = typeof PreparePhoto;
interface Outcome {
  type: string;
  width: number;
  height: number;
  base64: string;
}

async function openModule(page: Page) {
  await page.setContent('<!doctype html><html lang="fr"><title>Photos</title></html>');
  await page.addScriptTag({ content: bundle });
}

/** Prepares the bytes in the page; the result's bytes come back in base64. */
function prepareInPage(page: Page, base64: string, type = 'image/jpeg'): Promise<Outcome> {
  return page.evaluate(
    async ({ base64, type }) => {
      const api = (window as unknown as { photoPrepare: Api }).photoPrepare;
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const prepared = await api.preparePhoto(new Blob([bytes], { type }));
      const out = new Uint8Array(await prepared.blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < out.length; i += 0x8000)
        text += String.fromCharCode(...out.subarray(i, i + 0x8000));
      return {
        type: prepared.blob.type,
        width: prepared.width,
        height: prepared.height,
        base64: btoa(text),
      };
    },
    { base64, type },
  );
}

/** The colour at (x, y) of a decoded image. */
function pixel(image: { width: number; data: Uint8Array }, x: number, y: number): Rgb {
  const i = (y * image.width + x) * 4;
  return [image.data[i] ?? -1, image.data[i + 1] ?? -1, image.data[i + 2] ?? -1];
}

/** Checks a prepared photo's bytes: a JPEG of that size, with no metadata, EXIF or GPS left. */
function checkPrepared(outcome: Outcome) {
  const bytes = Buffer.from(outcome.base64, 'base64');
  expect(outcome.type).toBe('image/jpeg');
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  expect(hasJpegMetadata(bytes)).toBe(false);
  expect(bytes.includes('Exif')).toBe(false);
  for (const needle of gpsBytes) expect(bytes.includes(needle)).toBe(false);
  const image = jpeg.decode(bytes, { useTArray: true });
  expect([image.width, image.height]).toEqual([outcome.width, outcome.height]);
  return image;
}

test('the test photos come out turned as shown, 1600 px on the long side, without EXIF or location', async ({
  page,
}) => {
  await openModule(page);
  for (const [file, photo] of Object.entries(manifest.photos)) {
    const original = readFileSync(`${DIR}/${file}`);
    // The photo going in does carry them.
    expect(hasJpegMetadata(original), file).toBe(true);
    expect(
      gpsBytes.some((needle) => original.includes(needle)),
      file,
    ).toBe(true);

    const outcome = await prepareInPage(page, original.toString('base64'));
    const image = checkPrepared(outcome);
    expect(Math.max(image.width, image.height), file).toBe(1600);
    const portrait = photo.shown.height > photo.shown.width;
    expect(image.height > image.width, file).toBe(portrait);
    expect([image.width, image.height], file).toEqual(portrait ? [1067, 1600] : [1600, 1067]);
    if (file === 'visite-2.jpg') expect(portrait).toBe(true);

    // Each corner's block, looked at 30 px inside it: its colour as the phone shows the photo.
    const inset = 30;
    const corners = {
      topLeft: pixel(image, inset, inset),
      topRight: pixel(image, image.width - 1 - inset, inset),
      bottomRight: pixel(image, image.width - 1 - inset, image.height - 1 - inset),
      bottomLeft: pixel(image, inset, image.height - 1 - inset),
    };
    for (const [corner, expected] of Object.entries(photo.shownCorners)) {
      const seen = corners[corner as keyof typeof corners];
      const far = seen.some((v, k) => Math.abs(v - (expected[k] ?? 0)) > 40);
      expect(far, `${file} ${corner}: ${seen.join(',')} au lieu de ${expected.join(',')}`).toBe(
        false,
      );
    }
  }
});

test('without OffscreenCanvas a canvas element draws it; a transparent PNG comes out on white', async ({
  page,
}) => {
  await openModule(page);
  const png = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 2000;
    canvas.height = 500;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = 'rgb(30, 60, 210)';
    context.fillRect(0, 0, 1000, 500);
    const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/png'));
    if (!blob) throw new Error('no PNG');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    delete (globalThis as { OffscreenCanvas?: unknown }).OffscreenCanvas;
    return btoa(String.fromCharCode(...bytes));
  });
  expect(await page.evaluate(() => typeof OffscreenCanvas)).toBe('undefined');
  const image = checkPrepared(await prepareInPage(page, png, 'image/png'));
  expect([image.width, image.height]).toEqual([1600, 400]);
  const [r, g, b] = pixel(image, 100, 200);
  expect(r < 60 && g < 90 && b > 180, `left ${r},${g},${b}`).toBe(true);
  expect(pixel(image, 1500, 200).every((v) => v > 240)).toBe(true);

  const original = readFileSync(`${DIR}/visite-2.jpg`);
  const turned = checkPrepared(await prepareInPage(page, original.toString('base64')));
  expect([turned.width, turned.height]).toEqual([1067, 1600]);
});

test('a file that is not an image is refused with a French message', async ({ page }) => {
  await openModule(page);
  const refusal = await page.evaluate(async () => {
    const api = (window as unknown as { photoPrepare: Api }).photoPrepare;
    const files = [
      new Blob(['pas une image'], { type: 'image/jpeg' }),
      new Blob([new Uint8Array(0)], { type: 'image/png' }),
      new Blob(['%PDF-1.7\n'], { type: 'application/pdf' }),
    ];
    return Promise.all(
      files.map((file) =>
        api.preparePhoto(file).then(
          () => 'accepted',
          (error: unknown) =>
            error instanceof api.PhotoRefused ? `${error.name}: ${error.message}` : String(error),
        ),
      ),
    );
  });
  expect(refusal).toEqual(
    Array(3).fill(
      'PhotoRefused: Cette image ne peut pas être lue\u00a0: choisissez une photo JPEG, PNG ou HEIC prise par votre téléphone.',
    ),
  );
});
