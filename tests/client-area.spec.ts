import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { appStarted, type DemoAccount, expect, queryDb, signedInContext, test } from './fixtures';
import { demo, PASSWORD, signIn } from './support/sign-in';
import { openDashboardWithWorker, userIdOf } from './support/offline-changes';
import { timeouts } from './support/timeouts';

/**
 * The client area (issue 16), on the real server with its demo data (server/db/seed-demo-work.ts):
 * demo buyers followed by the demo hunter, whose projects he moved along the stages.
 */

/** A JPEG as a phone takes it: 4000 × 3000 px, several megabytes, drawn in the page. */
async function phonePhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 4000;
    canvas.height = 3000;
    const ctx = canvas.getContext('2d')!;
    const gradient = ctx.createLinearGradient(0, 0, 4000, 3000);
    gradient.addColorStop(0, '#f4efe6');
    gradient.addColorStop(1, '#5b6f8a');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 4000, 3000);
    // Fine detail, as in a photo of a printed page: JPEG cannot squeeze it much.
    for (let i = 0; i < 60_000; i++) {
      ctx.fillStyle = `hsl(${(i * 37) % 360} 40% ${30 + (i % 50)}%)`;
      ctx.fillRect((i * 7919) % 4000, (i * 104_729) % 3000, 6, 6);
    }
    return canvas.toDataURL('image/jpeg', 0.97).split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj <<>> endobj\n% ${text}\ntrailer <<>>\n%%EOF\n`, 'latin1');

const documentRow = (page: Page, kind: string) => page.getByTestId(`document-${kind}`);

async function upload(row: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  await row.locator('input[type=file]').setInputFiles(file);
}

/** A member of staff in a browser of their own, signed in (tests/fixtures.ts), on their home. */
async function staffPage(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string | undefined,
  who: DemoAccount,
) {
  const context = await signedInContext(browser, request, baseURL!, who);
  const page = await context.newPage();
  await page.goto('/wh-dashboard');
  await appStarted(page);
  return page;
}

test.describe('client area (issue 16)', () => {
  test.setTimeout(timeouts.scenario);

  test('a demo client follows the project, edits the search, sends documents, takes the data and leaves', async ({
    page,
    browser,
    baseURL,
  }) => {
    // acheteur13: followed by the demo hunter, who moved the project to « Offre d’achat ».
    const email = demo('acheteur13');
    const id = userIdOf(email);
    await signIn(page, email);
    await page.waitForURL(/\/dashboard/);

    // « Mon projet »: the nine stages, the current one marked, the past ones dated; the hunter.
    await expect(page.getByTestId('project-stage')).toHaveText('Offre d’achat');
    const timeline = page.getByTestId('stage-timeline');
    await expect(timeline.getByRole('listitem')).toHaveCount(9);
    await expect(timeline.locator('[aria-current="step"]')).toContainText('Offre d’achat');
    await expect(timeline.getByRole('listitem').first()).toContainText(
      /Le \d+(?:er)?\s\w+\s20\d\d/,
    );
    await expect(page.getByTestId('hunter')).toContainText('Charles Chasseur');

    // « Mes critères »: the wizard's own steps; a new budget and one more city.
    await page.getByRole('button', { name: 'Modifier mes critères' }).click();
    const editor = page.getByTestId('criteria-step');
    await page.getByLabel('Aller à la question').selectOption({ label: 'Villes' });
    const unchecked = editor.getByRole('checkbox', { checked: false }).first();
    const newCity = ((await unchecked.getAttribute('value')) ?? '').trim();
    expect(newCity).not.toBe('');
    await unchecked.check();
    await page.getByLabel('Aller à la question').selectOption({ label: 'Budget' });
    await editor.getByRole('spinbutton').fill('735000');
    await page.getByRole('button', { name: 'Enregistrer mes critères' }).click();
    const criteria = page.locator('#mes-criteres');
    await expect(criteria).toContainText(/735\s000\s€/);
    await expect(criteria).toContainText(newCity);

    // The hunter's fiche shows the change, and when the client made it.
    const hunter = await staffPage(browser, page.request, baseURL, 'chasseur');
    await hunter.goto(`/wh-dashboard/acquereurs/${id}`);
    await expect(hunter.getByText(/735\s000\s€/).first()).toBeVisible();
    await expect(hunter.getByText(newCity).first()).toBeVisible();
    await expect(hunter.getByTestId('criteria-edited')).toContainText(
      /Modifiés par le client\s+le \d+(?:er)?\s\w+/,
    );
    // The trail says what moved, in the fiche's words.
    await hunter.getByText(/Historique des actions/).click();
    await expect(hunter.getByText(/^Budget\s:\s.+→\s735\s000\s€$/)).toBeVisible();
    await hunter.context().close();

    // « Mes documents »: a PDF, and a phone photo made smaller before it leaves the phone.
    await upload(documentRow(page, 'identite'), {
      name: 'carte-identite.pdf',
      mimeType: 'application/pdf',
      buffer: pdf('identite'),
    });
    await expect(page.getByTestId('document-status-identite')).toHaveText('Reçu');
    const photo = await phonePhoto(page);
    expect(photo.length).toBeGreaterThan(1_500_000);
    await upload(documentRow(page, 'domicile'), {
      name: 'IMG_2041.jpeg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await expect(page.getByTestId('document-status-domicile')).toHaveText('Reçu', {
      timeout: timeouts.background,
    });
    const [stored] = queryDb<{ size: number; mime: string; original_name: string }>(
      `select size, mime, original_name from client_document where user_id = ? and kind = 'domicile'`,
      id,
    );
    expect(stored!.mime).toBe('image/jpeg');
    expect(stored!.original_name).toBe('IMG_2041.jpg');
    expect(stored!.size).toBeLessThan(photo.length / 2);

    // The manager refuses the photo, with the reason the client will read.
    const manager = await staffPage(browser, page.request, baseURL, 'manager');
    await manager.goto(`/wh-dashboard/acquereurs/${id}`);
    const staffRow = manager.getByTestId('staff-document-domicile');
    await staffRow.getByRole('button', { name: /^Refuser Justificatif/ }).click();
    await staffRow.getByLabel(/Motif/).fill('La facture a plus de trois mois.');
    await staffRow.getByRole('button', { name: 'Refuser le document' }).click();
    await expect(manager.getByTestId('document-status-domicile')).toHaveText('Refusé');
    await manager.context().close();

    await page.reload();
    await expect(page.getByTestId('document-status-domicile')).toHaveText('Refusé');
    await expect(page.getByTestId('document-reason-domicile')).toContainText(
      'La facture a plus de trois mois.',
    );
    await upload(documentRow(page, 'domicile'), {
      name: 'facture-novembre.pdf',
      mimeType: 'application/pdf',
      buffer: pdf('facture'),
    });
    await expect(page.getByTestId('document-status-domicile')).toHaveText('Reçu');
    await expect(page.getByTestId('document-reason-domicile')).toHaveCount(0);

    // « Télécharger mes données »: a JSON file with what is kept about them.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger mes données' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as Record<
      string,
      unknown
    >;
    expect(JSON.stringify(exported)).toContain(email);
    expect(JSON.stringify(exported)).toContain('735000');
    expect(JSON.stringify(exported)).not.toContain('password');

    // « Supprimer mon compte »: with the password; then no sign-in, and staff see it deleted.
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Votre mot de passe').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await expect(dialog.getByRole('heading', { name: 'Votre compte est supprimé' })).toBeVisible();
    // « Terminer » signs out, which ends in a reload of the page: wait for that document, or
    // the next navigation races it.
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Terminer' }).click();
    await reloaded;
    await expect(page).not.toHaveURL(/\/dashboard/);

    await signIn(page, email);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/signin/);

    // The directeur's password belongs to tests/auth.spec.ts (its reset test): the admin looks.
    const staffList = await staffPage(browser, page.request, baseURL, 'admin');
    await staffList.goto(
      `/wh-dashboard/acquereurs?archived=1&q=${encodeURIComponent(`supprime-${id}`)}`,
    );
    await expect(staffList.getByRole('link', { name: /Compte supprimé/ })).toBeVisible();
    await staffList.context().close();
  });
});

test.describe('client area offline (issue 16)', () => {
  test.use({ serviceWorkers: 'allow' });
  test.setTimeout(timeouts.scenario);

  test('opens without network with the kept project and its date; a criteria edit and a document sent offline arrive once', async ({
    page,
    context,
  }) => {
    // acheteur21: followed by the demo hunter, at « Recherche ».
    const email = demo('acheteur21');
    const id = userIdOf(email);
    await openDashboardWithWorker(page, email);
    await expect(page.getByTestId('project-stage')).toHaveText('Recherche');

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('project-stage')).toHaveText('Recherche');
    await expect(page.getByText(/à jour le \d\d\/\d\d à \d+\s?h\s?\d\d/)).toBeVisible();

    const budget = 400_000 + Math.floor(Math.random() * 400) * 1000;
    await page.getByRole('button', { name: 'Modifier mes critères' }).click();
    await page.getByLabel('Aller à la question').selectOption({ label: 'Budget' });
    await page.getByTestId('criteria-step').getByRole('spinbutton').fill(String(budget));
    await page.getByRole('button', { name: 'Enregistrer mes critères' }).click();
    const pending = page.getByTestId('pending-criteria');
    await expect(pending).toContainText('En attente');

    // A document sent without network waits in the outbox too, with its name and state.
    await upload(documentRow(page, 'impots'), {
      name: 'avis-imposition.pdf',
      mimeType: 'application/pdf',
      buffer: pdf('avis'),
    });
    const waiting = page.getByTestId('pending-document-impots');
    await expect(waiting).toContainText('En attente');
    await expect(waiting).toContainText('avis-imposition.pdf');

    await page.reload();
    await expect(page.getByTestId('pending-criteria')).toContainText('En attente');
    await expect(page.getByTestId('pending-document-impots')).toContainText('En attente');
    await expect(page.getByTestId('document-status-impots')).toHaveText('À fournir');

    await context.setOffline(false);
    await expect(page.getByTestId('pending-criteria')).toHaveCount(0, {
      timeout: timeouts.background,
    });
    await expect(page.getByTestId('pending-document-impots')).toHaveCount(0, {
      timeout: timeouts.background,
    });
    await expect(page.getByTestId('document-status-impots')).toHaveText('Reçu');
    const documents = queryDb<{ n: number }>(
      `select count(*) as n from audit_log where record_id = ? and action = 'document.upload'`,
      id,
    );
    expect(documents[0]?.n).toBe(1);
    const project = queryDb<{ budget: number }>(
      'select budget from buyer_project where user_id = ?',
      id,
    );
    expect(project[0]?.budget).toBe(budget);
    const edits = queryDb<{ n: number }>(
      `select count(*) as n from audit_log where record_id = ? and action = 'criteria'`,
      id,
    );
    expect(edits[0]?.n).toBe(1);
  });
});
