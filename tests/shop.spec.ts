import type { Page } from '@playwright/test';
import { appStarted, test, expect, queryDb } from './fixtures';
import { swReady } from './support/browser-state';
import { fillCheckout, payCheckout } from './support/checkout';
import { uniqueEmail } from './support/owner-flow';
import { demo, signIn } from './support/sign-in';

// Issue 14: the homestylz shop on a phone, against the real server and its SQLite file, with the
// server's own test checkout (no Stripe key: the default configuration).
test.use({ viewport: { width: 390, height: 844 } });

/** The basket button; its name carries the badge ('Mon panier (2)'), the badge itself is hidden from AT. */
const cart = (page: Page) => page.getByRole('button', { name: /^Mon panier/ });
const expectBadge = (page: Page, text: string) =>
  expect(cart(page)).toHaveAccessibleName(text ? `Mon panier (${text})` : 'Mon panier');
const panel = (page: Page) => page.getByRole('dialog', { name: 'Mon panier' });

async function addPackProducts(page: Page) {
  await page.goto('/homestylz/pack/1');
  const cards = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({
      has: page.getByRole('button', { name: 'Ajouter au panier' }),
    });
  await cards.first().getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(panel(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  const perM2 = cards.filter({ has: page.getByLabel('Surface (m²)') });
  await perM2.getByLabel('Surface (m²)').fill('24');
  await perM2.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(panel(page)).toBeVisible();
}

test('a basket paid through the test checkout: badge, suffixed name, quantities, Payer, order paid, one e-mail', async ({
  page,
  context,
}) => {
  await addPackProducts(page);
  // The m² product counts 1 in the badge whatever its surface; its name carries the surface.
  await expect(panel(page).getByText(/\(24\u00a0m²\)/)).toBeVisible();
  await expectBadge(page, '2');

  // A second tab sees each change at once, without a reload.
  const other = await context.newPage();
  await other.goto('/homestylz');
  await expectBadge(other, '2');

  const first = panel(page).getByRole('listitem').first();
  await first.getByRole('button', { name: /^Ajouter une unité/ }).click();
  await expectBadge(page, '3');
  await expectBadge(other, '3');
  await first.getByRole('button', { name: /^Retirer une unité/ }).click();
  await expectBadge(page, '2');
  await expect(panel(page).getByText('Sous-total')).toBeVisible();

  // A reload keeps the basket.
  await page.reload();
  await expectBadge(page, '2');

  await cart(page).click();
  await panel(page).getByRole('button', { name: 'Valider' }).click();
  // Issue 32: the checkout page first (its own spec: homestylz-checkout.spec.ts).
  await fillCheckout(page);
  const orderId = await payCheckout(page);
  const email = uniqueEmail('boutique');
  await page.getByLabel('Adresse e-mail pour la confirmation').fill(email);
  await page.getByRole('button', { name: 'Payer (test)' }).click();

  await expect(page.getByRole('dialog', { name: 'Paiement réussi' })).toBeVisible();
  await expect(page).toHaveURL(/\/homestylz\/commande$/);
  await expectBadge(page, '');
  await expectBadge(other, '');
  await page.getByRole('button', { name: 'Fermer' }).click();
  await expect(page.getByRole('dialog', { name: 'Paiement réussi' })).toBeHidden();

  const orders = queryDb<{ status: string; total_cents: number }>(
    'select status, total_cents from orders where id = ?',
    orderId,
  );
  expect(orders.map((o) => o.status)).toEqual(['paid']);
  expect(orders[0]?.total_cents).toBeGreaterThan(0);
  expect(queryDb('select id from mail_queue where recipient = ?', email)).toHaveLength(1);
});

test('a signed-in client pays without typing an e-mail and finds the order in « Mes commandes »', async ({
  page,
}) => {
  // client@ belongs to the settings test for its phone only; orders are its own here.
  await signIn(page, demo('client'));
  await expect(page).toHaveURL(/\/dashboard$/);
  await addPackProducts(page);
  await panel(page).getByRole('button', { name: 'Valider' }).click();
  await fillCheckout(page);
  const orderId = await payCheckout(page);
  await expect(page.getByText(/La confirmation sera envoyée à client@demo/)).toBeVisible();
  await page.getByRole('button', { name: 'Payer (test)' }).click();
  await expect(page.getByRole('dialog', { name: 'Paiement réussi' })).toBeVisible();

  const [row] = queryDb<{ total_cents: number; number: string }>(
    'select total_cents, number from orders where id = ?',
    orderId,
  );
  await page.goto('/dashboard');
  const orders = page.getByRole('region', { name: 'Mes commandes homestylz' });
  const order = orders
    .getByRole('listitem')
    .filter({ hasText: `Commande ${row!.number}` })
    .filter({ hasText: 'Payée' })
    .filter({
      hasText: new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })
        .format(row!.total_cents / 100)
        .replace(/,00/, ''),
    });
  await expect(order.first()).toBeVisible();
  await expect(order.first().getByText(/\(24\u00a0m²\)/)).toBeVisible();
});

test('Annuler on the test checkout comes back with « Payement Annulé » and keeps the basket', async ({
  page,
}) => {
  await addPackProducts(page);
  await expectBadge(page, '2');
  await panel(page).getByRole('button', { name: 'Valider' }).click();
  await fillCheckout(page);
  await payCheckout(page);
  await page.getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByRole('dialog', { name: 'Payement Annulé' })).toBeVisible();
  await expect(page).toHaveURL(/\/homestylz\/commande$/);
  await page.getByRole('button', { name: 'Fermer' }).click();
  await expectBadge(page, '2');
  // Back on the checkout page, what was typed is still there.
  await expect(page.getByLabel('Adresse (numéro et voie)')).toHaveValue('12 rue des Lilas');
});

test('a price changed on the device is refused by the server: its message on the checkout page, basket and form kept', async ({
  page,
}) => {
  await page.goto('/homestylz/pack/1');
  await page.getByRole('button', { name: 'Ajouter au panier' }).first().click();
  await expect(panel(page)).toBeVisible();
  await page.keyboard.press('Escape');
  // As a tampered page would: the stored line now says 1 €.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('chassimmo');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('basketLines', 'readwrite');
          const store = tx.objectStore('basketLines');
          const all = store.getAll();
          all.onsuccess = () => {
            for (const row of all.result as { product: { price: number } }[]) {
              row.product.price = 1;
              store.put(row);
            }
          };
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      }),
  );
  await page.reload();
  await cart(page).click();
  await expect(panel(page).getByText(/^1\s€ × 1$/)).toBeVisible();
  await panel(page).getByRole('button', { name: 'Valider' }).click();
  await fillCheckout(page);
  await page.getByRole('main').getByRole('button', { name: 'Payer', exact: true }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/.+/);
  await expect(page).toHaveURL(/\/homestylz\/commande$/);
  await expect(page.getByLabel('Adresse (numéro et voie)')).toHaveValue('12 rue des Lilas');
  await expectBadge(page, '1');
});

test('a basket left by the former site (basket_cart_items) is moved into the basket on the first page', async ({
  page,
}) => {
  await page.goto('/homestylz');
  await page.evaluate(() =>
    localStorage.setItem(
      'basket_cart_items',
      JSON.stringify([
        {
          product: {
            id: 19,
            name: 'Home staging (par m²)',
            price: 18,
            src: '/favicon.svg',
            packname: 'Home staging',
          },
          quantity: 30,
        },
        { product: { id: 'x' }, quantity: -1 },
      ]),
    ),
  );
  await page.reload();
  // Without opening the panel: the badge counts the m² line once, the legacy key is gone.
  await expectBadge(page, '1');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('basket_cart_items')))
    .toBeNull();
  await cart(page).click();
  await expect(panel(page).getByText(/\(30\u00a0m²\)/)).toBeVisible();
});

test.describe('with no network', () => {
  test.use({ serviceWorkers: 'allow' });

  test('an offline reload keeps the basket; « Valider » says a payment needs the connection', async ({
    page,
    context,
  }) => {
    await page.goto('/homestylz/pack/1');
    await swReady(page);
    await page.getByRole('button', { name: 'Ajouter au panier' }).first().click();
    await expect(panel(page)).toBeVisible();
    await page.keyboard.press('Escape');

    await context.setOffline(true);
    await page.reload();
    await appStarted(page);
    await expectBadge(page, '1');
    await cart(page).click();
    await expect(panel(page).getByRole('listitem')).toHaveCount(1);
    await panel(page).getByRole('button', { name: 'Valider' }).click();
    await expect(panel(page).getByRole('alert')).toContainText('Le paiement demande une connexion');
    await expect(page).toHaveURL(/\/homestylz\/pack\/1$/);
    await expectBadge(page, '1');
    await context.setOffline(false);
  });
});
