import type { Locator, Page } from '@playwright/test';
import { appStarted, expect, test } from './fixtures';
import { expectAccessible } from './support/accessible';
import { timeouts } from './support/timeouts';

/**
 * The staff area on a phone (issue 29), at 390 px: the buyers as cards with their phone to call,
 * « Appeler » on the fiche, the history in words, the last action of a fiche free to tap (no
 * help bubble over it), the compact footer, and axe clean on the lists, the fiche and the
 * offline state.
 */

/** The screen has loaded what it shows: no loading status left. */
const ready = (page: Page) =>
  expect(page.getByRole('status').filter({ hasText: /Chargement/ })).toHaveCount(0, {
    timeout: timeouts.expect,
  });

/**
 * The last thing a person can press in the page's main content, scrolled to the bottom of the
 * page: shown in the window and not under anything (a floating button, a panel).
 */
async function expectLastActionFree(page: Page) {
  const free = await page.evaluate(async () => {
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    const actions = [
      ...document.querySelectorAll<HTMLElement>(
        'main a[href], main button, main summary, main input, main select, main textarea',
      ),
    ].filter((el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }));
    // The lowest on the page (the layout may reorder: a fiche's aside comes first on a phone).
    const last = actions.reduce<HTMLElement | undefined>(
      (low, el) =>
        !low || el.getBoundingClientRect().bottom >= low.getBoundingClientRect().bottom ? el : low,
      undefined,
    );
    if (!last) return 'no action';
    const rect = last.getBoundingClientRect();
    if (rect.bottom > window.innerHeight || rect.top < 0) return `${last.outerHTML} out of view`;
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit && last.contains(hit) ? 'free' : `${last.outerHTML} under ${hit?.outerHTML}`;
  });
  expect(free).toBe('free');
}

/** Whether the floating help button covers `target` at any scroll position (every 40 px). */
async function helpButtonCovers(target: Locator): Promise<number[]> {
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
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        hits.push(Math.round(window.scrollY));
    }
    return hits;
  });
}

test.describe('the staff area on a phone (issue 29)', () => {
  test.use({ signedInAs: 'chasseur' });
  test.setTimeout(timeouts.scenario);

  test('buyers as cards, « Appeler » on the fiche, the history in words, nothing over the last action, a compact footer @mobile', async ({
    page,
    context,
  }, testInfo) => {
    await page.goto('/wh-dashboard/acquereurs');
    await appStarted(page);
    await ready(page);

    // Cards, not a table showing half its columns: each with its name, stage and phone.
    await expect(page.getByRole('table')).toHaveCount(0);
    const list = page.getByRole('list', { name: 'Acquéreurs, page 1' });
    const cards = list.getByTestId('list-card');
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const card = cards.nth(i);
      await expect(card.getByRole('link').first()).toHaveAttribute(
        'href',
        /^\/wh-dashboard\/acquereurs\/.+/,
      );
      await expect(card.getByRole('link', { name: /^Appeler le 0\d(\s\d\d){4}$/ })).toHaveAttribute(
        'href',
        /^tel:\+?\d{10,11}$/,
      );
      await expect(card.locator('.badge').first()).not.toBeEmpty();
    }
    await expectAccessible(page, testInfo, 'Acquéreurs (cartes, 390 px)');
    await page.screenshot({ path: testInfo.outputPath('acquereurs-390.png'), fullPage: true });

    // The owners' list too.
    await page.getByRole('link', { name: 'Propriétaires', exact: true }).click();
    await ready(page);
    await expect(page.getByRole('table')).toHaveCount(0);
    const owners = page.getByRole('list', { name: 'Propriétaires, page 1' });
    const owner = owners.getByTestId('list-card').first().getByRole('link').first();
    const ownerName = (await owner.textContent())!.trim();
    await expect(
      owners
        .getByTestId('list-card')
        .first()
        .getByRole('link', { name: /^Appeler le / }),
    ).toHaveAttribute('href', /^tel:/);
    // The name in the same order on the list and on the fiche (« Prénom Nom »).
    await owner.click();
    await expect(
      page.getByRole('heading', { level: 1, name: ownerName, exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /^Appeler le / }).first()).toHaveAttribute(
      'href',
      /^tel:/,
    );

    // A fiche, from its card: « Appeler » at the top, under the name.
    await page.getByRole('link', { name: 'Acquéreurs', exact: true }).click();
    await ready(page);
    const first = cards.first().getByRole('link').first();
    const name = (await first.textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(/\/wh-dashboard\/acquereurs\/.+/);
    await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
    const call = page.getByRole('link', { name: /^Appeler le / }).first();
    await expect(call).toContainText(/^Appeler le /);
    await expect(call).toHaveAttribute('href', /^tel:\+?\d{10,11}$/);
    await expect(call).toBeInViewport();

    // A note, then the history says it in words, never in stored keys.
    const text = `Rappel depuis le téléphone ${Date.now()}`;
    await page.getByLabel('Nouvelle note').fill(text);
    await page.getByRole('button', { name: 'Ajouter la note' }).click();
    await expect(page.getByText(text)).toBeVisible();
    const history = page.getByTestId('audit-list');
    await history.getByText(/Historique des actions/).click();
    await expect(
      history
        .getByText(
          /^Note (interne ajoutée|ajoutée \(visible par le client\)), par Charles Chasseur$/,
        )
        .first(),
    ).toBeVisible();
    await expect(history).not.toContainText(/visibleToClient|projectId|noteId|hunterId|[{}]/);
    await expect(history.locator('time').first()).toHaveText(
      /^\p{Ll}+\u00a0\d{1,2}(er)?\u00a0\p{Ll}+(\u00a0\d{4})?, \d{1,2}\u00a0h(\u00a0\d\d)?$/u,
    );
    await expectAccessible(page, testInfo, 'fiche acquéreur, historique ouvert (390 px)');
    await page.screenshot({ path: testInfo.outputPath('fiche-390.png'), fullPage: true });

    // The end of the page: the compact footer, with the help link; no help bubble over anything.
    const footer = page.getByRole('contentinfo');
    await expect(footer).toHaveAttribute('data-testid', 'compact-footer');
    await expect(footer.getByRole('link', { name: 'Mentions légales' })).toBeVisible();
    await expect(footer.getByRole('link', { name: /Besoin d’aide/ })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(footer).not.toContainText('LIENS UTILES');
    expect((await footer.boundingBox())!.height).toBeLessThan(160);
    expect(await helpButtonCovers(page.getByRole('button', { name: 'Ajouter la note' }))).toEqual(
      [],
    );
    await expect(page.getByTestId('help-widget')).toHaveCount(0);
    await expectLastActionFree(page);

    // Offline: the kept fiche and list, the « Hors ligne » notice readable (axe: contrast).
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Acquéreurs', exact: true }).click();
    const notice = page.getByTestId('offline-notice');
    await expect(notice).toContainText('Hors ligne');
    await expect(cards.first()).toBeVisible();
    await expectAccessible(page, testInfo, 'Acquéreurs hors ligne (390 px)');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(notice).toContainText('Dernière version enregistrée sur cet appareil');
    await expectAccessible(page, testInfo, 'fiche hors ligne (390 px)');
    await page.screenshot({ path: testInfo.outputPath('fiche-hors-ligne-390.png') });
    await context.setOffline(false);
  });
});
