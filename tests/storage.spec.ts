import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { answerUpTo } from './support/buyer-flow';
import { storedDraft } from './support/browser-state';
import { next, open, radio, title } from './support/owner-flow';

/**
 * Issue 6, storage: a full device or a browser that refuses storage gets its own French message,
 * and the form stays on screen with every answer; once the device stores again, the message goes
 * and the draft holds every answer, the ones typed while it was full included.
 */

const FULL = /L’espace de stockage de votre appareil est plein/;
const REFUSED = /Ce navigateur n’autorise pas l’enregistrement de vos réponses/;

/**
 * Makes the origin's storage full the way Chromium sees it: a DevTools quota of 1 byte, below
 * what the origin already uses. It must be set before the page's first write: Chromium lets
 * IndexedDB writes through for up to 30 s on the space it last measured. A quota of 0 would not
 * do: Chromium reads it as 'no limit'. Called without a size, it gives the real quota back.
 */
async function quotaOverride(context: BrowserContext, page: Page, origin: string) {
  const cdp = await context.newCDPSession(page);
  return {
    fill: () => cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 1 }),
    free: () => cdp.send('Storage.overrideQuotaForOrigin', { origin }),
  };
}

test.describe('a device that does not keep the answers', () => {
  test('owner questionnaire: full storage says so, keeps the answers, and recovers', async ({
    page,
    context,
    baseURL,
  }) => {
    const quota = await quotaOverride(context, page, new URL(baseURL!).origin);
    await quota.fill();
    await open(page);
    await page.getByRole('button', { name: 'C’est parti !' }).click();
    await expect(title(page)).toHaveText('À quoi correspond votre bien ?');

    await radio(page, 'Investissement locatif').check();
    const notice = page.getByRole('status').filter({ hasText: FULL });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Terminez le questionnaire sans fermer la page');
    // Brought out from under the sticky header, where the move to the card had left it.
    const header = (await page.getByRole('banner').boundingBox())!;
    await expect
      .poll(async () => (await notice.boundingBox())!.y)
      .toBeGreaterThanOrEqual(header.y + header.height);
    await expect(page.getByText(REFUSED)).toHaveCount(0);
    await expect(radio(page, 'Investissement locatif')).toBeChecked();
    expect(await storedDraft(page, 'owner')).toBeNull();

    await next(page).click();
    await expect(title(page)).toHaveText('Combien de biens souhaitez-vous vendre ?');
    await expect(notice).toBeVisible();
    await page.getByRole('button', { name: 'Précédent' }).click();
    await expect(radio(page, 'Investissement locatif')).toBeChecked();
    await next(page).click();

    // Space freed: the next answer is stored with the ones typed meanwhile, and the notice goes.
    await quota.free();
    await radio(page, '3').check();
    await expect(notice).toHaveCount(0);
    await expect
      .poll(() => storedDraft(page, 'owner'))
      .toMatchObject({
        step: 3,
        answers: { propertyType: 'Investissement locatif', bienCount: 3 },
      });

    await page.reload();
    await expect(title(page)).toHaveText('Combien de biens souhaitez-vous vendre ?');
    await expect(radio(page, '3')).toBeChecked();
  });

  test('buyer signup: full storage says so and the wizard goes on', async ({
    page,
    context,
    baseURL,
  }) => {
    const quota = await quotaOverride(context, page, new URL(baseURL!).origin);
    await quota.fill();
    await page.goto('/signup');
    await answerUpTo(page, 3);
    const notice = page.getByRole('status').filter({ hasText: FULL });
    await expect(notice).toContainText('Terminez l’inscription sans fermer la page');
    await page.getByRole('button', { name: 'Precedent' }).click(); // the wizard's own spelling
    await expect(page.getByRole('radio', { name: 'Résidence principale' })).toBeChecked();
    expect(await storedDraft(page, 'buyer')).toBeNull();
  });

  test('a browser that refuses storage keeps its own message', async ({ page, context }) => {
    // What Chromium answers when the person blocked site data.
    await context.addInitScript(() => {
      IDBFactory.prototype.open = () => {
        throw new DOMException(
          'The user denied permission to access the database.',
          'UnknownError',
        );
      };
    });
    await open(page);
    await page.getByRole('button', { name: 'C’est parti !' }).click();
    await radio(page, 'Résidence principale').check();
    await expect(page.getByRole('status').filter({ hasText: REFUSED })).toContainText(
      'terminez le questionnaire sans fermer la page',
    );
    await expect(page.getByText(FULL)).toHaveCount(0);
    await next(page).click();
    await expect(title(page)).toHaveText('Combien de biens souhaitez-vous vendre ?');
  });
});
