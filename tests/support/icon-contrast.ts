import { inflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { stylesSettled } from '../fixtures';

/**
 * Non-text contrast of icon buttons (WCAG 1.4.11), measured on the page as drawn: axe checks
 * the contrast of text only. Used by tests/icon-contrast.spec.ts and tests/public-pages.spec.ts.
 *
 * The method: the icon's colour is the one the browser resolved for its shapes (computed
 * `stroke`, or `fill` for a filled shape, with its alpha and every opacity between the shape and
 * the button); its background is measured in pixels: a screenshot of the icon's box taken with
 * the button's content hidden (`visibility: hidden`), so it holds whatever the page really paints
 * under the icon: the button's own background, a fixed header's translucent bar over the page, a
 * hero's gradient or picture. Walking up the ancestors for a background colour would be wrong
 * exactly where it matters: the header over the hero is transparent and fixed, its ancestors
 * are the white body, not the navy hero under it. The icon's colour is laid over each pixel of
 * that background (alpha compositing) and the lowest ratio over the box is kept: on a gradient or
 * a picture the icon must stand out where it is weakest.
 */

/** The least ratio WCAG 1.4.11 asks of a user interface component's graphics. */
export const ICON_CONTRAST_MIN = 3;

export type Rgba = [number, number, number, number];

/** Relative luminance of an sRGB colour (0-255 channels), as WCAG defines it. */
export function luminance([r, g, b]: readonly number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

/** WCAG contrast ratio of two opaque colours. */
export function contrastRatio(a: readonly number[], b: readonly number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A colour with alpha laid over an opaque one. */
export function over([r, g, b, a]: Rgba, bg: readonly number[]): [number, number, number] {
  return [r * a + bg[0]! * (1 - a), g * a + bg[1]! * (1 - a), b * a + bg[2]! * (1 - a)];
}

/** The pixels of a PNG (8-bit RGB or RGBA, not interlaced: what Chromium's screenshots are). */
export function decodePng(png: Buffer): { width: number; height: number; rgb: number[][] } {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('pas un PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colorType, , , interlace] = body.subarray(8, 13);
      channels = colorType === 6 ? 4 : colorType === 2 ? 3 : 0;
      if (depth !== 8 || !channels || interlace !== 0)
        throw new Error(`PNG non pris en charge (profondeur ${depth}, type ${colorType})`);
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const rows: Uint8Array[] = [];
  let previous = new Uint8Array(stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const line = Uint8Array.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i += 1) {
      const left = i >= channels ? line[i - channels]! : 0;
      const up = previous[i]!;
      const upLeft = i >= channels ? previous[i - channels]! : 0;
      let add = 0;
      if (filter === 1) add = left;
      else if (filter === 2) add = up;
      else if (filter === 3) add = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        add = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      line[i] = (line[i]! + add) & 0xff;
    }
    rows.push(line);
    previous = line;
  }
  const rgb: number[][] = [];
  for (const line of rows) {
    for (let x = 0; x < width; x += 1) {
      const i = x * channels;
      rgb.push([line[i]!, line[i + 1]!, line[i + 2]!]);
    }
  }
  return { width, height, rgb };
}

/** What the page tells of one icon button (found and marked by `markIconButtons`). */
export interface IconButtonFacts {
  index: number;
  name: string;
  /** Distinct colours of the icon's shapes, opacity included, as `rgba(…)` of 0-255 and alpha. */
  colors: Rgba[];
  /** The icon's box in the viewport, CSS pixels. */
  box: { x: number; y: number; width: number; height: number };
  /** Whether the button's centre is its own at that place (not covered by something else). */
  onTop: boolean;
}

const MARK = 'data-icon-contrast';
const HIDE = 'data-icon-contrast-hidden';

/**
 * Marks (MARK = index) every shown link or button whose visible content is only an icon: it
 * holds an <svg> and no text a sighted person reads (screen-reader-only text and aria-hidden
 * badges aside); it is named by aria-label, title or that hidden text. Returns how many. Runs
 * again after a page change: already marked ones keep their index, new ones follow.
 */
export async function markIconButtons(page: Page): Promise<number> {
  return page.evaluate(
    ({ MARK }) => {
      const readsAsText = (el: Element) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          if (node.parentElement?.closest('[aria-hidden="true"]')) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          // Screen-reader-only text is clipped to a 1 px box.
          if ([...range.getClientRects()].some((r) => r.width > 2 && r.height > 2)) return true;
        }
        return false;
      };
      // The next index is kept on the document: a marked button may have left the page since.
      let count = Number(document.documentElement.getAttribute(MARK) ?? 0);
      for (const el of document.querySelectorAll('a[href], button, [role="button"], summary')) {
        if (el.hasAttribute(MARK)) continue;
        const svg = [...el.querySelectorAll('svg')].find((s) => s.getClientRects().length > 0);
        if (!svg || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
          continue;
        if (el.matches(':disabled, [aria-disabled="true"]') || readsAsText(el)) continue;
        el.setAttribute(MARK, String(count));
        count += 1;
      }
      document.documentElement.setAttribute(MARK, String(count));
      return count;
    },
    { MARK },
  );
}

/** The facts of the marked button `index`, brought into view when it is not. */
export async function iconButtonFacts(page: Page, index: number): Promise<IconButtonFacts | null> {
  return page.evaluate(
    ({ MARK, index }) => {
      const el = document.querySelector(`[${MARK}="${index}"]`);
      if (!el || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        return null;
      const svg = [...el.querySelectorAll('svg')].find((s) => s.getClientRects().length > 0);
      if (!svg) return null;
      let rect = svg.getBoundingClientRect();
      if (rect.top < 0 || rect.bottom > innerHeight || rect.left < 0 || rect.right > innerWidth) {
        el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
        rect = svg.getBoundingClientRect();
      }
      const opacityBetween = (from: Element) => {
        let opacity = 1;
        for (let node: Element | null = from; node; node = node.parentElement) {
          opacity *= Number(getComputedStyle(node).opacity);
          if (node === el) break;
        }
        return opacity;
      };
      const colors = new Map<string, [number, number, number, number]>();
      const parse = (css: string): [number, number, number, number] | null => {
        // The computed colour as the browser resolved it: canvas turns any CSS colour into sRGB.
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 1;
        const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
        ctx.fillStyle = '#000';
        ctx.fillStyle = css;
        ctx.clearRect(0, 0, 1, 1);
        ctx.fillRect(0, 0, 1, 1);
        const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data as unknown as number[];
        return a === 0 ? null : [r!, g!, b!, a! / 255];
      };
      for (const shape of svg.querySelectorAll(
        'path, circle, rect, ellipse, line, polyline, polygon',
      )) {
        if (shape.getClientRects().length === 0) continue;
        const style = getComputedStyle(shape);
        const paints: [string, string][] = [];
        if (style.stroke !== 'none' && parseFloat(style.strokeWidth) > 0)
          paints.push([style.stroke, style.strokeOpacity]);
        if (style.fill !== 'none') paints.push([style.fill, style.fillOpacity]);
        for (const [paint, paintOpacity] of paints) {
          const rgba = parse(paint);
          if (!rgba) continue;
          rgba[3] *= Number(paintOpacity) * opacityBetween(shape);
          // A faint decorative disc (a logo's 12 % tint) is not what tells the icon apart.
          if (rgba[3] < 0.3) continue;
          colors.set(rgba.map((c) => c.toFixed(2)).join(), rgba);
        }
      }
      const x = Math.max(0, rect.left);
      const y = Math.max(0, rect.top);
      const box = {
        x,
        y,
        width: Math.min(innerWidth, rect.right) - x,
        height: Math.min(innerHeight, rect.bottom) - y,
      };
      const centre = document.elementFromPoint(
        (rect.left + rect.right) / 2,
        (rect.top + rect.bottom) / 2,
      );
      const name =
        el.getAttribute('aria-label') ??
        el.getAttribute('title') ??
        (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      return {
        index,
        name,
        colors: [...colors.values()],
        box,
        onTop: !!centre && (el === centre || el.contains(centre)),
      };
    },
    { MARK, index },
  );
}

/**
 * The lowest contrast of the icon of button `index` over the pixels under it, measured as the
 * module's comment says; null when the button is not shown or is covered by something else.
 */
export async function measureIconButton(
  page: Page,
  index: number,
): Promise<(IconButtonFacts & { ratio: number; background: number[] }) | null> {
  // Transitions run to their end first (a panel sliding in, the header turning solid as the
  // button is scrolled to): the colour read and the pixels must be of the same, resting state.
  await waitForStillness(page);
  if (!(await iconButtonFacts(page, index))) return null;
  await waitForStillness(page);
  const settled = await iconButtonFacts(page, index);
  if (!settled?.onTop || settled.box.width < 1 || settled.box.height < 1) return null;
  await page.evaluate(
    ({ MARK, HIDE, index }) => {
      const el = document.querySelector(`[${MARK}="${index}"]`)!;
      el.setAttribute(HIDE, '');
      const style = document.createElement('style');
      style.id = HIDE;
      style.textContent = `[${HIDE}] * { visibility: hidden !important; }`;
      document.head.append(style);
    },
    { MARK, HIDE, index },
  );
  let png: Buffer;
  try {
    png = await page.screenshot({
      clip: settled.box,
      scale: 'css',
      animations: 'disabled',
      caret: 'hide',
    });
  } finally {
    await page.evaluate(
      ({ HIDE }) => {
        document.getElementById(HIDE)?.remove();
        document.querySelector(`[${HIDE}]`)?.removeAttribute(HIDE);
      },
      { HIDE },
    );
  }
  const { rgb } = decodePng(png);
  let ratio = Infinity;
  let background: number[] = [];
  for (const color of settled.colors) {
    for (const pixel of rgb) {
      const r = contrastRatio(over(color, pixel), pixel);
      if (r < ratio) {
        ratio = r;
        background = pixel;
      }
    }
  }
  return { ...settled, ratio, background };
}

/** Waits until no transition or animation runs on the document's timeline. */
export async function waitForStillness(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || !(a.timeline instanceof DocumentTimeline)),
  );
}

/** `rgb(…)` of a colour, for messages. */
export function cssOf(color: readonly number[]): string {
  const [r, g, b, a] = color.map((c, i) => (i < 3 ? Math.round(c) : Number(c.toFixed(2))));
  return a === undefined || a === 1 ? `rgb(${r} ${g} ${b})` : `rgb(${r} ${g} ${b} / ${a})`;
}

/** Pages where the help button is not shown (src/features/support/help-widget.tsx). */
const withoutHelpButton = ['/contact', '/homestylz/contact', '/signup', '/questions-proprietaire'];

export interface Reading {
  state: string;
  name: string;
  ratio: number;
  line: string;
}

/** Measures every marked icon button (or those of `only`), in the page's current state. */
export async function readIconButtons(
  page: Page,
  state: string,
  only?: string,
): Promise<Reading[]> {
  // A panel fading in is not yet shown: buttons are looked for once everything has settled.
  await waitForStillness(page);
  const count = await markIconButtons(page);
  const indexes = only
    ? await page.evaluate(
        (selector) =>
          [...document.querySelectorAll(`${selector} [data-icon-contrast]`)].map((el) =>
            Number(el.getAttribute('data-icon-contrast')),
          ),
        only,
      )
    : Array.from({ length: count }, (_, i) => i);
  const readings: Reading[] = [];
  for (const index of indexes) {
    const m = await measureIconButton(page, index);
    if (!m) continue;
    readings.push({
      state,
      name: m.name,
      ratio: m.ratio,
      line: `${state}, « ${m.name} »\u00a0: ${m.ratio.toFixed(2)}:1 (icône ${m.colors.map(cssOf).join(', ')} sur ${cssOf(m.background)})`,
    });
  }
  if (process.env.ICON_CONTRAST_LOG) console.log(readings.map((r) => r.line).join('\n'));
  return readings;
}

async function pageReady(page: Page, route: string) {
  // The full stylesheet (the first paint inlines only part of it), then the lazy help button.
  await stylesSettled(page);
  if (!withoutHelpButton.includes(route))
    await expect(page.getByTestId('help-widget')).toBeVisible();
}

/**
 * Every state the icon buttons of the page open at `route` are seen in (at the top, scrolled,
 * with the mobile menu open on a phone, with the basket open); the readings of all of them. The
 * page is left at its top, every panel closed.
 */
export async function readIconButtonsOfPage(
  page: Page,
  route: string,
  phone: boolean,
): Promise<Reading[]> {
  await pageReady(page, route);
  const readings = await readIconButtons(page, 'en haut de page');
  await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
  await expect(page.locator('header[data-brand]')).toHaveAttribute('data-transparent', 'false');
  readings.push(...(await readIconButtons(page, 'page défilée', 'header[data-brand]')));
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  if (phone) {
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(page.getByTestId('mobile-panel')).toBeVisible();
    // The pointer leaves the button it pressed: its hover background is not its resting one.
    await page.mouse.move(1, 1);
    readings.push(...(await readIconButtons(page, 'menu ouvert', 'header[data-brand]')));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('mobile-panel')).toBeHidden();
  }
  await page.getByRole('button', { name: /^Mon panier/ }).click();
  const basket = page.getByRole('dialog', { name: 'Mon panier' });
  await expect(basket).toBeVisible();
  readings.push(...(await readIconButtons(page, 'panier ouvert', 'dialog[open]')));
  await page.keyboard.press('Escape');
  await expect(basket).toBeHidden();
  return readings;
}

export function expectContrast(readings: Reading[], expected: string[]) {
  const names = new Set(readings.map((r) => r.name));
  for (const name of expected) expect(names, `bouton mesuré\u00a0: ${name}`).toContain(name);
  const weak = readings.filter((r) => r.ratio < ICON_CONTRAST_MIN).map((r) => r.line);
  expect(weak, `contraste des icônes < ${ICON_CONTRAST_MIN}:1\n${weak.join('\n')}`).toEqual([]);
}
