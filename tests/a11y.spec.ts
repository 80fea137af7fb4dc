import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/accessible';
import { BuyerStep } from '../src/domain/buyer-signup.schema';
import { OwnerStep } from '../src/domain/owner-questionnaire.schema';
import { seededForms } from './support/long-form';
import { uniqueEmail } from './support/owner-flow';
import { demo, signIn } from './support/sign-in';
import { timeouts } from './support/timeouts';

/**
 * Every screen a person meets, checked by axe-core (WCAG 2.2 A and AA rules) at the width of
 * its project: 1280 px (desktop) and 390 px (the @mobile tests). A serious or critical violation
 * fails the test with the rule, the elements and the page; lesser ones are reported, not failed.
 * Issue 12: the public pages (tests/public-pages.spec.ts, with their other checks), each step of
 * both long forms, the sign-in, activation and reset pages, /dashboard and /wh-dashboard. Each
 * screen's French typography is checked there too (tests/support/typography.ts).
 */

const widths = [
  { tag: '', label: '1280 px' },
  { tag: ' @mobile', label: '390 px' },
];

/**
 * Both long forms as a test opens them at a step (tests/support/long-form.ts), and their
 * submit step, filled and sent by `submit`.
 */
const flows = [
  {
    ...seededForms.owner,
    name: 'questionnaire',
    title: 'owner questionnaire',
    submitStep: OwnerStep.CONTACT,
    submit: async (page: Page) => {
      await page.getByLabel('Nom', { exact: true }).fill('Lefèvre');
      await page.getByLabel('Prénom').fill('Hugo');
      await page.getByLabel('Adresse e-mail').fill(uniqueEmail('a11y'));
      await page.getByLabel('Téléphone').fill('06 12 34 56 78');
      await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
    },
  },
  {
    ...seededForms.buyer,
    name: 'inscription',
    title: 'buyer signup',
    submitStep: BuyerStep.USER,
    submit: async (page: Page) => {
      const fields = ['Nom', 'Prenom', 'Adresse mail', 'Téléphone'];
      const values = ['Martin', 'Jeanne', uniqueEmail('a11y-acheteur'), '06 12 34 56 78'];
      for (const [i, name] of fields.entries())
        await page.getByLabel(name, { exact: true }).fill(values[i]!);
      await page.getByLabel('Mot de passe', { exact: true }).fill('Maison2026');
      await page.getByLabel(/Confirmation/).fill('Maison2026');
      await page.getByRole('button', { name: 'Validé' }).click();
    },
  },
] as const;

const staffScreens = [
  '/wh-dashboard',
  '/wh-dashboard/acquereurs',
  '/wh-dashboard/pipeline',
  '/wh-dashboard/proprietaires',
  '/wh-dashboard/chiffres',
  '/wh-dashboard/utilisateurs',
  '/wh-dashboard/courriels',
];

/** The staff screens have loaded what they show: no loading status left. */
const staffReady = (page: Page) =>
  expect(page.getByRole('status')).toHaveCount(0, { timeout: timeouts.expect });

// One test per page or screen, and one walk per long form (docs/testing.md).
for (const { tag, label } of widths) {
  test.describe(`accessibility at ${label}${tag}`, () => {
    test.describe('with no cookie choice yet', () => {
      test.use({ consentGiven: false });
      test(`the cookie banner, open${tag}`, async ({ page }, testInfo) => {
        await page.goto('/');
        await expect(page.getByRole('button', { name: 'Refuser' })).toBeVisible();
        await expectAccessible(page, testInfo, '/ (bandeau cookies)', false);
      });
    });

    // Each long form walked once, as a person goes through it: every step checked on the way,
    // rather than one test per step that opens a new browser on a seeded draft (two page loads
    // before its one check; docs/testing.md). The flows skip no step, so the walk sees them all.
    for (const form of flows) {
      test(`each step of the ${form.title}, sent, and the confirmation${tag}`, async ({
        page,
      }, testInfo) => {
        test.setTimeout(timeouts.scenario);
        await page.goto(form.path);
        await expect(page.getByRole('button', { name: 'C’est parti !' })).toBeEnabled();
        await expectAccessible(page, testInfo, `${form.name} : introduction`);
        // « C’est parti ! » opens the first question.
        const intro = await stepHeading(page);
        await page.getByRole('button', { name: 'C’est parti !' }).click();
        await expect(page.locator('main h1').first()).not.toHaveText(intro);

        const questions = Object.keys(form.stepSchemas)
          .map(Number)
          .filter((step) => step < form.submitStep);
        const seen: string[] = [];
        for (const step of questions) {
          await test.step(`step ${step}`, async () => {
            seen.push(await checkStepAndGoOn(page, testInfo, form.name));
          });
        }
        // One screen per question, none twice: the walk checked every step.
        expect(new Set(seen).size).toBe(questions.length);

        const heading = await stepHeading(page);
        await expectAccessible(page, testInfo, `${form.name} : ${heading}`);
        await expect(page.getByRole('button', { name: 'Suivant' })).toBeHidden();
        await form.submit(page);
        await expect(page.getByText(/e-mail/).first()).toBeVisible();
        await expectAccessible(page, testInfo, `${form.name} : confirmation`);
      });
    }

    test.describe('sign-in, activation and reset pages', () => {
      for (const route of [
        '/signin',
        '/admin',
        '/mot-de-passe-oublie',
        '/activation/code-inconnu-0123456789',
        '/reinitialiser-mot-de-passe/jeton-inconnu-0123456789',
      ]) {
        test(`${route}${tag}`, async ({ page }, testInfo) => {
          await page.goto(route);
          await expectAccessible(page, testInfo, route);
        });
      }

      test(`/signin with its error shown${tag}`, async ({ page }, testInfo) => {
        await page.goto('/signin');
        await page.getByLabel('Adresse e-mail').fill('personne@exemple.fr');
        await page.getByLabel('Mot de passe', { exact: true }).fill('Mauvais1');
        await page.getByRole('button', { name: 'Se connecter' }).click();
        await expect(page.getByText('Adresse e-mail ou mot de passe incorrect.')).toBeVisible();
        await expectAccessible(page, testInfo, '/signin (erreur)');
      });
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

    test.describe('the client and staff areas', () => {
      for (const [account, home] of [
        ['client', '/dashboard'],
        ['manager', '/wh-dashboard'],
      ] as const) {
        test(`${home}, reached by signing in as the ${account}${tag}`, async ({
          page,
        }, testInfo) => {
          await signIn(page, demo(account));
          await expect(page).toHaveURL(home);
          await page.goto(home);
          await expectAccessible(page, testInfo, home);
        });

        test.describe(() => {
          test.use({ signedInAs: account });
          test(`/parametres of the ${account}${tag}`, async ({ page }, testInfo) => {
            await page.goto('/parametres');
            await expectAccessible(page, testInfo, `/parametres (${demo(account)})`);
          });
        });
      }
    });

    test.describe('every screen of the staff area, as the admin who sees them all', () => {
      test.use({ signedInAs: 'admin' });
      for (const path of staffScreens) {
        test(`${path}${tag}`, async ({ page }, testInfo) => {
          await page.goto(path);
          await staffReady(page);
          await expectAccessible(page, testInfo, path);
        });
      }
      // A fiche of each kind, opened from its list.
      for (const [list, fiche] of [
        ['/wh-dashboard/acquereurs', /\/wh-dashboard\/acquereurs\/.+/],
        ['/wh-dashboard/proprietaires', /\/wh-dashboard\/proprietaires\/\d+/],
      ] as const) {
        test(`a fiche opened from ${list}${tag}`, async ({ page }, testInfo) => {
          await page.goto(list);
          // A table on a wide screen, cards on a phone (issue 29): the first record's name.
          await page
            .getByRole('table')
            .or(page.getByRole('list', { name: /, page 1$/ }))
            .getByRole('link')
            .first()
            .click();
          await expect(page).toHaveURL(fiche);
          await staffReady(page);
          await expectAccessible(page, testInfo, `fiche (${list})`);
        });
      }
    });
  });
}

async function stepHeading(page: Page) {
  return (await page.locator('main h1').first().textContent())?.trim() ?? '';
}

/**
 * One question of a long form: checks the screen, answers it with its first option (or a
 * plausible value), and goes on with « Suivant » to the next question. Resolves to the
 * question's heading.
 */
async function checkStepAndGoOn(page: Page, testInfo: TestInfo, name: string) {
  const heading = await stepHeading(page);
  await expectAccessible(page, testInfo, `${name} : ${heading}`);
  const next = page.getByRole('button', { name: 'Suivant' });
  await expect(next).toBeVisible();
  await answer(page);
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page.locator('main h1').first()).not.toHaveText(heading);
  return heading;
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
