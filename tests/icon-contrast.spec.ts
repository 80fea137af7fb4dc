import type { Page } from '@playwright/test';
import { expect, publicRoutes, stylesSettled, test } from './fixtures';
import {
  ICON_CONTRAST_MIN,
  contrastRatio,
  cssOf,
  decodePng,
  markIconButtons,
  measureIconButton,
  over,
  waitForStillness,
} from './support/icon-contrast';

/**
 * Issue 27: every icon button (a link or button shown as an icon only, named by aria-label,
 * title or screen-reader text: menu, basket, close, help, social links…) stands out from what
 * is really under it by at least 3:1 (WCAG 1.4.11), on every prerendered page at 1280 px and
 * at 390 px. axe measures text only. How a ratio is measured: tests/support/icon-contrast.ts
 * (the icon's resolved colour over a screenshot of the pixels under it, icon hidden).
 * Each page is read at the top (the header over the home heroes is transparent), each button
 * brought into view in turn, then the header again once scrolled (solid), and with the mobile
 * menu and the basket open.
 */

/** Pages where the help button is not shown (src/features/support/help-widget.tsx). */
const withoutHelpButton = ['/contact', '/homestylz/contact', '/signup', '/questions-proprietaire'];

interface Reading {
  state: string;
  name: string;
  ratio: number;
  line: string;
}

/** Measures every marked icon button (or those of `only`), in the page's current state. */
async function readIconButtons(page: Page, state: string, only?: string): Promise<Reading[]> {
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

/** Every state the page's icon buttons are seen in; the readings of all of them. */
async function readPage(page: Page, route: string, phone: boolean): Promise<Reading[]> {
  await page.goto(route);
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

function expectContrast(readings: Reading[], expected: string[]) {
  const names = new Set(readings.map((r) => r.name));
  for (const name of expected) expect(names, `bouton mesuré\u00a0: ${name}`).toContain(name);
  const weak = readings.filter((r) => r.ratio < ICON_CONTRAST_MIN).map((r) => r.line);
  expect(weak, `contraste des icônes < ${ICON_CONTRAST_MIN}:1\n${weak.join('\n')}`).toEqual([]);
}

test.describe('Contrast of the icon buttons (WCAG 1.4.11)', () => {
  test('the ratio is WCAG’s, and the PNG reader reads Chromium’s screenshots', async ({ page }) => {
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrastRatio([119, 119, 119], [255, 255, 255])).toBeCloseTo(4.48, 2);
    expect(over([255, 255, 255, 0.5], [0, 0, 0])).toEqual([127.5, 127.5, 127.5]);
    await page.setContent(
      '<body style="margin:0"><div style="display:flex"><div style="width:3px;height:2px;background:#173f5f"></div><div style="width:2px;height:2px;background:rgb(250 128 4)"></div></div></body>',
    );
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 5, height: 2 }, scale: 'css' });
    const { width, height, rgb } = decodePng(png);
    expect([width, height]).toEqual([5, 2]);
    expect(rgb[0]).toEqual([0x17, 0x3f, 0x5f]);
    expect(rgb[9]).toEqual([250, 128, 4]);
  });

  test.describe('on a first visit, under the cookie banner', () => {
    test.use({ consentGiven: false });

    for (const [width, phone] of [
      ['1280 px', false],
      ['390 px @mobile', true],
    ] as const) {
      test(`/ at ${width}`, async ({ page }) => {
        await page.goto('/');
        await expect(page.getByTestId('cookie-banner')).toBeVisible();
        const readings = await readIconButtons(page, 'bandeau cookies');
        expectContrast(readings, phone ? ['Mon panier', 'Ouvrir le menu'] : ['Mon panier']);
      });
    }
  });

  for (const route of publicRoutes) {
    test(`${route} at 1280 px`, async ({ page }) => {
      const readings = await readPage(page, route, false);
      expectContrast(readings, ['Mon panier', 'Fermer le panier']);
    });

    test(`${route} at 390 px @mobile`, async ({ page }) => {
      const readings = await readPage(page, route, true);
      expectContrast(readings, [
        'Mon panier',
        'Ouvrir le menu',
        'Fermer le menu',
        'Fermer le panier',
      ]);
    });
  }
});
