import { execFileSync } from 'node:child_process';
import type { BrowserContext, Page } from '@playwright/test';
import { validOwnerSubmission } from '../src/domain/owner-questionnaire.fixture';
import { appStarted, publicRoutes } from './fixtures';
import type { AppServer } from './support/app-server';
import { storedDraft, swReady } from './support/browser-state';
import { expect, test } from './support/own-server';
import * as buyer from './support/buyer-flow';
import * as owner from './support/owner-flow';
import { timeouts } from './support/timeouts';

/**
 * The offline engine end to end (issue 6), each test with its own real server and SQLite file
 * behind a proxy (tests/support/app-server.ts), so it can stop the server, inject 500s and cut
 * connections, or serve a new build — while Chromium's network is switched off and on.
 */

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: timeouts.scenario });

/** No signal and no server. */
async function goDark(app: AppServer, context: BrowserContext) {
  await app.stop();
  await context.setOffline(true);
}

async function comeBack(app: AppServer, context: BrowserContext) {
  await app.start();
  await context.setOffline(false);
}

async function mailsTo(page: Page, email: string): Promise<unknown[]> {
  const res = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
  return (await res.json()) as unknown[];
}

const uniqueEmail = (what: string) =>
  `${what}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@exemple.fr`;

test('after one visit, every public route and both flows load from a reload with no network and no server', async ({
  page,
  context,
  app,
}) => {
  await page.goto('/');
  await swReady(page);
  await goDark(app, context);
  for (const route of publicRoutes) {
    await page.goto(route);
    await expect(page.locator('main h1'), route).toBeVisible();
  }
  // Both flows start offline: their chunks and pictures are precached.
  await owner.open(page);
  await page.getByRole('button', { name: 'C’est parti !' }).click();
  await expect(owner.title(page)).toHaveText('À quoi correspond votre bien ?');
  await page.goto('/signup');
  await page.getByRole('button', { name: 'C’est parti !' }).click();
  await buyer.atStep(page, 2);
  // An app route without HTML of its own opens from the shell.
  await page.goto('/signin');
  await expect(page.locator('main h1')).toBeVisible();
});

test('the owner questionnaire finished offline waits on CONFIRM, then arrives once by itself', async ({
  page,
  context,
  app,
}) => {
  const email = uniqueEmail('proprio-hors-ligne');
  await owner.open(page);
  await swReady(page);
  await owner.answerUpToRooms(page); // the city lists need the network once
  await goDark(app, context);

  await owner.radio(page, '5 pièces et +').check();
  await owner.next(page).click();
  await owner.radio(page, '4').check();
  await owner.next(page).click();
  await owner.radio(page, 'Aucune').check();
  await owner.next(page).click();
  await owner.next(page).click(); // PRICE left empty
  await owner.next(page).click(); // WITH_DOC
  await owner.next(page).click(); // DESC
  await owner.fillContact(page, email);
  await page.getByRole('button', { name: 'Envoyer ma demande' }).click();

  await expect(owner.title(page)).toHaveText('Votre demande est prête à partir');
  const status = page.getByTestId('submission-status');
  await expect(status).toContainText('En attente du réseau');
  await expect(page.getByTestId('outbox-count')).toHaveText('1');
  // Reopened while it waits (a reload, still without network): the same honest CONFIRM.
  await page.reload();
  await appStarted(page);
  await expect(owner.title(page)).toHaveText('Votre demande est prête à partir');
  await expect(status).toContainText('En attente du réseau');

  await comeBack(app, context);
  // Nothing to press: the page has the worker replay, and CONFIRM changes by itself.
  await expect(owner.title(page)).toHaveText('Merci, votre demande est bien enregistrée', {
    timeout: timeouts.background,
  });
  await expect(status).toContainText('votre demande est bien arrivée');
  expect(app.query('select id from owner_contact where email = ?', email)).toHaveLength(1);
  expect(
    app.query(
      'select p.id from owner_property p join owner_contact c on c.id = p.contact_id where c.email = ?',
      email,
    ),
  ).toHaveLength(1);
  expect(await mailsTo(page, email)).toHaveLength(1);
});

test('the buyer signup finished offline waits on CONFIRM, then arrives once by itself', async ({
  page,
  context,
  app,
}) => {
  const email = uniqueEmail('acquereur-hors-ligne');
  await page.goto('/signup');
  await swReady(page);
  await buyer.answerUpTo(page, 5); // departments and cities need the network once
  await goDark(app, context);
  await buyer.answerSteps(page, 6, 15);
  await buyer.fillUser(page, email);
  await page.keyboard.press('Enter');

  await expect(buyer.title(page)).toHaveText('Votre inscription est prête à partir');
  await expect(page.getByTestId('submission-status')).toContainText('En attente du réseau');
  await page.reload();
  await appStarted(page);
  await expect(buyer.title(page)).toHaveText('Votre inscription est prête à partir');

  await comeBack(app, context);
  await expect(buyer.title(page)).toHaveText('Merci, votre inscription est enregistrée', {
    timeout: timeouts.background,
  });
  const users = app.query<{ id: string }>('select id from app_user where email = ?', email);
  expect(users).toHaveLength(1);
  expect(app.query('select id from buyer_project where user_id = ?', users[0]!.id)).toHaveLength(1);
  expect(await mailsTo(page, email)).toHaveLength(1);
});

test('a registration refused after the network came back (409) shows the server message and keeps the answers', async ({
  page,
  context,
  app,
}) => {
  await page.goto('/signup');
  await swReady(page);
  await buyer.answerUpTo(page, 5);
  await goDark(app, context);
  await buyer.answerSteps(page, 6, 15);
  await buyer.fillUser(page, 'client@demo.chassimmo.fr'); // an account that exists
  await page.keyboard.press('Enter');
  await expect(buyer.title(page)).toHaveText('Votre inscription est prête à partir');

  await comeBack(app, context);
  const status = page.getByTestId('submission-status');
  await expect(status).toHaveAttribute('data-status', 'failed', { timeout: timeouts.background });
  await expect(status).toContainText('Un compte existe déjà');
  await expect(buyer.title(page)).toHaveText('Votre inscription n’a pas pu être envoyée');
  await expect(page.getByText(/Cliquez sur son lien/)).toHaveCount(0);
  await status.getByRole('button', { name: 'Corriger mes réponses' }).click();
  await expect(page.getByText(/Un compte existe déjà/).first()).toBeVisible();
  await expect(page.getByLabel('Nom', { exact: true })).toHaveValue('Martin');
  await expect(page.getByLabel('Adresse mail')).toHaveValue('client@demo.chassimmo.fr');
  // The draft stays until the server has accepted it.
  const draft = await storedDraft(page, 'buyer');
  expect(draft).toMatchObject({ answers: { lastname: 'Martin' } });
  expect(
    app.query('select id from app_user where email = ?', 'client@demo.chassimmo.fr'),
  ).toHaveLength(1);
});

test('a replay answered 500, cut off, or whose answer is lost is retried until the server has it, once', async ({
  page,
  context,
  app,
}) => {
  const email = uniqueEmail('panne');
  const body = { ...validOwnerSubmission, contact: { ...validOwnerSubmission.contact, email } };
  await page.goto('/');
  await swReady(page);
  await context.setOffline(true);
  const answer = await page.evaluate(async (body) => {
    const res = await fetch('/api/public/biens', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify(body),
    });
    return res.status;
  }, body);
  expect(answer).toBe(202);
  app.inject('/api/public/biens', '500', 'abort', 'lost-answer', '503');
  await context.setOffline(false);

  const outbox = page.getByTestId('outbox');
  await expect(outbox.getByRole('button').first()).toHaveText('Tout est envoyé', {
    timeout: timeouts.background,
  });
  expect(app.faults.get('/api/public/biens')).toEqual([]);
  // Reached twice: the lost answer, then the repeat the server recognised by its key.
  expect(app.reached.get('/api/public/biens')).toBe(2);
  expect(app.query('select id from owner_contact where email = ?', email)).toHaveLength(1);
  expect(await mailsTo(page, email)).toHaveLength(1);
});

test('two tabs sending the same draft make one record', async ({ page, context, app }) => {
  const email = uniqueEmail('deux-onglets');
  await owner.open(page);
  await swReady(page);
  await owner.answerUpToContact(page);
  // The second tab opens on the same draft (the same Idempotency-Key), at CONTACT.
  const second = await context.newPage();
  await second.goto(owner.PATH);
  await expect(owner.title(second)).toHaveText('Comment pouvons-nous vous joindre ?');
  await owner.fillContact(page, email);
  await owner.fillContact(second, email);

  // Both pressed without network: two requests queued under one key.
  await context.setOffline(true);
  for (const tab of [page, second]) {
    await tab.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(owner.title(tab)).toHaveText('Votre demande est prête à partir');
  }
  await expect(page.getByTestId('outbox-count')).toHaveText('1');

  await context.setOffline(false);
  for (const tab of [page, second]) {
    await expect(owner.title(tab)).toHaveText('Merci, votre demande est bien enregistrée', {
      timeout: timeouts.background,
    });
  }
  expect(app.query('select id from owner_contact where email = ?', email)).toHaveLength(1);
  // The identical copy was dropped by the worker, without a request.
  expect(app.reached.get('/api/public/biens')).toBe(1);
  expect(await mailsTo(page, email)).toHaveLength(1);
});

test.describe('a new version', () => {
  const NEXT = `${process.env.DIST_DIR ?? 'dist'}-next`;

  test.beforeAll(() => {
    // The same sources built again under another version: every page's HTML changes, so the
    // worker's precache list, so sw.js.
    execFileSync(process.execPath, ['scripts/build.mjs'], {
      env: { ...process.env, DIST_DIR: NEXT, APP_VERSION: 'e2e-next' },
      // A failed build throws with its error output.
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  });

  test('is offered with the spec sentence, never reloads without a yes, and reloads onto it after yes', async ({
    page,
    context,
    app,
  }) => {
    const mark = (tab: Page) =>
      tab.evaluate(() => ((window as unknown as { stay: boolean }).stay = true));
    const marked = (tab: Page) =>
      tab.evaluate(() => (window as unknown as { stay?: boolean }).stay);
    await owner.open(page);
    await swReady(page);
    // A second tab, open on another page all along.
    const other = await context.newPage();
    await other.goto('/tarifs');
    await swReady(other);
    await mark(other);
    const before = await page.locator('meta[name="version"]').getAttribute('content');
    await page.getByRole('button', { name: 'C’est parti !' }).click();
    await owner.radio(page, 'Investissement locatif').check();
    await owner.next(page).click();
    await owner.radio(page, '3').check(); // half-filled: on step 3, not yet saved by Next
    await mark(page);

    await app.stop();
    await app.start(NEXT);
    // The page looks for a new version when it comes back to the foreground.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText(
      'A new version available! Would you like to refresh and access this new version?',
      { timeout: timeouts.background },
    );
    // Waiting is not consent: the new worker stays installed and waiting (no skipWaiting was
    // sent), through one more return to the foreground and a finished update check; still the
    // same page, the answer still checked. Read from the worker's state, not a clock.
    const newWorkerState = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.waiting?.state ?? registration?.installing?.state ?? 'none';
      });
    await expect.poll(newWorkerState).toBe('installed');
    await page.evaluate(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    expect(await newWorkerState()).toBe('installed');
    expect(await marked(page)).toBe(true);
    await expect(owner.radio(page, '3')).toBeChecked();

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Actualiser' }).click();
    await reloaded;
    await appStarted(page);
    expect(await marked(page)).toBeUndefined();
    await expect(page.locator('meta[name="version"]')).toHaveAttribute('content', 'e2e-next');
    expect(before).not.toBe('e2e-next');
    // The draft came through the reload.
    await expect(page.getByText('Vos réponses ont été retrouvées')).toBeVisible();

    // The other tab was not reloaded by this yes; it asks too, and its own yes reloads it.
    expect(await marked(other)).toBe(true);
    const otherPrompt = other.getByTestId('update-prompt');
    await expect(otherPrompt).toBeVisible();
    const otherReloaded = other.waitForEvent('load');
    await otherPrompt.getByRole('button', { name: 'Actualiser' }).click();
    await otherReloaded;
    await appStarted(other);
    await expect(other.locator('meta[name="version"]')).toHaveAttribute('content', 'e2e-next');
  });
});
