import type { Locator, Page } from '@playwright/test';
import { appStarted, expect, queryDb, signedInContext, test } from './fixtures';
import { answerSteps, answerUpTo, atStep, fillUser, title } from './support/buyer-flow';
import { reachStep as reachOwnerStep, radio } from './support/owner-flow';
import { timeouts } from './support/timeouts';

/**
 * Paris by arrondissement (issue 27): the twenty municipal arrondissements are offered in the
 * city steps, found by name and postcode, stored as their INSEE code and shown « Paris 11e ».
 */

const searchBox = (scope: Page | Locator) =>
  scope.getByRole('searchbox', { name: 'Rechercher une ville' });

/** The names of the city checkboxes the list shows. */
const cityChoices = (scope: Page | Locator) => scope.getByRole('checkbox');

async function citiesOf(email: string): Promise<string[]> {
  const [row] = queryDb<{ cities: string }>(
    'select p.cities from buyer_project p join app_user u on u.id = p.user_id where u.email = ?',
    email,
  );
  return JSON.parse(row?.cities ?? 'null') as string[];
}

/** The activation link the signup mailed to `email`. */
async function activationLink(page: Page, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
      const mails = (await res.json()) as { links: string[] }[];
      link = mails
        .flatMap((m) => m.links)
        .find((l) => new URL(l).pathname.startsWith('/activation/'));
      return link;
    })
    .toBeTruthy();
  return new URL(link!).pathname;
}

/** The « Villes » line of the criteria the client reads in their area. */
const citiesLine = (page: Page) =>
  page.locator('#mes-criteres dt', { hasText: 'Villes' }).locator('xpath=following-sibling::dd[1]');

test.describe('Paris by arrondissement', () => {
  test.setTimeout(timeouts.scenario);

  test('buyer signup and criteria editor: « Paris 11e » and « 75011 » find the 11th, kept as 75111, shown « Paris 11e »', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = `arrondissement.${Date.now()}@exemple.fr`;
    await page.goto('/signup');
    await answerUpTo(page, 4); // Paris (75)

    // Step 5: the postcode gives Paris itself, then its 11th; the name gives the 11th alone.
    await searchBox(page).fill('75011');
    await expect(cityChoices(page)).toHaveCount(2);
    await expect(cityChoices(page).nth(0)).toHaveAccessibleName('Paris (75)');
    await expect(cityChoices(page).nth(1)).toHaveAccessibleName('Paris 11e (75)');
    for (const typed of ['Paris 11e', 'paris 11eme', '11e arrondissement']) {
      await searchBox(page).fill(typed);
      await expect(cityChoices(page)).toHaveCount(1);
      await expect(cityChoices(page).first()).toHaveAccessibleName('Paris 11e (75)');
    }
    await page.getByRole('checkbox', { name: 'Paris 11e (75)' }).check();
    await expect(page.getByText('1 ville choisie\u00a0: Paris 11e')).toBeVisible();
    // « Paris » alone: the whole city first, its arrondissements right after, in order.
    await searchBox(page).fill('Paris');
    await expect(cityChoices(page)).toHaveCount(21);
    await expect(cityChoices(page).nth(0)).toHaveAccessibleName('Paris (75)');
    await expect(cityChoices(page).nth(1)).toHaveAccessibleName('Paris 1er (75)');
    await expect(cityChoices(page).nth(20)).toHaveAccessibleName('Paris 20e (75)');

    await page.getByRole('button', { name: 'Suivant' }).click();
    await atStep(page, 6);
    await answerSteps(page, 6, 15);
    await fillUser(page, email);
    await page.keyboard.press('Enter');
    await expect(title(page)).toContainText('Merci, votre inscription est enregistrée');
    expect(await citiesOf(email)).toEqual(['75111']);

    // The client's area names it, never by its code.
    await page.goto(await activationLink(page, email));
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(citiesLine(page)).toHaveText('Paris 11e');
    await expect(page.getByRole('main')).not.toContainText('75111');

    // « Mes critères »: the 11th is found checked by its postcode and its name; the 20th added.
    await page.getByRole('button', { name: 'Modifier mes critères' }).click();
    const editor = page.getByTestId('criteria-step');
    await page.getByLabel('Aller à la question').selectOption({ label: 'Villes' });
    await searchBox(editor).fill('75011');
    await expect(cityChoices(editor)).toHaveCount(2);
    await expect(editor.getByRole('checkbox', { name: 'Paris 11e (75)' })).toBeChecked();
    await expect(editor.getByRole('checkbox', { name: 'Paris (75)' })).not.toBeChecked();
    await searchBox(editor).fill('Paris 11e');
    await expect(cityChoices(editor)).toHaveCount(1);
    await expect(editor.getByRole('checkbox', { name: 'Paris 11e (75)' })).toBeChecked();
    await searchBox(editor).fill('paris 20eme');
    await editor.getByRole('checkbox', { name: 'Paris 20e (75)' }).check();
    await expect(editor.getByText('2 villes choisies\u00a0: Paris 11e, Paris 20e')).toBeVisible();
    await page.getByRole('button', { name: 'Enregistrer mes critères' }).click();
    await expect(citiesLine(page)).toHaveText('Paris 11e, Paris 20e');
    await expect.poll(() => citiesOf(email)).toEqual(['75111', '75120']);

    // After a reload, from the server: the same names.
    await page.reload();
    await appStarted(page);
    await expect(citiesLine(page)).toHaveText('Paris 11e, Paris 20e');
    await expect(page.getByRole('main')).not.toContainText(/751(11|20)/);

    // The staff see the names too, in the list and on the fiche.
    const [user] = queryDb<{ id: string }>('select id from app_user where email = ?', email);
    const context = await signedInContext(browser, page.request, baseURL!, 'manager');
    const staff = await context.newPage();
    await staff.goto('/wh-dashboard/acquereurs');
    await appStarted(staff);
    await staff.getByLabel('Rechercher un acquéreur').fill('paris 11');
    await staff.getByLabel('Rechercher un acquéreur').press('Enter');
    await expect(staff).toHaveURL(/q=paris/);
    await expect(staff.getByText('Paris 11e, Paris 20e').first()).toBeVisible();
    await staff.goto(`/wh-dashboard/acquereurs/${user!.id}`);
    await appStarted(staff);
    await expect(staff.getByText('Paris 11e, Paris 20e').first()).toBeVisible();
    await expect(staff.getByRole('main')).not.toContainText(/751(11|20)/);
    await context.close();
  });

  test('owner questionnaire: « Paris 11 » and « 75011 » find the 11th with its postcode', async ({
    page,
  }) => {
    await reachOwnerStep(page, 4); // the department step
    await radio(page, '(75) - Paris').check();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page.locator('main h1')).toHaveText('Dans quelle ville se trouve votre bien ?');
    await searchBox(page).fill('75011');
    await expect(page.getByRole('radio')).toHaveCount(2);
    await expect(radio(page, 'Paris 75001 à 75116')).toBeVisible();
    await searchBox(page).fill('Paris 11');
    await expect(page.getByRole('radio')).toHaveCount(1);
    await radio(page, 'Paris 11e 75011').check();
    await expect(page.getByText('Ville choisie\u00a0: Paris 11e')).toBeVisible();
  });

  test('on a phone, the city step lists the arrondissements within the screen @mobile', async ({
    page,
  }, testInfo) => {
    await page.goto('/signup');
    await answerUpTo(page, 4);
    await searchBox(page).fill('Paris 1');
    await expect(cityChoices(page)).toHaveCount(11);
    await page.getByRole('checkbox', { name: 'Paris 11e (75)' }).check();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.screenshot({ path: testInfo.outputPath('city-step-390.png') });
  });

  test('on a phone, the owner’s city step shows each arrondissement with its postcode @mobile', async ({
    page,
  }, testInfo) => {
    await reachOwnerStep(page, 4);
    await radio(page, '(75) - Paris').check();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await searchBox(page).fill('paris 1');
    await expect(page.getByRole('radio')).toHaveCount(11);
    await radio(page, 'Paris 16e 75016, 75116').check();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.screenshot({ path: testInfo.outputPath('owner-city-step-390.png') });
  });
});
