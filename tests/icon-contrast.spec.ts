import { expect, test } from './fixtures';
import {
  contrastRatio,
  decodePng,
  expectContrast,
  over,
  readIconButtons,
} from './support/icon-contrast';

/**
 * Issue 27: every icon button (a link or button shown as an icon only, named by aria-label,
 * title or screen-reader text: menu, basket, close, help, social links…) stands out from what
 * is really under it by at least 3:1 (WCAG 1.4.11), on every prerendered page at 1280 px and
 * at 390 px. axe measures text only. How a ratio is measured: tests/support/icon-contrast.ts
 * (the icon's resolved colour over a screenshot of the pixels under it, icon hidden).
 * Each page is read at the top (the header over the home heroes is transparent), each button
 * brought into view in turn, then the header again once scrolled (solid), and with the mobile
 * menu and the basket open: in tests/public-pages.spec.ts, with the page's other checks. Here,
 * the measure itself and the first visit, under the cookie banner.
 */

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
});
