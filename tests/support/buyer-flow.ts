import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { reachStep as reachFormStep, seededForms } from './long-form';

/** Driving the buyer signup wizard by keyboard (tests/buyer-signup.spec.ts, tests/offline-flows.spec.ts). */

export const title = (page: Page) => page.locator('#inscription-titre');

/** Waits for the title of `step` (it shows step − 1) and for focus on it. */
export async function atStep(page: Page, step: number) {
  await expect(title(page)).toContainText(`${step - 1}.`);
  await expect(title(page)).toBeFocused();
}

/** The wizard at `step` (3 to 16), arrived at with « Suivant » (long-form.ts, reachStep). */
export async function reachStep(page: Page, step: number) {
  await reachFormStep(page, seededForms.buyer, step);
  await atStep(page, step);
}

export async function next(page: Page, from: number) {
  await page.keyboard.press('Enter');
  await atStep(page, from + 1);
}

/** Answers steps 2 to `last` (≤ 15) by keyboard, starting on the intro. */
export async function answerUpTo(page: Page, last: number) {
  const start = page.getByRole('button', { name: 'C’est parti !' });
  // Disabled while the saved draft is read.
  await expect(start).toBeEnabled();
  await start.focus();
  await page.keyboard.press('Enter');
  await atStep(page, 2);
  await answerSteps(page, 2, last);
}

/** Answers steps `first` to `last` (≤ 15) by keyboard, from the title of step `first`. */
export async function answerSteps(page: Page, first: number, last: number) {
  const k = page.keyboard;
  const plan: Record<number, () => Promise<void>> = {
    2: async () => {
      await k.press('Tab');
      await k.press('ArrowRight'); // 2 persons
    },
    3: async () => {
      await k.press('Tab');
      await k.press('Space'); // Résidence principale
    },
    4: async () => {
      await expect(page.getByRole('checkbox', { name: '(75) - Paris' })).toBeVisible();
      await k.press('Tab');
      await k.press('Space'); // 75
    },
    5: async () => {
      await k.press('Tab');
      await k.type('  PARIS ');
      await expect(page.getByRole('checkbox', { name: 'Paris (75)' })).toBeVisible();
      await k.press('Tab');
      await k.press('Space');
    },
    6: async () => {
      await k.press('Tab');
      await k.press('Space'); // Appartement (1)
    },
    7: async () => {
      await k.press('Tab');
      await k.press('Space'); // 1
      await k.press('Tab');
      await k.press('Space'); // 2
    },
    8: async () => {
      await k.press('Tab');
      await k.press('ArrowDown');
      await k.press('ArrowDown'); // 3
    },
    9: async () => {
      await k.press('Tab');
      await k.press('ArrowRight');
      await k.press('ArrowRight'); // 3
    },
    10: async () => {
      await k.press('Tab');
      await k.press('ArrowRight'); // 2
    },
    11: async () => {
      await k.press('Tab');
      await k.press('Space'); // 0
    },
    12: async () => {
      await k.press('Tab');
      await k.type('Proche du métro');
      await k.press('Tab'); // Precedent
      await k.press('Tab'); // Suivant
    },
    13: async () => {
      await k.press('Tab');
      await k.type('450000');
    },
    14: async () => {
      await k.press('Tab');
      await k.press('ArrowDown'); // 2
    },
    15: async () => {
      await k.press('Tab');
      await k.press('Space'); // Oui
    },
  };
  for (let step = first; step <= last; step += 1) {
    await plan[step]!();
    await next(page, step);
  }
}

export async function fillUser(page: Page, email: string, password = 'Maison2026') {
  for (const value of ['Martin', 'Jeanne', email, '06 12 34 56 78', password, password]) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(value);
  }
}
