import { readFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { pdfFlatText } from '../server/mandates/pdf-text';
import { formatEuro } from '../src/domain/format';
import { appStarted, expect, queryDb, test } from './fixtures';
import { expectAccessible } from './support/accessible';
import { fillCheckout, payCheckout } from './support/checkout';
import { clientBrowser, demo, signIn } from './support/sign-in';

/**
 * Issue 32, on the real server: a client on a phone pays a pack through the checkout page (the
 * address, a slot, the CGV box) and the test checkout; the manager, on a phone too, finds it in
 * « Commandes », opens its fiche, gives it a decorator and sets the appointment 16 days ahead:
 * « Planifiée », the client's e-mail carries the .ics, and the client downloads from « Mes
 * commandes » an invoice whose number and total are the order's.
 */
test.use({ viewport: { width: 390, height: 844 } });

const DAY = 86_400_000;
/** « 2026-12-15 », the Paris day `days` from now. */
const parisDayIn = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
    new Date(Date.now() + days * DAY),
  );

interface OutboxMail {
  subject: string;
  text: string;
  attachments?: { filename: string; contentType: string; content: string }[];
}

/**
 * The demo client, on their phone, pays a pack as a person does: the pack page, « Valider »,
 * the checkout page (address, city from the list, a slot, the CGV box), the test checkout.
 */
async function clientPaysOnPhone(browser: Browser, baseURL: string) {
  const client = await clientBrowser(browser, baseURL, demo('client'));
  const { page } = client;
  await page.goto('/homestylz/pack/1');
  await appStarted(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).first().click();
  await page
    .getByRole('dialog', { name: 'Mon panier' })
    .getByRole('button', { name: 'Valider' })
    .click();
  await fillCheckout(page);
  const orderId = await payCheckout(page);
  await page.getByRole('button', { name: 'Payer (test)' }).click();
  await expect(page.getByRole('dialog', { name: 'Paiement réussi' })).toBeVisible();
  await page.getByRole('button', { name: 'Fermer' }).click();
  const [row] = queryDb<{ number: string; status: string; total_cents: number; phone: string }>(
    'select number, status, total_cents, phone from orders where id = ?',
    orderId,
  );
  expect(row?.status).toBe('paid');
  expect(row?.number).toMatch(/^HS-\d{4}-\d{4,}$/);
  // The phone prefilled from the account: the seeded one, or what the settings test of
  // tests/auth.spec.ts left there.
  expect(row?.phone).toMatch(/^0[67]( \d\d){4}$/);
  return { client, orderId, number: row!.number, totalCents: row!.total_cents, phone: row!.phone };
}

test('a client pays on a phone; the manager plans it in « Commandes »; the client gets the .ics and downloads the invoice', async ({
  browser,
  baseURL,
  page,
  request,
}, testInfo) => {
  const { client, orderId, number, totalCents, phone } = await clientPaysOnPhone(browser, baseURL!);

  await signIn(page, demo('manager'), undefined, '/admin');
  await expect(page).toHaveURL(/\/wh-dashboard/);
  await page
    .getByRole('navigation', { name: 'Espace de gestion' })
    .getByRole('link', { name: 'Commandes' })
    .click();
  await expect(page).toHaveURL(/\/wh-dashboard\/commandes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Commandes' })).toBeVisible();
  await page.getByRole('button', { name: 'Payées' }).click();
  const link = page.getByRole('link', { name: number }).first();
  await expect(link).toBeVisible();
  await expectAccessible(page, testInfo, 'Commandes (390 px)');
  await page.screenshot({ path: testInfo.outputPath('commandes-390.png'), fullPage: true });

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/wh-dashboard/commandes/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: number })).toBeVisible();
  await expect(page.getByText('12 rue des Lilas, 75011 Paris 11e')).toBeVisible();
  await expect(page.getByRole('link', { name: phone })).toHaveAttribute(
    'href',
    `tel:${phone.replaceAll(' ', '')}`,
  );
  await expect(page.getByText('À planifier')).toBeVisible();
  await expectAccessible(page, testInfo, 'Fiche commande (390 px)');

  // Too early without the express request: the server's French refusal, the input kept.
  const when = page.getByLabel('Date et heure du rendez-vous');
  await when.fill(`${parisDayIn(3)}T10:00`);
  await page.getByRole('button', { name: 'Fixer le rendez-vous' }).click();
  await expect(page.getByText(/L221-25/)).toBeVisible();
  await expect(when).toHaveValue(`${parisDayIn(3)}T10:00`);

  const decorator = page.getByLabel('Décoratrice');
  await decorator.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Attribuer' }).click();
  await expect(page.getByText('Décoratrice enregistrée.')).toBeVisible();

  await when.fill(`${parisDayIn(16)}T10:00`);
  await page.getByRole('button', { name: 'Fixer le rendez-vous' }).click();
  await expect(page.getByText(/Rendez-vous fixé/)).toBeVisible();
  await expect(page.getByText('Planifiée', { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('fiche-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('fiche-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  // The client's e-mail: signed by homestylz, with the appointment as an .ics.
  let mail: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (
        await request.get(`/dev/outbox.json?to=${encodeURIComponent(demo('client'))}`)
      ).json()) as OutboxMail[];
      mail = mails.find(
        (m) => m.subject.includes('rendez-vous homestylz') && m.text.includes(number),
      );
      return mail !== undefined;
    })
    .toBe(true);
  expect(mail!.text).toContain('L’équipe homestylz');
  expect(mail!.attachments?.[0]?.filename).toBe(`rendez-vous-${number}.ics`);
  expect(mail!.attachments?.[0]?.content).toContain('BEGIN:VEVENT');
  expect(mail!.attachments?.[0]?.content).toContain('DTSTART:');

  // The invoice, from the fiche, named and numbered after the order.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger la facture' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`facture-${number}.pdf`);

  // The client, on their phone: « Mes commandes » shows it planned; its invoice downloads with
  // the order's number and total.
  await client.page.goto('/dashboard');
  const mine = client.page
    .getByRole('region', { name: 'Mes commandes homestylz' })
    .getByRole('listitem')
    .filter({ has: client.page.getByRole('heading', { name: `Commande ${number}` }) });
  await expect(mine).toContainText('Payée');
  const [invoice] = await Promise.all([
    client.page.waitForEvent('download'),
    mine.getByRole('button', { name: /^Télécharger la facture/ }).click(),
  ]);
  expect(invoice.suggestedFilename()).toBe(`facture-${number}.pdf`);
  const text = pdfFlatText(readFileSync((await invoice.path())!));
  expect(text).toContain(`Facture ${number}`);
  expect(text).toContain('Facture acquittée');
  expect(text).toContain(formatEuro(totalCents / 100).replace(/[\s\u00a0\u202f]+/g, ' '));
  await client.context.close();

  // Back to the list: the order shows as planned.
  await page.goto('/wh-dashboard/commandes');
  await appStarted(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('commandes-1280.png'), fullPage: true });
});
