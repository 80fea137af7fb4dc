import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { formatDayDateTime } from '../src/domain/french-date';
import { isoToParisLocal, parisLocalToIso } from '../src/domain/paris-time';
import { appStarted, expect, queryDb, signedInContext, test } from './fixtures';
import { expectAccessible } from './support/accessible';
import { swReady } from './support/browser-state';
import { demo } from './support/sign-in';
import { timeouts } from './support/timeouts';

/**
 * Issue 29, « Aujourd’hui » as the hunter's day, on a phone: the demo hunter adds two tasks on
 * the demo client's fiche (one already late, one due tonight), finds both on « Aujourd’hui »,
 * the late one first with its full date, ticks tonight's done there, and finds it among the
 * fiche's done tasks. Screens checked by axe and for French typography; screenshots at 390 and
 * 1280 px in .tmp/today-shots.
 */

const SHOTS = '.tmp/today-shots';

/** Letters only, unique per run: the task's text tells it from the other runs' tasks. */
const unique = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** Adds a task from the fiche's « Tâches » panel. */
async function addTask(page: Page, text: string, dueAt: string) {
  const panel = page.getByRole('region', { name: 'Tâches', exact: true });
  await panel.getByLabel('Nouvelle tâche').fill(text);
  await panel.getByLabel('Pour le').fill(dueAt);
  await panel.getByRole('button', { name: 'Ajouter la tâche' }).click();
  await expect(panel.getByTestId('task').filter({ hasText: text })).toBeVisible();
}

test.describe('« Aujourd’hui » and tasks (issue 29)', () => {
  test.use({ signedInAs: 'chasseur' });
  test.setTimeout(timeouts.scenario);

  test('the hunter adds a task due today on a fiche, finds it on « Aujourd’hui » with its date, and ticks it done @mobile', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const [client] = queryDb<{ id: string }>(
      'select id from app_user where email = ?',
      demo('client'),
    );
    const clientId = client!.id;
    const word = unique();
    const tonight = `Rappeler Claire pour la contre-visite ${word}`;
    const late = `Relancer la banque ${word}`;
    const now = Date.now();
    const today = isoToParisLocal(new Date(now).toISOString()).slice(0, 10);
    // Three days ago at 19 h 59, Paris time: late, said with its full date.
    const lateLocal = `${isoToParisLocal(new Date(now - 3 * 24 * 3_600_000).toISOString()).slice(0, 10)}T19:59`;
    const lateIso = parisLocalToIso(lateLocal)!;

    await page.goto(`/wh-dashboard/acquereurs/${clientId}`);
    const panel = page.getByRole('region', { name: 'Tâches', exact: true });
    // Nothing written: said on the field, nothing sent.
    await panel.getByRole('button', { name: 'Ajouter la tâche' }).click();
    await expect(panel.getByLabel('Nouvelle tâche')).toHaveAccessibleDescription(
      'Écrivez ce qu’il faut faire.',
    );
    await addTask(page, tonight, `${today}T23:59`);
    await addTask(page, late, lateLocal);
    const lateOnFiche = panel.getByTestId('task').filter({ hasText: late });
    await expect(lateOnFiche).toContainText('En retard');
    await expect(lateOnFiche).toContainText(`En retard depuis le ${formatDayDateTime(lateIso)}`);
    await expectAccessible(page, testInfo, 'fiche acquéreur, tâches (390 px)');

    // « Aujourd’hui »: both, the late one first, each with its date and its client.
    await page.getByRole('link', { name: 'Aujourd’hui' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Aujourd’hui' })).toBeVisible();
    const due = page.getByRole('region', { name: /En retard ou pour aujourd’hui/ });
    const items = due.getByTestId('task').filter({ hasText: word });
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(late);
    await expect(items.nth(0)).toContainText(`En retard depuis le ${formatDayDateTime(lateIso)}`);
    const item = items.filter({ hasText: tonight });
    await expect(item).toContainText('Aujourd’hui à 23\u00a0h\u00a059');
    await expect(item.getByRole('link', { name: 'Claire Cliente' })).toHaveAttribute(
      'href',
      `/wh-dashboard/acquereurs/${clientId}`,
    );
    await expectAccessible(page, testInfo, '« Aujourd’hui » (390 px)');
    await shoot(page, 'aujourdhui');

    // Ticked on « Aujourd’hui »: it leaves the day, and the fiche lists it done.
    // click, not check(): the ticked task leaves the list at once, so check()'s own reading of
    // the box afterwards can find it gone; what follows asserts the effect.
    await item.getByRole('checkbox', { name: new RegExp(tonight) }).click();
    await expect(due.getByTestId('task').filter({ hasText: tonight })).toHaveCount(0);
    await expect(due.getByTestId('task').filter({ hasText: late })).toHaveCount(1);

    // The manager's day: the team's, the late task with whose it is.
    const context = await signedInContext(browser, page.request, baseURL!, 'manager');
    const manager = await context.newPage();
    await manager.setViewportSize({ width: 390, height: 844 });
    await manager.goto('/wh-dashboard');
    await appStarted(manager);
    const teamLate = manager
      .getByRole('region', { name: /En retard ou pour aujourd’hui/ })
      .getByTestId('task')
      .filter({ hasText: late });
    await expect(teamLate).toContainText('Pour Charles Chasseur');
    await expect(teamLate).toContainText(`En retard depuis le ${formatDayDateTime(lateIso)}`);
    await expectAccessible(manager, testInfo, '« Aujourd’hui » du manager (390 px)');
    // The cookie banner of this new browser answered, for the picture.
    await manager.getByRole('button', { name: 'Refuser' }).click();
    await shoot(manager, 'aujourdhui-manager');
    await context.close();
    await item.page().goto(`/wh-dashboard/acquereurs/${clientId}`);
    await panel.getByRole('button', { name: /Tâches faites/ }).click();
    const done = panel.getByTestId('done-task').filter({ hasText: tonight });
    await expect(done).toContainText('par Charles Chasseur');
    await expect(panel.getByTestId('task').filter({ hasText: tonight })).toHaveCount(0);
    // The late one done too, from the fiche: the demo client's day is left as it was.
    await panel.getByTestId('task').filter({ hasText: late }).getByRole('checkbox').check();
    await expect(panel.getByTestId('task').filter({ hasText: late })).toHaveCount(0);
  });
});

test.describe('tasks without network (issue 29)', () => {
  test.use({ signedInAs: 'chasseur', serviceWorkers: 'allow' });
  test.setTimeout(timeouts.scenario);

  test('a task added and a task ticked offline wait on the fiche, then arrive once @mobile', async ({
    page,
    context,
  }) => {
    const [client] = queryDb<{ id: string }>(
      'select id from app_user where email = ?',
      demo('client'),
    );
    const word = unique();
    const toTick = `Préparer le mandat ${word}`;
    const offline = `Appeler le notaire ${word}`;
    const today = isoToParisLocal(new Date().toISOString()).slice(0, 10);
    await page.goto('/wh-dashboard');
    await appStarted(page);
    await swReady(page);
    await page.goto(`/wh-dashboard/acquereurs/${client!.id}`);
    const panel = page.getByRole('region', { name: 'Tâches', exact: true });
    await addTask(page, toTick, `${today}T23:59`);

    await context.setOffline(true);
    await panel.getByLabel('Nouvelle tâche').fill(offline);
    await panel.getByLabel('Pour le').fill(`${today}T23:58`);
    await panel.getByRole('button', { name: 'Ajouter la tâche' }).click();
    await expect(panel.getByTestId('pending-task').filter({ hasText: offline })).toContainText(
      'Tâche\u00a0: en attente',
    );
    await panel.getByTestId('task').filter({ hasText: toTick }).getByRole('checkbox').check();
    await expect(panel.getByTestId('task').filter({ hasText: toTick })).toContainText(
      'Faite\u00a0: en attente',
    );

    await context.setOffline(false);
    await expect(panel.getByTestId('task').filter({ hasText: offline })).toHaveCount(1, {
      timeout: timeouts.background,
    });
    await expect(panel.getByTestId('pending-task')).toHaveCount(0);
    await expect(panel.getByTestId('task').filter({ hasText: toTick })).toHaveCount(0, {
      timeout: timeouts.background,
    });
    const stored = queryDb<{ text: string; done: number }>(
      'select text, done_at is not null as done from staff_task where text like ? order by id',
      `%${word}`,
    );
    expect(stored).toEqual([
      { text: toTick, done: 1 },
      { text: offline, done: 0 },
    ]);
    // Leave the demo client's day as it was.
    await panel.getByTestId('task').filter({ hasText: offline }).getByRole('checkbox').check();
    await expect(panel.getByTestId('task').filter({ hasText: offline })).toHaveCount(0);
  });
});
