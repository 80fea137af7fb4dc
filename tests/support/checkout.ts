import { expect, type Page } from '@playwright/test';

/** A day `days` from now, as a date input takes it (YYYY-MM-DD). */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The checkout page (/homestylz/commande, issue 32) filled as a client would: the address with
 * its city chosen from the list, the surface, one slot, the phone when empty, the CGV box.
 */
export async function fillCheckout(page: Page, { phone = '06 12 34 56 78' } = {}) {
  await expect(page).toHaveURL(/\/homestylz\/commande$/);
  const form = page.getByRole('main');
  await form.getByLabel('Adresse (numéro et voie)').fill('12 rue des Lilas');
  await form.getByRole('searchbox', { name: 'Ville' }).fill('paris 11');
  await form.getByRole('button', { name: /^Paris 11e/ }).click();
  await expect(form.getByText('Ville choisie\u00a0: Paris 11e')).toBeVisible();
  await expect(form.getByLabel('Code postal')).toHaveValue('75011');
  await form.getByLabel('Surface (m²)').fill('45');
  await form.getByLabel('Date du créneau 1').fill(dayFromNow(3));
  await form.getByRole('radio', { name: /^Matin/ }).check();
  const phoneField = form.getByLabel('Téléphone');
  if (!(await phoneField.inputValue())) await phoneField.fill(phone);
  await form
    .getByRole('checkbox', {
      name: 'J’ai lu et j’accepte les conditions générales de vente de homestylz',
    })
    .check();
}

/** « Payer » on the checkout page: the server's test checkout opens. */
export async function payCheckout(page: Page): Promise<string> {
  await page.getByRole('main').getByRole('button', { name: 'Payer', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\//);
  return new URL(page.url()).pathname.split('/')[2] ?? '';
}
