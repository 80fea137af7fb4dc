import type { Page } from '@playwright/test';
import { MY_BASKET_PATH, type MyBasket } from '../src/domain/api/basket';
import { expect, queryDb, test } from './fixtures';
import { expectAccessible } from './support/accessible';
import { fillCheckout, payCheckout } from './support/checkout';
import { bearer, demo, signIn } from './support/sign-in';

// Issue 32: the checkout page between the basket's « Valider » and the payment, on a phone,
// against the real server and its test checkout (no Stripe key).
test.use({ viewport: { width: 390, height: 844 } });

const panel = (page: Page) => page.getByRole('dialog', { name: 'Mon panier' });

/** A client signed in, one pack in the basket, « Valider »: the checkout page. */
async function toCheckout(page: Page) {
  await signIn(page, demo('client'));
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/homestylz/pack/1');
  await page.getByRole('button', { name: 'Ajouter au panier' }).first().click();
  await panel(page).getByRole('button', { name: 'Valider' }).click();
  await expect(panel(page)).toBeHidden();
  await expect(page).toHaveURL(/\/homestylz\/commande$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Votre commande' })).toBeVisible();
}

/** The street the checkout's draft holds on the device (IndexedDB, drafts table). */
const storedStreet = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('chassimmo');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result
            .transaction('drafts')
            .objectStore('drafts')
            .get('homestylz-checkout');
          get.onsuccess = () => {
            open.result.close();
            const draft = get.result as { answers?: { address?: { street?: string } } } | undefined;
            resolve(draft?.answers?.address?.street);
          };
        };
      }),
  );

const myOrder = (page: Page, title: string) =>
  page
    .getByRole('region', { name: 'Mes commandes homestylz' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });

test('a client pays a pack with the address, a slot and the CGV, then finds it numbered and paid', async ({
  page,
}, testInfo) => {
  await toCheckout(page);
  const main = page.getByRole('main');
  // The basket and its total, the pre-contract information (L221-5), both boxes unticked.
  await expect(main.getByRole('complementary', { name: 'Votre panier' })).toContainText(
    'Total TTC',
  );
  const info = main.getByRole('region', { name: 'Avant de payer' });
  await expect(info).toContainText('homestylz, marque de');
  await expect(info).toContainText('article L221-18');
  await expect(info.getByRole('link', { name: 'formulaire de rétractation' })).toHaveAttribute(
    'href',
    '/homestylz/conditions-generales-de-vente#formulaire-de-retractation',
  );
  const cgv = main.getByRole('checkbox', {
    name: 'J’ai lu et j’accepte les conditions générales de vente de homestylz',
  });
  const express = main.getByRole('checkbox', {
    name: 'Je demande que la prestation commence avant la fin du délai de rétractation de 14\u00a0jours\u202f; si je me rétracte ensuite, je paierai la part déjà réalisée.',
  });
  await expect(cgv).not.toBeChecked();
  await expect(express).not.toBeChecked();
  await expect(
    main.getByRole('link', { name: 'conditions générales de vente de homestylz' }),
  ).toHaveAttribute('href', '/homestylz/conditions-generales-de-vente');
  await expectAccessible(page, testInfo, 'checkout page');

  // Sent empty: French messages beside each field, the focus on the first, nothing lost.
  await main.getByLabel('Adresse (numéro et voie)').fill('');
  await main.getByRole('button', { name: 'Payer', exact: true }).click();
  await expect(main.getByText('Indiquez l’adresse du bien (numéro et voie).')).toBeVisible();
  await expect(main.getByText('Choisissez la ville dans la liste.')).toBeVisible();
  await expect(main.getByText('Le code postal compte cinq chiffres.')).toBeVisible();
  await expect(main.getByText('Indiquez la surface du bien en m².')).toBeVisible();
  await expect(
    main.getByText('Cochez la case pour accepter les conditions générales de vente de homestylz.'),
  ).toBeVisible();
  await expect(main.getByLabel('Adresse (numéro et voie)')).toBeFocused();
  await expect(page).toHaveURL(/\/homestylz\/commande$/);
  await expectAccessible(page, testInfo, 'checkout page with errors');

  // Filled, reloaded: what was typed is kept (the boxes are ticked again, on purpose).
  await fillCheckout(page);
  await expect.poll(() => storedStreet(page)).toBe('12 rue des Lilas');
  await page.reload();
  await expect(main.getByLabel('Adresse (numéro et voie)')).toHaveValue('12 rue des Lilas');
  await expect(main.getByLabel('Code postal')).toHaveValue('75011');
  await expect(main.getByLabel('Surface (m²)')).toHaveValue('45');
  await expect(cgv).not.toBeChecked();
  await fillCheckout(page);

  const orderId = await payCheckout(page);
  await page.getByRole('button', { name: 'Payer (test)' }).click();
  await expect(page.getByRole('dialog', { name: 'Paiement réussi' })).toBeVisible();
  await page.getByRole('button', { name: 'Fermer' }).click();
  await expect(main.getByText('Merci pour votre commande.')).toBeVisible();

  const [row] = queryDb<{ number: string | null }>(
    'select number from orders where id = ?',
    orderId,
  );
  expect(row?.number).toMatch(/^HS-\d{4}-\d{4}$/);

  await page.goto('/dashboard');
  const order = myOrder(page, `Commande ${row!.number}`);
  await expect(order).toContainText('Payée');
  await expect(order).toContainText('12 rue des Lilas, 75011 Paris 11e');
  await expect(order).toContainText(/Total TTC\s*\d[\d\u202f\u00a0]*\u00a0€/);
  await expect(order).not.toContainText(/\d{4} €/);
  await expect(order.getByRole('button', { name: /^Télécharger la facture/ })).toBeVisible();
  await expectAccessible(page, testInfo, 'Mes commandes');
});

/** A promise and the function that settles it: what a held request waits for. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** « Payer (test) » on the test checkout: back on the checkout page, the return's dialog shows. */
async function backFromPaying(page: Page) {
  await page.getByRole('button', { name: 'Payer (test)' }).click();
  await expect(page.getByRole('dialog', { name: 'Paiement réussi' })).toBeVisible();
}

test('back from paying, the emptied basket stays empty even when the server’s basket arrives while it is being emptied', async ({
  page,
  context,
  request,
}) => {
  await toCheckout(page);
  await fillCheckout(page);
  await payCheckout(page);

  // The basket's table, held by another tab of the device (a readwrite transaction kept alive by
  // one request after another): the return's « empty the basket » waits in IndexedDB.
  const other = await context.newPage();
  await other.goto('/favicon.svg');
  await other.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('chassimmo');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result
            .transaction('basketLines', 'readwrite')
            .objectStore('basketLines');
          const w = window as unknown as { releaseBasket?: boolean };
          const hold = () => {
            if (!w.releaseBasket) store.count().onsuccess = hold;
          };
          hold();
          resolve();
        };
      }),
  );
  // The account's basket (still the pack: the server does not empty it) is answered only once
  // the return asked for the device's basket to be emptied (its dialog shows after that), and
  // read by the page before the table is let go (a mark set as the page reads the answer).
  const serverAnswer = gate();
  await page.route(`**${MY_BASKET_PATH}`, async (route) => {
    if (route.request().method() === 'GET') await serverAnswer.opened;
    await route.continue();
  });
  await page.addInitScript((path) => {
    const w = window as unknown as { basketAnswers?: number };
    for (const name of ['text', 'json'] as const) {
      const read = Response.prototype[name] as (this: Response) => Promise<unknown>;
      Object.defineProperty(Response.prototype, name, {
        configurable: true,
        value(this: Response) {
          const body = read.call(this);
          if (new URL(this.url).pathname === path)
            void body.then(() => (w.basketAnswers = (w.basketAnswers ?? 0) + 1));
          return body;
        },
      });
    }
  }, MY_BASKET_PATH);

  await backFromPaying(page);
  serverAnswer.open();
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { basketAnswers?: number }).basketAnswers ?? 0),
    )
    .toBeGreaterThan(0);
  await other.evaluate(
    () => ((window as unknown as { releaseBasket?: boolean }).releaseBasket = true),
  );
  await other.close();

  await page.getByRole('button', { name: 'Fermer' }).click();
  const main = page.getByRole('main');
  await expect(main.getByText('Merci pour votre commande.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Mon panier/ })).toHaveAccessibleName(
    'Mon panier',
  );
  // Emptied on the server too: another device, or this one reloaded, shows no basket.
  const client = await bearer(request, demo('client'));
  await expect
    .poll(async () => {
      const answer = await request.get(MY_BASKET_PATH, { headers: client });
      return ((await answer.json()) as MyBasket).lines.length;
    })
    .toBe(0);
  await page.reload();
  await expect(main.getByText('Votre panier est vide.')).toBeVisible();
});

test('the checkout page and its errors are accessible at 1280 px too', async ({
  page,
}, testInfo) => {
  await toCheckout(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page, testInfo, 'checkout page (1280 px)');
  await page.getByRole('main').getByRole('button', { name: 'Payer', exact: true }).click();
  await expect(page.getByText('Choisissez la ville dans la liste.')).toBeVisible();
  await expectAccessible(page, testInfo, 'checkout page with errors (1280 px)');
});

test('an abandoned checkout shows « Reprendre le paiement » in « Mes commandes », which leads back to the payment', async ({
  page,
}) => {
  await toCheckout(page);
  await fillCheckout(page);
  const orderId = await payCheckout(page);
  // Left without paying: back to the checkout page.
  await page.goBack();
  await expect(page).toHaveURL(/\/homestylz\/commande$/);

  await page.goto('/dashboard');
  const [row] = queryDb<{ created_at: string }>(
    'select created_at from orders where id = ?',
    orderId,
  );
  const day = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' })
    .format(new Date(row!.created_at))
    .replace(/\s+/g, '\u00a0');
  const pending = myOrder(page, `Commande du ${day}`).filter({
    hasText: 'En attente de paiement',
  });
  await expect(pending.first()).toBeVisible();
  const resume = pending.getByRole('button', { name: /^Reprendre le paiement/ });
  await expect(resume.first()).toBeVisible();
  await expect(pending.getByRole('button', { name: /^Annuler/ }).first()).toBeVisible();
  // The most recent is first: ours.
  await resume.first().click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderId}$`));
  await expect(page.getByRole('button', { name: 'Payer (test)' })).toBeVisible();
});
