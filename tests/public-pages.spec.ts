import { publicRoutes, test } from './fixtures';
import { expectAccessible } from './support/accessible';
import { expectContrast, readIconButtonsOfPage } from './support/icon-contrast';
import { expectNumbersOnOneLine, phoneWidths } from './support/phone-numbers';

/**
 * Every prerendered page, at 1280 px and at 390 px (@mobile), opened once for all that is
 * checked of it as a page (docs/testing.md): axe (issue 12) and its French typography
 * (tests/support/accessible.ts), the contrast of its icon buttons at the top, scrolled, with the
 * mobile menu and the basket open (WCAG 1.4.11, tests/support/icon-contrast.ts), then every phone
 * number on one line from the narrowest phone to the widest screen of the project
 * (tests/support/phone-numbers.ts). One page load instead of one for each check: on a slow
 * machine the load and the app's start cost more than a check.
 */
for (const [label, phone] of [
  ['1280 px', false],
  ['390 px @mobile', true],
] as const) {
  test.describe(`every public page at ${label}`, () => {
    for (const route of publicRoutes) {
      test(`${route}: axe, typography, icon contrast, phone numbers${phone ? ' @mobile' : ''}`, async ({
        page,
      }, testInfo) => {
        await page.goto(route);
        await test.step('axe and typography', () => expectAccessible(page, testInfo, route));
        await test.step('icon contrast', async () => {
          const readings = await readIconButtonsOfPage(page, route, phone);
          expectContrast(
            readings,
            phone
              ? ['Mon panier', 'Ouvrir le menu', 'Fermer le menu', 'Fermer le panier']
              : ['Mon panier', 'Fermer le panier'],
          );
        });
        await test.step('phone numbers', () =>
          expectNumbersOnOneLine(page, route, phone ? phoneWidths.mobile : phoneWidths.desktop));
      });
    }
  });
}
