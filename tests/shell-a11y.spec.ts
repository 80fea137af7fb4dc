import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeOf } from './support/accessible';
import { BuyerStep } from '../src/domain/buyer-signup.schema';
import { OwnerStep } from '../src/domain/owner-questionnaire.schema';
import { answerUpTo, reachStep } from './support/buyer-flow';
import {
  open as openQuestionnaire,
  radio,
  reachStep as reachOwnerStep,
} from './support/owner-flow';

/**
 * The shell around every page (issue 12): the help button, the mobile menu, the gutters of the
 * header and the footer, the sign-in card. Tests tagged @mobile run at 390 px, the others at
 * 1280 px (playwright.config.ts).
 */

const widths = [
  { tag: '', label: '1280 px' },
  { tag: ' @mobile', label: '390 px' },
];

/**
 * The scroll positions (every 40 px, top to bottom) at which the help button, when shown, covers
 * `target`: the button is fixed to the window, so it must stay off the target wherever the page
 * is scrolled.
 */
async function helpButtonCovers(target: Locator): Promise<number[]> {
  await expect(target).toBeVisible();
  return target.evaluate(async (element) => {
    const hits: number[] = [];
    const max = document.documentElement.scrollHeight - window.innerHeight;
    for (let y = 0; y <= max + 39; y += 40) {
      window.scrollTo({ top: Math.min(y, max), behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
      const widget = document.querySelector('[data-testid="help-widget"]');
      if (!widget || widget.getClientRects().length === 0) continue;
      const a = widget.getBoundingClientRect();
      const b = element.getBoundingClientRect();
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
        hits.push(Math.round(window.scrollY));
      }
    }
    return hits;
  });
}

async function regionViolations(page: Page): Promise<string[]> {
  const { violations } = await axeOf(page).withRules(['region']).analyze();
  return violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
}

test.describe('help button', () => {
  for (const { tag, label } of widths) {
    test(`sits in the « Aide » landmark: axe finds no content outside a region (${label})${tag}`, async ({
      page,
    }) => {
      await page.goto('/services');
      const help = page.getByRole('complementary', { name: 'Aide' });
      await expect(help.getByRole('link', { name: /Besoin d’aide/ })).toHaveAttribute(
        'href',
        '/contact',
      );
      await expect(help).toHaveAttribute('data-testid', 'help-widget');
      expect(await regionViolations(page)).toEqual([]);
    });
  }

  test('never covers the send button of either contact page @mobile', async ({ page }) => {
    for (const [route, send] of [
      ['/contact', 'Envoyer le message'],
      ['/homestylz/contact', 'Envoyer le message'],
    ] as const) {
      await page.goto(route);
      expect(await helpButtonCovers(page.getByRole('button', { name: send })), route).toEqual([]);
    }
  });

  test('is shown on a phone elsewhere, where the overlap check sees it @mobile', async ({
    page,
  }) => {
    await page.goto('/services');
    await expect(page.getByTestId('help-widget')).toBeVisible();
    expect(await helpButtonCovers(page.getByRole('link', { name: /Besoin d’aide/ }))).not.toEqual(
      [],
    );
  });

  // Each check starts a fresh form (a new context): a draft left on the device would resume.
  // A short step fits a tall phone: seen through a shorter window (a smaller phone, or the
  // on-screen keyboard up), Suivant scrolls past the bottom corner like on the long steps.
  test('never covers Suivant in the owner questionnaire @mobile', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 560 });
    await openQuestionnaire(page);
    await page.getByRole('button', { name: 'C’est parti !' }).click();
    await radio(page, 'Investissement locatif').check();
    expect(await helpButtonCovers(page.getByRole('button', { name: 'Suivant' }))).toEqual([]);
  });

  test('never covers Suivant in the buyer signup @mobile', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 560 });
    await page.goto('/signup');
    await answerUpTo(page, 2);
    expect(await helpButtonCovers(page.getByRole('button', { name: 'Suivant' }))).toEqual([]);
  });

  // The last steps are the tallest: their button passes under the bottom corner at any width.
  for (const { tag, label } of widths) {
    test(`never covers « Envoyer ma demande » in the owner questionnaire (${label})${tag}`, async ({
      page,
    }) => {
      await reachOwnerStep(page, OwnerStep.CONTACT);
      await expect(
        page.getByRole('heading', { name: 'Comment pouvons-nous vous joindre ?' }),
      ).toBeVisible();
      expect(
        await helpButtonCovers(page.getByRole('button', { name: 'Envoyer ma demande' })),
      ).toEqual([]);
    });

    test(`never covers Validé in the buyer signup (${label})${tag}`, async ({ page }) => {
      await reachStep(page, BuyerStep.USER);
      expect(await helpButtonCovers(page.getByRole('button', { name: 'Validé' }))).toEqual([]);
    });
  }
});

test.describe('mobile menu', () => {
  test('keeps the focus inside while open; Escape and the menu button close it and give the focus back @mobile', async ({
    page,
  }) => {
    await page.goto('/services');
    const panel = page.getByTestId('mobile-panel');
    const opener = page.getByRole('button', { name: 'Ouvrir le menu' });
    const close = page.getByRole('button', { name: 'Fermer le menu' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await expect(close).toBeFocused();

    // Open a group too: its entries join the cycle.
    await panel.getByRole('button', { name: 'Découvrir' }).click();
    await close.focus();

    /** Where the focus is: the close button, inside the panel, or elsewhere (a leak). */
    const where = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        if (active?.getAttribute('aria-label') === 'Fermer le menu') return 'close';
        if (document.querySelector('[data-testid="mobile-panel"]')?.contains(active))
          return 'panel';
        return `outside: ${active?.outerHTML.slice(0, 80) ?? 'nothing'}`;
      });

    const forward: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      forward.push(await where());
      if (forward.at(-1) === 'close') break;
    }
    expect(forward.filter((w) => w.startsWith('outside'))).toEqual([]);
    expect(forward.at(-1)).toBe('close');
    // Services, Tarifs, Découvrir and its five entries, homestylz, Se connecter, Décrire mon projet.
    expect(forward.length).toBe(12);

    const backward: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Shift+Tab');
      backward.push(await where());
      if (backward.at(-1) === 'close') break;
    }
    expect(backward).toEqual(forward);

    // Shift+Tab from the close button goes to the panel's last entry.
    await page.keyboard.press('Shift+Tab');
    await expect(panel.getByRole('link', { name: 'Décrire mon projet' })).toBeFocused();

    // Escape from inside the panel closes it and gives the focus back to the menu button.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();

    // The menu button closes it too, keeping the focus.
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('homestylz: « Demander un devis » leads to the homestylz contact page @mobile', async ({
    page,
  }) => {
    await page.goto('/homestylz/services');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Menu mobile' });
    await expect(nav.getByRole('link', { name: 'Décrire mon projet' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Demander un devis' }).click();
    await expect(page).toHaveURL(/\/homestylz\/contact$/);
    await expect(page.locator('header[data-brand]')).toHaveAttribute('data-brand', 'homestylz');
  });
});

test.describe('shell gutters and logos', () => {
  for (const { tag, label } of widths) {
    test(`the header and the footer share their gutters (${label})${tag}`, async ({ page }) => {
      for (const route of ['/services', '/homestylz/services']) {
        await page.goto(route);
        const edges = await page.evaluate(() => {
          const rect = (selector: string) =>
            document.querySelector(selector)!.getBoundingClientRect();
          const headerLogo = rect('header[data-brand] a[aria-label$="accueil"]');
          // The header's last control on its row: the menu button, or the call to action.
          const row = document.querySelector('header[data-brand] > div')!;
          const controls = [...row.querySelectorAll('a, button')]
            .filter((el) => el.checkVisibility({ visibilityProperty: true }))
            .map((el) => el.getBoundingClientRect());
          const footerLogo = rect('[data-testid="footer-logo"]');
          const footerTop = rect('footer[data-brand] > div > div');
          const copyright = [...document.querySelectorAll('footer[data-brand] p')]
            .find((p) => p.textContent?.includes('©'))!
            .getBoundingClientRect();
          return {
            headerLeft: Math.round(headerLogo.left),
            headerRight: Math.round(Math.max(...controls.map((r) => r.right))),
            footerLogoLeft: Math.round(footerLogo.left),
            footerLeft: Math.round(footerTop.left),
            copyrightLeft: Math.round(copyright.left),
            footerRight: Math.round(footerTop.right),
          };
        });
        expect(edges.footerLogoLeft, route).toBe(edges.headerLeft);
        expect(edges.footerLeft, route).toBe(edges.headerLeft);
        expect(edges.copyrightLeft, route).toBe(edges.headerLeft);
        expect(edges.footerRight, route).toBe(edges.headerRight);
      }
    });

    test(`the sign-in page shows one logo, the header's (${label})${tag}`, async ({ page }) => {
      await page.goto('/signin');
      await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
      await expect(
        page.getByRole('banner').getByRole('link', { name: 'Chassimmo, accueil' }),
      ).toBeVisible();
      const main = page.locator('main');
      await expect(main.getByRole('link', { name: /accueil/ })).toHaveCount(0);
      await expect(main.getByText('Chassimmo', { exact: true })).toHaveCount(0);
    });
  }
});
