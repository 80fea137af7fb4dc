import type { APIRequestContext, Page } from '@playwright/test';
import { MY_BASKET_PATH, type MyBasket } from '../src/domain/api/basket';
import { appStarted, test, expect } from './fixtures';
import { bearer, clientBrowser, demo, signIn } from './support/sign-in';

// Issue 32: the basket follows a signed-in person across devices (docs/shop.md « Le panier sur
// plusieurs appareils »): the phone's basket, filled signed out, is merged at sign-in; the
// computer signing in shows it; a line added on the computer reaches the phone; signing out
// leaves the basket on the server, not on the phone.

const cart = (page: Page) => page.getByRole('button', { name: /^Mon panier/ });
const expectBadge = (page: Page, text: string) =>
  expect(cart(page)).toHaveAccessibleName(text ? `Mon panier (${text})` : 'Mon panier');
const panel = (page: Page) => page.getByRole('dialog', { name: 'Mon panier' });
const packCards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Ajouter au panier' }) });

/** The demo client's basket as the server keeps it: product id → quantity. */
async function serverBasket(request: APIRequestContext, headers: Record<string, string>) {
  const response = await request.get(MY_BASKET_PATH, { headers });
  expect(response.status()).toBe(200);
  const basket = (await response.json()) as MyBasket;
  return Object.fromEntries(basket.lines.map((line) => [line.product.id, line.quantity]));
}

test('a basket filled on a phone signed out follows the client to a computer and back', async ({
  browser,
  baseURL,
  request,
}) => {
  const client = await bearer(request, demo('client'));
  // Start from an empty account basket (other runs may have left one).
  const emptied = await request.put(MY_BASKET_PATH, { headers: client, data: { items: [] } });
  expect(emptied.status()).toBe(200);

  // The phone, signed out: a pack in the basket, on this device only.
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    baseURL,
    locale: 'fr-FR',
    serviceWorkers: 'block',
  });
  await phoneContext.addInitScript(() =>
    localStorage.setItem('cookie_consent', JSON.stringify({ choice: 'refused', at: Date.now() })),
  );
  const phone = await phoneContext.newPage();
  await phone.goto('/homestylz/pack/1');
  await appStarted(phone);
  const firstPack = packCards(phone).first();
  const packName = (await firstPack.getByRole('heading').first().innerText()).trim();
  await firstPack.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(panel(phone)).toBeVisible();
  await expect(panel(phone).getByRole('listitem')).toHaveCount(1);
  await phone.keyboard.press('Escape');
  await expectBadge(phone, '1');
  expect(await serverBasket(request, client)).toEqual({});

  // Signed in: the phone's basket is merged into the account's and stays on the phone.
  await signIn(phone, demo('client'));
  await expect(phone).toHaveURL(/\/dashboard/);
  await expect.poll(async () => Object.values(await serverBasket(request, client))).toEqual([1]);
  const [packId] = Object.keys(await serverBasket(request, client));
  await phone.goto('/homestylz/pack/1');
  await expectBadge(phone, '1');

  // The computer signs in: the same basket, line and badge.
  const desktop = await clientBrowser(browser, baseURL!, demo('client'), { mobile: false });
  await desktop.page.goto('/homestylz/pack/1');
  await expectBadge(desktop.page, '1');
  await cart(desktop.page).click();
  const desktopLines = panel(desktop.page).getByRole('listitem');
  await expect(desktopLines).toHaveCount(1);
  await expect(desktopLines.first()).toContainText(packName);

  // One more unit on the computer: the server has 2, the phone shows 2 after a reload.
  await desktopLines
    .first()
    .getByRole('button', { name: /^Ajouter une unité/ })
    .click();
  await expectBadge(desktop.page, '2');
  await expect.poll(() => serverBasket(request, client)).toEqual({ [packId!]: 2 });
  await phone.reload();
  await expectBadge(phone, '2');
  // A reload merges nothing a second time.
  expect(await serverBasket(request, client)).toEqual({ [packId!]: 2 });

  // Signing out on the phone: the basket leaves the phone, the account keeps it.
  await phone.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await Promise.all([
    phone.waitForEvent('load'),
    phone
      .getByRole('navigation', { name: 'Menu mobile' })
      .getByRole('button', { name: 'Se déconnecter' })
      .click(),
  ]);
  // The page reloads signed out (spec 4.1), where it was.
  await expect.poll(() => phone.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expectBadge(phone, '');
  await phone.reload();
  await expectBadge(phone, '');
  expect(await serverBasket(request, client)).toEqual({ [packId!]: 2 });

  // Leaves the demo client's basket empty for the other specs.
  await request.put(MY_BASKET_PATH, { headers: client, data: { items: [] } });
  await phoneContext.close();
  await desktop.context.close();
});
