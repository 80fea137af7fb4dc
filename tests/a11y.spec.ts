import { AxeBuilder } from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { appStarted, expect, publicRoutes, test } from './fixtures';
import { uniqueEmail } from './support/owner-flow';
import { expectFrenchTypography } from './support/typography';

/**
 * Every screen a person meets, checked by axe-core (WCAG 2.2 A and AA rules) at the width of
 * its project: 1280 px (desktop) and 390 px (the @mobile tests). A serious or critical violation
 * fails the test with the rule, the elements and the page; lesser ones are reported, not failed.
 * Issue 12: the public pages, each step of both long forms, the sign-in, activation and reset
 * pages, /dashboard and /wh-dashboard. Each screen's French typography is checked there too
 * (tests/support/typography.ts): the prerendered pages have tests/typography.spec.ts.
 */

async function expectAccessible(page: Page, testInfo: TestInfo, screen: string, typography = true) {
  // Wait for what the first paint leaves to the app: hydration and the full stylesheet.
  await appStarted(page);
  await page.waitForFunction(() =>
    [...document.styleSheets].some((s) => s.href?.includes('/assets/')),
  );
  // Colours are measured at rest, not half-way through a page transition. A scroll-driven
  // animation (daisyUI's scroll lock under an open modal) runs as long as the page: not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || !(a.timeline instanceof DocumentTimeline)),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = violations.filter((v) => !blocking.includes(v));
  if (minor.length > 0) {
    testInfo.annotations.push({
      type: 'axe (mineur)',
      description: `${screen}: ${minor.map((v) => v.id).join(', ')}`,
    });
  }
  const report = blocking
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}) on ${screen}:\n` +
        v.nodes
          .slice(0, 6)
          .map(
            (n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
          )
          .join('\n'),
    )
    .join('\n');
  expect(report, report).toBe('');
  // The prerendered pages have tests/typography.spec.ts; every other screen is read here.
  if (typography) await expectFrenchTypography(page, screen);
}

const widths = [
  { tag: '', label: '1280 px' },
  { tag: ' @mobile', label: '390 px' },
];

for (const { tag, label } of widths) {
  test.describe(`accessibility at ${label}${tag}`, () => {
    test(`every public page${tag}`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      for (const route of publicRoutes) {
        await page.goto(route);
        await expectAccessible(page, testInfo, route, false);
      }
    });

    test.describe('with no cookie choice yet', () => {
      test.use({ consentGiven: false });
      test(`the cookie banner, open${tag}`, async ({ page }, testInfo) => {
        await page.goto('/');
        await expect(page.getByRole('button', { name: 'Refuser' })).toBeVisible();
        await expectAccessible(page, testInfo, '/ (bandeau cookies)', false);
      });
    });

    test(`each step of the owner questionnaire${tag}`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      await page.goto('/questions-proprietaire');
      await expect(page.getByRole('button', { name: 'C’est parti !' })).toBeEnabled();
      await walkSteps(page, testInfo, 'questionnaire', async () => {
        await page.getByLabel('Nom', { exact: true }).fill('Lefèvre');
        await page.getByLabel('Prénom').fill('Hugo');
        await page.getByLabel('Adresse e-mail').fill(uniqueEmail('a11y'));
        await page.getByLabel('Téléphone').fill('06 12 34 56 78');
        await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
      });
    });

    test(`each step of the buyer signup${tag}`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      await page.goto('/signup');
      await expect(page.getByRole('button', { name: 'C’est parti !' })).toBeEnabled();
      await walkSteps(page, testInfo, 'inscription', async () => {
        const fields = ['Nom', 'Prenom', 'Adresse mail', 'Téléphone'];
        const values = ['Martin', 'Jeanne', uniqueEmail('a11y-acheteur'), '06 12 34 56 78'];
        for (const [i, name] of fields.entries())
          await page.getByLabel(name, { exact: true }).fill(values[i]!);
        await page.getByLabel('Mot de passe', { exact: true }).fill('Maison2026');
        await page.getByLabel(/Confirmation/).fill('Maison2026');
        await page.getByRole('button', { name: 'Validé' }).click();
      });
    });

    test(`sign-in, activation and reset pages${tag}`, async ({ page }, testInfo) => {
      for (const route of [
        '/signin',
        '/admin',
        '/mot-de-passe-oublie',
        '/activation/code-inconnu-0123456789',
        '/reinitialiser-mot-de-passe/jeton-inconnu-0123456789',
      ]) {
        await page.goto(route);
        await expectAccessible(page, testInfo, route);
      }
      // The sign-in page with its error shown.
      await page.goto('/signin');
      await page.getByLabel('Adresse e-mail').fill('personne@exemple.fr');
      await page.getByLabel('Mot de passe', { exact: true }).fill('Mauvais1');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await expect(page.getByText('Adresse e-mail ou mot de passe incorrect.')).toBeVisible();
      await expectAccessible(page, testInfo, '/signin (erreur)');
    });

    test(`the basket panel and the payment return dialog${tag}`, async ({ page }, testInfo) => {
      await page.goto('/homestylz/pack/1');
      await page.getByRole('button', { name: 'Ajouter au panier' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Mon panier' })).toBeVisible();
      await expectAccessible(page, testInfo, 'Mon panier');
      await page.goto('/homestylz/pack/1?cancel=true');
      await expect(page.getByRole('dialog', { name: 'Payement Annulé' })).toBeVisible();
      await expectAccessible(page, testInfo, 'Payement Annulé');
    });

    test(`the client and staff areas${tag}`, async ({ page }, testInfo) => {
      for (const [email, home] of [
        ['client@demo.chassimmo.fr', '/dashboard'],
        ['manager@demo.chassimmo.fr', '/wh-dashboard'],
      ] as const) {
        await page.goto('/signin');
        await page.getByLabel('Adresse e-mail').fill(email);
        await page.getByLabel('Mot de passe', { exact: true }).fill('Demo1234');
        await page.getByRole('button', { name: 'Se connecter' }).click();
        await expect(page).toHaveURL(home);
        await page.goto(home);
        await expectAccessible(page, testInfo, home);
        await page.goto('/parametres');
        await expectAccessible(page, testInfo, `/parametres (${email})`);
        await page.evaluate(() => localStorage.removeItem('token'));
      }
    });

    test(`every screen of the staff area, as the admin who sees them all${tag}`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      await page.goto('/admin');
      await page.getByLabel('Adresse e-mail').fill('admin@demo.chassimmo.fr');
      await page.getByLabel('Mot de passe', { exact: true }).fill('Demo1234');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await expect(page).toHaveURL('/wh-dashboard');
      const ready = () => expect(page.getByRole('status')).toHaveCount(0, { timeout: 15_000 });
      for (const path of [
        '/wh-dashboard',
        '/wh-dashboard/acquereurs',
        '/wh-dashboard/pipeline',
        '/wh-dashboard/proprietaires',
        '/wh-dashboard/chiffres',
        '/wh-dashboard/utilisateurs',
        '/wh-dashboard/courriels',
      ]) {
        await page.goto(path);
        await ready();
        await expectAccessible(page, testInfo, path);
      }
      // A fiche of each kind, opened from its list.
      for (const [list, fiche] of [
        ['/wh-dashboard/acquereurs', /\/wh-dashboard\/acquereurs\/.+/],
        ['/wh-dashboard/proprietaires', /\/wh-dashboard\/proprietaires\/\d+/],
      ] as const) {
        await page.goto(list);
        await page.getByRole('table').getByRole('link').first().click();
        await expect(page).toHaveURL(fiche);
        await ready();
        await expectAccessible(page, testInfo, `fiche (${list})`);
      }
    });
  });
}

/**
 * Walks a long form from its intro to its confirmation: checks each screen, answers it with its
 * first option (or a plausible value), and goes on with « Suivant ». `submit` fills and sends the
 * last form.
 */
async function walkSteps(
  page: Page,
  testInfo: TestInfo,
  name: string,
  submit: () => Promise<void>,
) {
  await expectAccessible(page, testInfo, `${name} : introduction`);
  await page.getByRole('button', { name: 'C’est parti !' }).click();
  const main = page.locator('main');
  for (let step = 2; step <= 17; step += 1) {
    const heading = (await main.locator('h1').first().textContent())?.trim() ?? `étape ${step}`;
    await expectAccessible(page, testInfo, `${name} : ${heading}`);
    const next = page.getByRole('button', { name: 'Suivant' });
    if (!(await next.isVisible())) {
      await submit();
      break;
    }
    await answer(page);
    await expect(next).toBeEnabled();
    await next.click();
    await expect(main.locator('h1').first()).not.toHaveText(heading);
  }
  await expect(page.getByText(/e-mail/).first()).toBeVisible();
  await expectAccessible(page, testInfo, `${name} : confirmation`);
}

async function answer(page: Page) {
  const main = page.locator('main');
  const radios = main.getByRole('radio');
  if (
    (await radios.count()) > 0 &&
    (await main.getByRole('radio', { checked: true }).count()) === 0
  ) {
    await radios.first().check();
    return;
  }
  const boxes = main.getByRole('checkbox');
  if (
    (await boxes.count()) > 0 &&
    (await main.getByRole('checkbox', { checked: true }).count()) === 0
  ) {
    await boxes.first().check();
    return;
  }
  const number = main.locator('input[type="number"]');
  if ((await number.count()) > 0 && (await number.first().inputValue()) === '') {
    await number.first().fill('450000');
  }
}
