import path from 'node:path';
import type { Page } from '@playwright/test';
import { appStarted, expect, queryDb, signedInContext, test } from './fixtures';
import { expectAccessible } from './support/accessible';
import { swReady } from './support/browser-state';
import { demo } from './support/sign-in';
import { timeouts } from './support/timeouts';

/**
 * Issue 28: the hunter writes a visit report on a phone, attaches photos, loses the network,
 * sends it anyway, reloads with no network, and the report arrives once with its photos when
 * the network comes back; the photos on the server are upright and carry no EXIF.
 */

const photo = (n: number) => path.join('tests/fixtures/photos', `visite-${n}.jpg`);
const clientId = () =>
  queryDb<{ id: string }>('select id from app_user where email = ?', demo('client'))[0]!.id;

/**
 * Answers the report's questions from the address to the weaknesses, as a hunter would on the
 * phone; `look` is called on each screen before it is answered.
 */
async function answerQuestions(
  page: Page,
  look: (screen: string) => Promise<void> = async () => {},
) {
  const screen = async (title: string, fill: () => Promise<void>) => {
    await expect(page.locator('#compte-rendu-titre')).toHaveText(title);
    await look(title);
    await fill();
    await page.getByRole('button', { name: 'Suivant' }).click();
  };
  await screen('Où est le bien visité\u202f?', async () => {
    await page.getByLabel('Adresse (numéro et rue)').fill('12, rue des Lilas');
    await page.getByLabel('Département').selectOption('75');
    await page.getByLabel('Ville').selectOption('75111');
  });
  await screen('Quand avez-vous visité\u202f?', async () => {});
  await screen('Prix demandé', () => page.getByLabel('Prix affiché par le vendeur').fill('520000'));
  await screen('Surface et pièces', async () => {
    await page.getByLabel('Surface habitable').fill('48.5');
    await page.getByLabel('Nombre de pièces').fill('2');
  });
  await screen('Étage et ascenseur', async () => {
    await page.getByLabel('Étage', { exact: true }).fill('3');
    await page.getByRole('radio', { name: 'Oui' }).check();
  });
  await screen('Diagnostic de performance énergétique', async () => {
    await page.getByLabel('Consommation d’énergie primaire').fill('245');
    await page.getByLabel('Émissions de gaz à effet de serre').fill('52');
    await expect(page.getByText('Classe énergie E')).toBeAttached();
  });
  await screen('État du bien', () => page.getByText('Travaux à prévoir').click());
  await screen('Travaux à prévoir', async () => {
    await page.getByLabel('Quels travaux\u202f?').fill('Cuisine à refaire.');
    await page.getByLabel('Estimation des travaux').fill('15000');
  });
  await screen('Votre note', () => page.getByText('4 – Bien').click());
  await screen('Points forts', () =>
    page.getByLabel('Ce qui plaira au client (facultatif)').fill('Lumineux, traversant.'),
  );
  await screen('Points faibles', () =>
    page.getByLabel('Ce qu’il faut lui dire (facultatif)').fill('Sur rue.'),
  );
}

/** The draft's photos kept on this device (IndexedDB, src/db/draft-photos.repo.ts). */
const photosOnDevice = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('chassimmo');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('draftPhotos').objectStore('draftPhotos').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );

test.describe('visit reports written offline (issue 28)', () => {
  test.use({ serviceWorkers: 'allow', signedInAs: 'chasseur' });
  test.setTimeout(timeouts.scenario);

  test('a report with 3 photos sent offline survives a reload and arrives once with its photos; the buyer answers @mobile', async ({
    page,
    context,
    browser,
    request,
    baseURL,
  }) => {
    await page.goto('/wh-dashboard');
    await swReady(page);
    await page.goto(`/wh-dashboard/acquereurs/${clientId()}/compte-rendu`);
    await page.waitForURL(/\/wh-dashboard\/comptes-rendus\/[0-9a-f-]{36}$/);
    const ref = page.url().split('/').at(-1)!;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pour Claire Cliente');
    await page.getByRole('button', { name: 'C’est parti !' }).click();

    await answerQuestions(page);

    await expect(page.locator('#compte-rendu-titre')).toHaveText('Photos du bien');
    await page.getByTestId('photo-gallery-input').setInputFiles([photo(1), photo(2), photo(3)]);
    await expect(page.getByText('3 photos sur 12.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Photos ajoutées' }).getByRole('img')).toHaveCount(
      3,
    );
    expect(await photosOnDevice(page)).toBe(3);

    // No more signal: the rest is written and sent without network.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('radio', { name: 'À proposer' }).check();
    await page.getByLabel('Pourquoi\u202f?').fill('Correspond au budget et au quartier demandés.');
    await page.getByRole('button', { name: 'Envoyer le compte rendu' }).click();
    await expect(page.locator('#compte-rendu-titre')).toHaveText(
      'Le compte rendu est prêt à partir',
    );
    await expect(page.getByTestId('submission-status')).toHaveAttribute('data-status', 'queued');

    // A reload without network: the report and its photos are still on the device, waiting.
    await page.reload();
    await expect(page.locator('#compte-rendu-titre')).toHaveText(
      'Le compte rendu est prêt à partir',
    );
    await expect(page.getByTestId('submission-status')).toContainText('En attente du réseau');
    expect(await photosOnDevice(page)).toBe(3);
    expect(queryDb('select id from visit_report where ref = ?', ref)).toEqual([]);
    // The fiche, read from the device, says where the report stands.
    await page.getByRole('link', { name: '← Fiche du client' }).click();
    const reports = page.getByRole('region', { name: 'Comptes rendus de visite' });
    await expect(reports.getByTestId('visit-report-sending')).toContainText('En attente de réseau');
    await page.goBack();

    // The network comes back: the outbox sends the report and its photos, once.
    await context.setOffline(false);
    await expect(page.getByTestId('submission-status')).toHaveAttribute('data-status', 'sent', {
      timeout: timeouts.background,
    });
    await expect
      .poll(
        () =>
          queryDb<{ n: number; complete: string | null }>(
            `select (select count(*) from visit_photo where report_ref = r.ref) as n,
                    r.completed_at as complete
             from visit_report r where r.ref = ?`,
            ref,
          ),
        { timeout: timeouts.background },
      )
      .toEqual([{ n: 3, complete: expect.any(String) }]);
    expect(queryDb('select id from visit_report where ref = ?', ref)).toHaveLength(1);
    // Everything arrived: the device no longer keeps the photos.
    await expect.poll(() => photosOnDevice(page)).toBe(0);

    // The photos on the server: upright (visite-2 is stored landscape with EXIF orientation 6,
    // shown portrait), 1600 px at most, without EXIF or position.
    const ids = queryDb<{ id: string }>(
      'select id from visit_photo where report_ref = ? order by created_at',
      ref,
    ).map((r) => r.id);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const sizes = [];
    for (const id of ids) {
      const res = await page.request.get(`/api/visit-photos/${id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(res.status()).toBe(200);
      const bytes = await res.body();
      expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
      expect(bytes.includes(Buffer.from('GPS'))).toBe(false);
      sizes.push(
        await page.evaluate(
          async (data) => {
            const image = await createImageBitmap(new Blob([new Uint8Array(data)]));
            return [image.width, image.height];
          },
          [...bytes],
        ),
      );
    }
    expect(sizes).toEqual([
      [1600, 1067],
      [1067, 1600],
      [1600, 1067],
    ]);

    // The buyer reads it in « Mes visites » and answers.
    const client = await signedInContext(browser, request, baseURL!, 'client');
    const buyer = await client.newPage();
    await buyer.goto('/dashboard');
    await appStarted(buyer);
    const card = buyer
      .getByRole('region', { name: 'Mes visites' })
      .getByTestId('report-card')
      .filter({ hasText: '12, rue des Lilas' });
    // Its photos load as the card comes into view.
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByTestId('report-photos')).toHaveAttribute('data-loaded', '3', {
      timeout: timeouts.background,
    });
    await card.getByRole('button', { name: 'Ça m’intéresse' }).click();
    await expect(card.getByTestId('answer-given')).toContainText('Ça m’intéresse');
    await client.close();

    // The hunter sees the answer on the fiche.
    await page.goto(`/wh-dashboard/acquereurs/${clientId()}`);
    const row = page
      .getByRole('region', { name: 'Comptes rendus de visite' })
      .getByTestId('visit-report-row')
      .filter({ hasText: '12, rue des Lilas' });
    await expect(row.getByTestId('report-client-answer')).toContainText(
      'Réponse du client\u00a0: «\u00a0Ça m’intéresse\u00a0»',
    );
  });

  for (const tag of ['', ' @mobile']) {
    test(`every screen of the report form passes axe and French typography${tag}`, async ({
      page,
    }, testInfo) => {
      await page.goto(`/wh-dashboard/acquereurs/${clientId()}/compte-rendu`);
      await page.waitForURL(/\/wh-dashboard\/comptes-rendus\//);
      await expectAccessible(page, testInfo, 'compte rendu : introduction');
      await page.getByRole('button', { name: 'C’est parti !' }).click();
      await answerQuestions(page, (screen) =>
        expectAccessible(page, testInfo, `compte rendu : ${screen}`),
      );
      await page.getByTestId('photo-gallery-input').setInputFiles([photo(4)]);
      await expect(page.getByText('1 photo sur 12.')).toBeVisible();
      await expectAccessible(page, testInfo, 'compte rendu : photos');
      await page.getByRole('button', { name: 'Suivant' }).click();
      await expect(page.locator('#compte-rendu-titre')).toHaveText('Votre recommandation');
      await expectAccessible(page, testInfo, 'compte rendu : recommandation');
      await page.getByRole('link', { name: '← Fiche du client' }).click();
      await expect(page.getByTestId('report-draft')).toHaveCount(1);
      await expectAccessible(page, testInfo, 'fiche : brouillon de compte rendu');
    });
  }
});
