import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { appStarted, signedInContext } from './fixtures';
import { expectAccessible } from './support/accessible';
import { expect, test } from './support/own-server';
import { bearer, demo } from './support/sign-in';
import { timeouts } from './support/timeouts';

/**
 * Work handed over and the mail queue (issue 29), on a server of its own: the test archives the
 * demo hunter, whom every other spec signs in as. The admin archives him; the screen asks who
 * takes his buyers and owner leads, a hunter created for the test gets them all and one mail
 * listing them; the manager finds that mail in « Courriels », reads it, and sends it again.
 */

const SHOTS = '.tmp/handover-shots';

interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  links: string[];
}

async function outbox(request: APIRequestContext, to: string): Promise<OutboxMail[]> {
  const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
  return (await response.json()) as OutboxMail[];
}

/**
 * A new active hunter: created by the admin (POST /api/admin/users), who then chooses a password
 * through the e-mailed link, as a person would. Their id.
 */
async function newHunter(request: APIRequestContext, admin: Record<string, string>) {
  const email = `ines.relais-${randomUUID().slice(0, 8)}@exemple.fr`;
  const created = await request.post('/api/admin/users', {
    headers: admin,
    data: { lastname: 'Relais', firstname: 'Inès', email, phone: '', roles: [2] },
  });
  expect(created.status()).toBe(201);
  const { _id } = (await created.json()) as { _id: string };
  const [welcome] = await outbox(request, email);
  const link = welcome!.links.find((l) => l.includes('/reinitialiser-mot-de-passe/'))!;
  const chosen = await request.post('/api/auth/reset-password', {
    data: {
      token: link.split('/').pop(),
      password: 'Relais2026!',
      passwordConfirm: 'Relais2026!',
    },
  });
  expect(chosen.status()).toBe(200);
  return { id: _id, email };
}

/** The ids of the buyers and owner leads a hunter works, as the API lists them. */
async function workOf(request: APIRequestContext, headers: Record<string, string>, id: string) {
  const ids = async (path: string) => {
    const response = await request.get(`${path}?hunter=${id}&pageSize=100`, {
      headers,
    });
    expect(response.status()).toBe(200);
    const page = (await response.json()) as { items: { userId?: string; id?: number }[] };
    return page.items.map((r) => String(r.userId ?? r.id)).sort();
  };
  return { buyers: await ids('/api/staff/buyers'), leads: await ids('/api/staff/leads') };
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('handing work over (issue 29)', () => {
  test.use({ signedInAs: 'admin' });
  test.setTimeout(timeouts.scenario);

  test('the admin archives the demo hunter, his records go to the hunter chosen, the manager reads the mail', async ({
    page,
    browser,
    request,
    baseURL,
  }, testInfo) => {
    const admin = await bearer(page.request, demo('admin'));
    const ines = await newHunter(page.request, admin);
    const hunters = (await (
      await page.request.get(`/api/users?q=${encodeURIComponent(demo('chasseur'))}`, {
        headers: admin,
      })
    ).json()) as { items: { _id: string }[] };
    const charles = hunters.items[0]!._id;
    const before = await workOf(page.request, admin, charles);
    expect(before.buyers.length).toBeGreaterThan(0);
    expect(before.leads.length).toBeGreaterThan(0);

    await page.goto(`/wh-dashboard/utilisateurs?q=${encodeURIComponent(demo('chasseur'))}`);
    await page
      .getByRole('row')
      .filter({ hasText: demo('chasseur') })
      .getByRole('button')
      .click();
    const panel = page.getByRole('region', { name: /Charles/ });
    await panel.getByRole('button', { name: 'Archiver' }).click();

    // Refused by the server without a target: the dialog says how much he still follows.
    const dialog = page.getByRole('dialog', { name: 'Archiver Charles Chasseur\u202f?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      /Charles Chasseur suit encore \d+\u00a0acquéreurs? et \d+\u00a0propriétaires?\u00a0: choisissez à qui les confier\./,
    );
    // What he follows, archived clients included (the lists show the active ones by default).
    const [, buyersSaid, leadsSaid] = /suit encore (\d+)\u00a0acquéreurs? et (\d+)/.exec(
      (await dialog.textContent()) ?? '',
    )!;
    expect(Number(buyersSaid)).toBeGreaterThanOrEqual(before.buyers.length);
    expect(Number(leadsSaid)).toBe(before.leads.length);
    const choice = dialog.getByLabel('Confier ses dossiers à');
    await expect(choice.locator('option', { hasText: 'Inès Relais' })).toHaveCount(1);
    await expect(choice.locator('option', { hasText: 'Charles Chasseur' })).toHaveCount(0);
    // Nothing chosen: asked again, nothing sent.
    await dialog.getByRole('button', { name: 'Archiver et confier les dossiers' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choisissez à qui confier ses dossiers.');
    await choice.selectOption({ label: 'Inès Relais' });
    await expectAccessible(page, testInfo, 'dialogue de passation');
    await shoot(page, 'handover-dialog');

    await dialog.getByRole('button', { name: 'Archiver et confier les dossiers' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('ses dossiers sont confiés à Inès Relais')).toBeVisible();
    await expect(panel).toContainText('Archivé');

    // Every record moved, none left with the archived hunter.
    expect(await workOf(page.request, admin, charles)).toEqual({ buyers: [], leads: [] });
    expect(await workOf(page.request, admin, ines.id)).toEqual(before);
    // « Aujourd’hui » and the buyers list name Inès where they named Charles.
    await page.goto('/wh-dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const today = (await (
      await page.request.get('/api/staff/today', { headers: admin })
    ).json()) as {
      projects: { hunterId: string | null }[];
      leads: { hunterId: string | null }[];
    };
    expect([...today.projects, ...today.leads].some((r) => r.hunterId === charles)).toBe(false);
    await page.goto(`/wh-dashboard/acquereurs?hunter=${ines.id}`);
    await expect(page.getByRole('table')).toContainText(/Inès Relais|Relais Inès/);
    await expect(page.getByRole('table')).not.toContainText(/Charles Chasseur|Chasseur Charles/);

    // One mail to Inès listing what she received.
    const received = (await outbox(page.request, ines.email)).filter((m) =>
      m.subject.startsWith('Dossiers confiés'),
    );
    expect(received).toHaveLength(1);
    expect(
      received[0]!.links.filter((l) => /\/wh-dashboard\/(acquereurs|proprietaires)\//.test(l)),
    ).toHaveLength(Number(buyersSaid) + Number(leadsSaid));

    // The manager reads the mail queue: searches Inès, opens the mail, sends it again.
    const context = await signedInContext(browser, request, baseURL!, 'manager');
    // The cookie choice already made, as the fixture does for the test's own page.
    await context.addInitScript(() => {
      localStorage.setItem('cookie_consent', JSON.stringify({ choice: 'refused', at: Date.now() }));
    });
    const manager = await context.newPage();
    await manager.goto('/wh-dashboard');
    await appStarted(manager);
    await manager.getByRole('link', { name: 'Courriels' }).click();
    await expect(manager.getByRole('heading', { level: 1, name: 'Courriels' })).toBeVisible();
    await manager.getByLabel('Rechercher un destinataire').fill('ines.relais');
    await manager.getByRole('button', { name: 'Rechercher' }).click();
    // Her welcome, « mot de passe modifié » and the handover: each a row, nobody else's.
    const hers = (await outbox(page.request, ines.email)).length;
    const rows = manager.getByRole('row').filter({ hasText: ines.email });
    await expect(rows).toHaveCount(hers);
    await expect(manager.getByRole('row')).toHaveCount(hers + 1);
    await expect(manager.getByRole('table')).not.toContainText(demo('admin'));
    await manager.getByRole('button', { name: /^Dossiers confiés/ }).click();
    const reader = manager.getByRole('dialog', { name: /^Dossiers confiés/ });
    await expect(reader.getByTestId('mail-text')).toContainText(
      'Le compte de Charles Chasseur est archivé',
    );
    await expect(reader).toContainText(ines.email);
    await expectAccessible(manager, testInfo, 'courriel ouvert (texte)');
    await shoot(manager, 'mail-text');
    await reader.getByRole('button', { name: 'Mise en forme' }).click();
    const frame = reader.frameLocator('iframe[title="Courriel mis en forme"]');
    await expect(frame.getByText('Le compte de Charles Chasseur est archivé')).toBeVisible();
    await expect(reader.locator('iframe')).toHaveAttribute('sandbox', '');
    await shoot(manager, 'mail-html');
    await expect(reader.getByRole('button', { name: /^Renvoyer/ })).toBeVisible();
    await reader.getByRole('button', { name: /^Renvoyer/ }).click();
    await expect(manager.getByText(`Une copie du courriel part à ${ines.email}.`)).toBeVisible();
    await reader.getByRole('button', { name: 'Fermer' }).first().click();
    await expect(reader).toBeHidden();
    await expect(rows).toHaveCount(hers + 1);

    // The welcome mail: its password link is masked for whoever reads the queue.
    await manager.getByRole('button', { name: /est prêt$/ }).click();
    const welcome = manager.getByRole('dialog', { name: /est prêt$/ });
    await expect(welcome.getByTestId('mail-text')).toContainText('[lien personnel masqué]');
    await expect(welcome.getByTestId('mail-text')).not.toContainText(
      '/reinitialiser-mot-de-passe/',
    );
    await expect(welcome).toContainText('Les liens personnels de ce courriel');
    await welcome.getByRole('button', { name: 'Fermer' }).first().click();
    await manager.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(manager, testInfo, 'courriels à 390 px');
    await manager.screenshot({ path: `${SHOTS}/mails-390.png`, fullPage: true });
    await manager.setViewportSize({ width: 1280, height: 800 });
    await manager.screenshot({ path: `${SHOTS}/mails-1280.png`, fullPage: true });
    await context.close();

    // A chasseur has no « Courriels », and the server refuses them the queue.
    const hunter = await bearer(page.request, demo('chasseur3'));
    expect((await page.request.get('/api/admin/mails', { headers: hunter })).status()).toBe(403);
  });
});
