import type { APIRequestContext } from '@playwright/test';
import { pdfFlatText } from '../server/mandates/pdf-text';
import { appStarted, expect, queryDb, test } from './fixtures';
import { expectAccessible } from './support/accessible';
import { bearer, demo, signIn } from './support/sign-in';

/**
 * Issue 32, on the real server: a client pays a pack through the test checkout (with the
 * checkout's address, slot and CGV); the manager, on a phone, finds it in « Commandes », opens
 * its fiche, gives it a decorator and sets the appointment 16 days ahead: « Planifiée », the
 * client's e-mail carries the .ics, and the invoice downloads with the order's number.
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

/** A paid order of the demo client, through POST /api/payment and the test checkout. */
async function paidOrder(request: APIRequestContext) {
  const headers = await bearer(request, demo('client'));
  const started = await request.post('/api/payment', {
    headers,
    data: {
      lineItems: [
        {
          price_data: {
            currency: 'eur',
            product_data: { name: 'Pack', metadata: { productId: 2 } },
            unit_amount: 69000,
          },
          quantity: 1,
        },
      ],
      url: '/homestylz/pack/1',
      checkout: {
        address: {
          street: '12 rue des Lilas',
          postcode: '75011',
          city: 'Paris 11e',
          inseeCode: '75111',
        },
        surfaceM2: 48,
        slots: [{ date: parisDayIn(20), period: 'matin' }],
        phone: '06 12 34 56 78',
        acceptCgv: true,
        expressStart: false,
      },
    },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { url } = (await started.json()) as { url: string };
  const orderId = new URL(url, 'http://x').pathname.split('/')[2]!;
  const paid = await request.post(`/checkout/${orderId}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const [row] = queryDb<{ number: string; status: string }>(
    'select number, status from orders where id = ?',
    orderId,
  );
  expect(row?.status).toBe('paid');
  expect(row?.number).toMatch(/^HS-\d{4}-\d{4,}$/);
  return { orderId, number: row!.number, headers };
}

test('the manager plans a paid order in « Commandes »; the client gets the .ics; the invoice downloads', async ({
  page,
  request,
}, testInfo) => {
  const { orderId, number, headers } = await paidOrder(request);

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
  await expect(page.getByRole('link', { name: '06 12 34 56 78' })).toHaveAttribute(
    'href',
    'tel:0612345678',
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
  // The client downloads the same invoice through the API.
  const invoice = await request.get(`/api/orders/${orderId}/invoice`, { headers });
  expect(invoice.status()).toBe(200);
  const text = pdfFlatText(Buffer.from(await invoice.body()));
  expect(text).toContain(`Facture ${number}`);
  expect(text).toContain('Facture acquittée');

  // Back to the list: the order shows as planned.
  await page.goto('/wh-dashboard/commandes');
  await appStarted(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('commandes-1280.png'), fullPage: true });
});
