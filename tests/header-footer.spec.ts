import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

test.describe('header', () => {
  test('is transparent over the two home heroes only, and solid once scrolled', async ({
    page,
  }) => {
    const header = page.locator('header[data-brand]');
    for (const [route, transparent] of [
      ['/', 'true'],
      ['/homestylz', 'true'],
      ['/services', 'false'],
      ['/homestylz/services', 'false'],
    ] as const) {
      await page.goto(route);
      await expect(header, route).toHaveAttribute('data-transparent', transparent);
    }
    await page.goto('/');
    await page.mouse.wheel(0, 600);
    await expect(header).toHaveAttribute('data-transparent', 'false');
  });

  test('main brand menu: entries, targets, Ressources disabled, anonymous actions', async ({
    page,
  }) => {
    await page.goto('/services');
    const header = page.locator('header[data-brand]');
    await expect(header).toHaveAttribute('data-brand', 'main');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/services');
    await expect(nav.getByRole('link', { name: 'Tarifs' })).toHaveAttribute(
      'href',
      '/tarifs#tarifs',
    );
    await expect(nav.getByRole('link', { name: 'homestylz' })).toHaveAttribute(
      'href',
      '/homestylz',
    );
    await expect(nav.getByText('Ressources')).toHaveAttribute('aria-disabled', 'true');
    await expect(header.getByRole('link', { name: 'Se connecter' }).first()).toHaveAttribute(
      'href',
      '/signin',
    );
    await expect(header.getByRole('link', { name: 'Décrire mon projet' }).first()).toHaveAttribute(
      'href',
      '/signup',
    );
  });

  test('Découvrir opens with its five entries, closes on Escape, outside click and navigation', async ({
    page,
  }) => {
    await page.goto('/services');
    const nav = mainNav(page);
    const discover = nav.getByRole('button', { name: 'Découvrir' });
    await expect(discover).toHaveAttribute('aria-expanded', 'false');
    await discover.click();
    await expect(discover).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await discover.getAttribute('aria-controls')}`);
    const links = panel.getByRole('link');
    await expect(links).toHaveText([
      'Notre projet',
      'Devenir chasseur',
      'Devenir partenaire',
      'Propriétaire vendeur',
      'Contact',
    ]);
    const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs).toEqual([
      '/information-entreprise',
      '/nous-rejoindre',
      '/partenariat',
      '/questions-proprietaire',
      '/contact',
    ]);

    await page.keyboard.press('Escape');
    await expect(discover).toHaveAttribute('aria-expanded', 'false');
    await expect(discover).toBeFocused();
    await expect(panel.getByRole('link', { name: 'Contact' })).toBeHidden();

    await discover.click();
    await page.locator('main').click({ position: { x: 5, y: 300 } });
    await expect(discover).toHaveAttribute('aria-expanded', 'false');

    await discover.click();
    await panel.getByRole('link', { name: 'Devenir partenaire' }).click();
    await expect(page).toHaveURL(/\/partenariat$/);
    await expect(discover).toHaveAttribute('aria-expanded', 'false');
  });

  test('is usable with the keyboard alone', async ({ page }) => {
    await page.goto('/services');
    const discover = mainNav(page).getByRole('button', { name: 'Découvrir' });
    await discover.focus();
    await page.keyboard.press('Enter');
    await expect(discover).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(mainNav(page).getByRole('link', { name: 'Notre projet' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/information-entreprise$/);
  });

  test('Tarifs leads to the fee scale fragment, scrolled into view', async ({ page }) => {
    await page.goto('/services');
    await mainNav(page).getByRole('link', { name: 'Tarifs' }).click();
    await expect(page).toHaveURL(/\/tarifs#tarifs$/);
    await expect(page.locator('#tarifs')).toBeInViewport();
    await expect(page.locator('#tarifs')).toContainText('TTC');
  });

  test('homestylz variant: its own menu and call to action, disabled entries, link back to the main brand', async ({
    page,
  }) => {
    await page.goto('/homestylz/services');
    await expect(page.locator('header[data-brand]')).toHaveAttribute('data-brand', 'homestylz');
    await expect(page.locator('[data-theme]').first()).toHaveAttribute('data-theme', 'homestylz');
    const nav = mainNav(page);
    await expect(nav.getByText('Inspirations')).toHaveAttribute('aria-disabled', 'true');
    await expect(nav.getByText('Réalisations')).toHaveAttribute('aria-disabled', 'true');
    await expect(nav.getByRole('link', { name: 'Tarifs' })).toHaveAttribute(
      'href',
      '/homestylz/services#tarifs',
    );
    // Its call to action asks for a quote on its own contact page, not the buyer signup.
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Décrire mon projet' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Demander un devis' })).toHaveAttribute(
      'href',
      '/homestylz/contact',
    );
    await nav.getByRole('link', { name: 'Chassimmo', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('header[data-brand]')).toHaveAttribute('data-brand', 'main');
  });

  test('mobile panel opens, holds the menu, one group open at a time, closes on navigation @mobile', async ({
    page,
  }) => {
    await page.goto('/services');
    const burger = page.getByRole('button', { name: 'Ouvrir le menu' });
    const panel = page.getByTestId('mobile-panel');
    await expect(panel).toBeHidden();
    await burger.click();
    await expect(page.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(panel).toBeVisible();
    const mobileNav = page.getByRole('navigation', { name: 'Menu mobile' });
    await expect(mobileNav.getByRole('link', { name: 'Se connecter' })).toBeVisible();
    const discover = mobileNav.getByRole('button', { name: 'Découvrir' });
    await discover.click();
    await expect(discover).toHaveAttribute('aria-expanded', 'true');
    await mobileNav.getByRole('link', { name: 'Notre projet' }).click();
    await expect(page).toHaveURL(/\/information-entreprise$/);
    await expect(panel).toBeHidden();

    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeFocused();
  });
});

test.describe('footer', () => {
  test('main variant: logo to /, four sections, tarifs link, call button, socials, 2023', async ({
    page,
  }) => {
    await page.goto('/services');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByTestId('footer-logo')).toHaveAttribute('href', '/');
    for (const heading of ['INFORMATIONS', 'LIENS UTILES', 'A PROPOS', 'AIDE']) {
      await expect(footer.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: /Tarifs et barème/ })).toHaveAttribute(
      'href',
      '/tarifs#tarifs',
    );
    await expect(footer.getByRole('link', { name: /Appelez-nous/ })).toHaveAttribute(
      'href',
      /^tel:\+33\d{9}$/,
    );
    await expect(
      footer.getByRole('link', { name: 'Décrire mon projet', exact: true }),
    ).toHaveAttribute('href', '/signup');
    for (const name of ['Facebook', 'Instagram', 'LinkedIn', 'TikTok']) {
      await expect(footer.getByRole('link', { name: new RegExp(name) })).toHaveAttribute(
        'href',
        /^https:\/\//,
      );
    }
    await expect(footer.getByRole('link', { name: /Instagram/ })).toHaveAttribute(
      'href',
      /chassimmo/,
    );
    for (const name of [
      'FAQ',
      'Conditions générales',
      'Mentions légales',
      'Politique de confidentialité',
    ]) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(footer).toContainText('© 2023');
  });

  test('homestylz variant: logo to /homestylz, its own tarifs link and Instagram', async ({
    page,
  }) => {
    await page.goto('/homestylz/pro');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByTestId('footer-logo')).toHaveAttribute('href', '/homestylz');
    await expect(footer.getByRole('link', { name: 'Tarifs homestylz' })).toHaveAttribute(
      'href',
      '/homestylz/services#tarifs',
    );
    await expect(footer.getByRole('link', { name: /Tarifs et barème/ })).toHaveCount(0);
    await expect(footer.getByRole('link', { name: /Instagram/ })).toHaveAttribute(
      'href',
      /homestylz/,
    );
    await footer.getByTestId('footer-logo').click();
    await expect(page).toHaveURL(/\/homestylz$/);
  });
});

test.describe('help widget', () => {
  test('leads to the contact page, hides there, comes back after each navigation', async ({
    page,
  }) => {
    await page.goto('/services');
    const widget = page.getByTestId('help-widget');
    await expect(widget).toBeVisible();
    await widget.getByRole('button', { name: 'Masquer l’aide' }).click();
    await expect(widget).toBeHidden();
    await mainNav(page).getByRole('link', { name: 'Tarifs' }).click();
    await expect(widget).toBeVisible();
    await widget.getByRole('link', { name: /Besoin d’aide/ }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(widget).toBeHidden();
  });
});
