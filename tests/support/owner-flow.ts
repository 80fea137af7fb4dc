import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { reachStep as reachFormStep, seededForms } from './long-form';

/** Driving the owner questionnaire (tests/owner-questionnaire.spec.ts, tests/offline-flows.spec.ts). */

export const PATH = seededForms.owner.path;
export const PHONE_MESSAGE = 'Saisissez un numéro français valide, par exemple 06 12 34 56 78.';

/** A unique address per test: tests run in parallel against one server and one database. */
export const uniqueEmail = (what: string) =>
  `proprio.${what}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@exemple.fr`;

export const title = (page: Page) => page.locator('main h1');
export const next = (page: Page) => page.getByRole('button', { name: 'Suivant' });
export const radio = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });

export async function open(page: Page) {
  await page.goto(PATH);
  // The draft is read after the app started; until then 'C’est parti !' waits.
  await expect(page.getByRole('button', { name: 'C’est parti !' })).toBeEnabled();
}

/** Tab until the element has focus (the keyboard way to reach it). */
export async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** From the step's title: Tab into the radio group, then the arrow keys until `name` is checked. */
export async function chooseWithKeys(page: Page, name: string) {
  await page.keyboard.press('Tab');
  const target = radio(page, name);
  for (let i = 0; i < 60 && !(await target.isChecked()); i += 1) {
    const focused = await target.evaluate((el) => el === document.activeElement);
    await page.keyboard.press(focused ? 'Space' : 'ArrowDown');
  }
  await expect(target).toBeChecked();
}

export async function expectStep(page: Page, heading: string | RegExp) {
  await expect(title(page)).toHaveText(heading);
  await expect(title(page)).toBeFocused();
}

/** Mouse path through steps 2 to 9, for the tests that are not about the keyboard. */
export async function answerUpToRooms(page: Page) {
  await page.getByRole('button', { name: 'C’est parti !' }).click();
  await radio(page, 'Investissement locatif').check();
  await next(page).click();
  await radio(page, '3').check();
  await next(page).click();
  await radio(page, '(92) - Hauts-de-Seine').check();
  await next(page).click();
  await page.getByPlaceholder('Rechercher...').fill('  boulogne ');
  await radio(page, 'Boulogne-Billancourt 92100').check();
  await next(page).click();
  await radio(page, 'Loft/Atelier').check();
  await next(page).click();
  await radio(page, 'Ancien').check();
  await next(page).click();
  await radio(page, '100 m² et plus').check();
  await next(page).click();
  await expect(title(page)).toHaveText('Combien de pièces compte votre bien ?');
}

export async function answerUpToContact(page: Page) {
  await answerUpToRooms(page);
  await radio(page, '5 pièces et +').check();
  await next(page).click();
  await radio(page, '4').check();
  await next(page).click();
  await radio(page, 'Aucune').check();
  await next(page).click();
  await next(page).click(); // PRICE left empty: a free valuation
  await next(page).click(); // WITH_DOC: every document at Non
  await next(page).click(); // DESC left empty
  await expect(title(page)).toHaveText('Comment pouvons-nous vous joindre ?');
}

export async function fillContact(page: Page, email: string, phone = '06 12 34 56 78') {
  await page.getByLabel('Nom', { exact: true }).fill('Lefèvre');
  await page.getByLabel('Prénom').fill('Hugo');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Téléphone').fill(phone);
}

/** The questionnaire at `step` (3 to 15), arrived at with « Suivant » (long-form.ts, reachStep). */
export async function reachStep(page: Page, step: number) {
  await reachFormStep(page, seededForms.owner, step);
}
