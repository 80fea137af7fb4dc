import { expect, queryDb, test } from './fixtures';
import { expectAccessible } from './support/accessible';
import { storedRecords, swReady } from './support/browser-state';
import { userIdOf } from './support/offline-changes';
import { demo, signIn } from './support/sign-in';
import { timeouts } from './support/timeouts';

/**
 * Issue 29, the hunter's records offline: after sign-in and one visit of « Aujourd’hui », every
 * buyer assigned to the hunter is on the device; with the network cut, each fiche (never opened
 * before) opens, dated; a stage move, confirmed, waits in the outbox and arrives once, with one
 * e-mail to the client.
 */

interface KeptAnswer {
  key: string;
  userId: string;
  path: string;
  fetchedAt: number;
}

/** The demo buyers the demo hunter follows (server/db/seed-demo-work.ts and the demo client). */
function demoBuyersOf(hunterId: string) {
  return queryDb<{ id: string; email: string; lastname: string }>(
    `select distinct u.id, u.email, u.lastname from app_user u
       join buyer_project p on p.user_id = u.id
      where u.id_chasseur = ? and u.is_archived = 0 and p.client_archived = 0
        and (u.email like 'acheteur%@demo.chassimmo.fr' or u.email = ?)`,
    hunterId,
    demo('client'),
  );
}

test.describe('the hunter’s records offline (issue 29)', () => {
  test.use({ serviceWorkers: 'allow' });
  test.setTimeout(timeouts.scenario);

  test('every assigned fiche opens offline; a stage move made offline arrives once, with one e-mail', async ({
    page,
    context,
  }, testInfo) => {
    const since = new Date().toISOString();
    const hunterId = userIdOf(demo('chasseur'));
    const buyers = demoBuyersOf(hunterId);
    expect(buyers.length).toBeGreaterThanOrEqual(5);

    // Sign-in, then « Aujourd’hui » once: the service worker installs, the records are kept.
    await signIn(page, demo('chasseur'), undefined, '/admin');
    await page.waitForURL(/\/wh-dashboard/);
    await expect(page.getByRole('heading', { level: 1, name: 'Aujourd’hui' })).toBeVisible();
    // The first opening on this device: the worker installs, the person is told when it is done.
    await expect(page.getByText(/Cet appareil est prêt/)).toBeVisible({
      timeout: timeouts.background,
    });
    await swReady(page);
    await expect
      .poll(
        async () => {
          const kept = new Set(
            (await storedRecords<KeptAnswer>(page, 'apiCache'))
              .filter((k) => k.userId === hunterId)
              .map((k) => k.path),
          );
          return buyers.filter((b) => !kept.has(`/api/staff/buyers/${b.id}`)).length;
        },
        { timeout: timeouts.background },
      )
      .toBe(0);

    await context.setOffline(true);
    // A reload without network now opens the area (before the worker, the browser's error page).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Aujourd’hui' })).toBeVisible();
    // Each buyer's fiche, never opened on this device: the kept one, dated, no server error.
    for (const buyer of buyers) {
      await page.goto(`/wh-dashboard/acquereurs/${buyer.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(buyer.lastname);
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: 'Hors ligne' })
          .filter({ hasText: /à jour le/ }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
      // Every part of the fiche was kept with it: nothing says it is missing, nothing fails.
      await expect(page.getByTestId('not-kept')).toHaveCount(0);
      await expect(page.getByText(/Impossible de joindre le serveur/)).toHaveCount(0);
    }
    await expectAccessible(page, testInfo, 'fiche acquéreur hors ligne');

    // A fiche that was never kept says so, calmly; so do the pipeline and the figures.
    await page.goto('/wh-dashboard/acquereurs/fiche-jamais-ouverte');
    await expect(page.getByTestId('not-kept')).toHaveText(
      'Cette fiche n’est pas encore enregistrée sur cet appareil. Elle s’affichera dès le retour du réseau.',
    );
    await expectAccessible(page, testInfo, 'fiche non enregistrée hors ligne');
    for (const [path, title] of [
      ['/wh-dashboard/pipeline', 'Pipeline'],
      ['/wh-dashboard/chiffres', 'Chiffres'],
      ['/wh-dashboard/acquereurs?q=introuvable', 'Acquéreurs'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(/Impossible de joindre le serveur/)).toHaveCount(0);
      await expect(page.getByText(/ce que vous avez saisi est conservé/)).toHaveCount(0);
    }

    // One stage move, offline, confirmed: kept with its state, across a reload.
    const buyer = buyers.find((b) => b.email === demo('acheteur5')) ?? buyers[0]!;
    await page.goto(`/wh-dashboard/acquereurs/${buyer.id}`);
    const stage = page.getByTestId('fiche-stage').first();
    const before = (await stage.textContent())!.trim();
    const forward = page.getByRole('button', { name: /^Passer à « (.+) » →$/ }).first();
    const to = /« (.+) »/.exec((await forward.textContent())!.replace(/\u00a0/g, ' '))![1]!;
    await forward.click();
    const dialog = page.getByRole('dialog', { name: 'Changer l’étape du projet\u202f?' });
    await expect(dialog).toContainText(`«\u00a0${before}\u00a0» → «\u00a0${to}\u00a0»`);
    await expect(dialog.getByLabel(/Prévenir le client par e-mail/)).toBeChecked();
    await expectAccessible(page, testInfo, 'confirmation du changement d’étape');
    await dialog.getByRole('button', { name: 'Confirmer le changement' }).click();
    const pending = page.getByTestId('pending-stage');
    await expect(pending).toContainText('En attente');
    await expect(pending).toContainText(to);
    await page.reload();
    await expect(page.getByTestId('pending-stage')).toContainText('En attente');
    await expect(stage).toHaveText(before);

    // Back online: the move arrives once, confirmed on the fiche, with one e-mail.
    await context.setOffline(false);
    await expect(page.getByTestId('pending-stage')).toHaveCount(0, {
      timeout: timeouts.background,
    });
    await expect(stage).toHaveText(to);
    const moves = queryDb<{ n: number }>(
      `select count(*) as n from project_stage_move m join buyer_project p on p.id = m.project_id
        where p.user_id = ? and m.at >= ?`,
      buyer.id,
      since,
    );
    expect(moves[0]?.n).toBe(1);
    const mails = queryDb<{ n: number }>(
      `select count(*) as n from mail_queue where recipient = ? and subject like 'Votre projet avance%'
          and created_at >= ?`,
      buyer.email,
      since,
    );
    expect(mails[0]?.n).toBe(1);
  });
});
