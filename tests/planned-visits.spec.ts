import type { Page } from '@playwright/test';
import { isoToParisLocal } from '../src/domain/paris-time';
import { expect, queryDb, test } from './fixtures';
import { expectAccessible } from './support/accessible';
import { demo } from './support/sign-in';
import { timeouts } from './support/timeouts';

/**
 * Issue 28, planned visits on the staff side: the demo hunter plans a visit for the demo client
 * from the fiche acquéreur (the client is e-mailed), finds it in « Aujourd’hui » when it is
 * today's, starts a report for a buyer chosen in a dialog, and cancels the visit with a
 * confirmation (the client is e-mailed again). A refused date is said on its field, in French,
 * with everything typed kept. Each screen is checked by axe and for French typography.
 */

/** Letters only, unique per run: the visit's address tells it from the other tests' visits. */
const unique = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

/** The e-mails sent to `to` (the dev outbox, the mail queue). */
async function mailsTo(page: Page, to: string) {
  const res = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
  return (await res.json()) as { subject: string; text: string }[];
}

const widths = [
  { tag: '', label: '1280 px' },
  { tag: ' @mobile', label: '390 px' },
];

test.describe('planned visits (issue 28)', () => {
  test.use({ signedInAs: 'chasseur' });
  test.setTimeout(timeouts.scenario);

  for (const { tag, label } of widths) {
    test(`the hunter plans a visit from the fiche, finds it today, and cancels it${tag}`, async ({
      page,
    }, testInfo) => {
      const [client] = queryDb<{ id: string }>(
        'select id from app_user where email = ?',
        demo('client'),
      );
      const clientId = client!.id;
      const address = `17, passage ${unique()}`;
      const now = Date.now();
      const inTwoHours = isoToParisLocal(new Date(now + 2 * 60 * 60_000).toISOString());
      // Late in the evening, two hours on is tomorrow in Paris: not one of today's visits.
      const sameDay =
        inTwoHours.slice(0, 10) === isoToParisLocal(new Date(now).toISOString()).slice(0, 10);

      await page.goto(`/wh-dashboard/acquereurs/${clientId}`);
      const visits = page.getByRole('region', { name: 'Visites', exact: true });
      await expect(visits.getByRole('heading', { name: 'À venir' })).toBeVisible();
      await visits.getByRole('button', { name: 'Planifier une visite' }).click();
      const form = page.getByRole('form', { name: 'Nouvelle visite' });
      await expect(form.getByLabel('Durée')).toHaveValue('45');

      // Nothing filled: each field says what it needs, nothing is sent.
      await form.getByRole('button', { name: 'Planifier la visite' }).click();
      await expect(
        form.getByText('Indiquez l’adresse du bien à visiter (numéro et rue).'),
      ).toBeVisible();
      await expect(form.getByLabel('Date et heure')).toHaveAttribute('aria-invalid', 'true');

      await form.getByLabel('Adresse du bien').fill(address);
      await form.getByLabel('Département').selectOption('75');
      await expect(form.getByLabel('Ville')).toBeEnabled();
      await form.getByLabel('Ville').selectOption({ label: 'Paris 11e' });
      await form.getByLabel('Le client vient à la visite').check();
      await form.getByLabel('Note (facultative)').fill('Digicode 4521B, 3e étage.');

      // A date already past: the server's French refusal on the date's field, everything kept.
      await form.getByLabel('Date et heure').fill('2020-01-01T10:00');
      await form.getByRole('button', { name: 'Planifier la visite' }).click();
      const date = form.getByLabel('Date et heure');
      await expect(date).toHaveAttribute('aria-invalid', 'true');
      await expect(date).toHaveAccessibleDescription(/Cette date est passée/);
      await expect(date).toBeFocused();
      await expect(date).toHaveValue('2020-01-01T10:00');
      await expect(form.getByLabel('Adresse du bien')).toHaveValue(address);
      await expect(form.getByLabel('Département')).toHaveValue('75');
      await expect(form.getByLabel('Ville')).toHaveValue('75111');
      await expect(form.getByLabel('Le client vient à la visite')).toBeChecked();
      await expect(form.getByLabel('Note (facultative)')).toHaveValue('Digicode 4521B, 3e étage.');
      await expectAccessible(page, testInfo, `fiche, date refusée (${label})`);

      // Two hours from now: planned, listed among those to come, the client e-mailed.
      await date.fill(inTwoHours);
      await form.getByRole('button', { name: 'Planifier la visite' }).click();
      await expect(form).toBeHidden();
      const planned = visits.getByTestId('planned-visit').filter({ hasText: address });
      await expect(planned).toContainText('Paris 11e');
      await expect(planned).toContainText('Avec le client');
      await expect(planned).toContainText('Digicode 4521B, 3e étage.');
      await expect(planned).toContainText('Prévue par Charles Chasseur');
      const write = planned.getByRole('link', { name: 'Rédiger le compte rendu' });
      await expect(write).toHaveAttribute(
        'href',
        new RegExp(`/wh-dashboard/acquereurs/${clientId}/compte-rendu\\?visite=\\d+$`),
      );
      const reportHref = await write.getAttribute('href');
      await expect
        .poll(async () =>
          (await mailsTo(page, demo('client'))).some(
            (m) => m.subject.startsWith('Visite prévue le ') && m.text.includes(address),
          ),
        )
        .toBe(true);
      await expectAccessible(page, testInfo, `fiche, visite planifiée (${label})`);

      if (sameDay) {
        await page.goto('/wh-dashboard');
        const today = page.getByRole('region', { name: /Visites du jour/ });
        const item = today.getByTestId('today-visit').filter({ hasText: address });
        const [, hh = '', mm = ''] = /T(\d\d):(\d\d)$/.exec(inTwoHours) ?? [];
        await expect(item.locator('time')).toHaveText(
          `${Number(hh)}\u00a0h${mm === '00' ? '' : `\u00a0${mm}`}`,
        );
        await expect(item).toContainText(`${address}, Paris 11e`);
        await expect(item).toContainText('Avec le client');
        await expect(
          item.getByRole('link', { name: 'Claire Cliente', exact: true }),
        ).toHaveAttribute('href', `/wh-dashboard/acquereurs/${clientId}`);
        await expect(item.getByRole('link', { name: /^Appeler le / })).toHaveAttribute(
          'href',
          /^tel:\d{10}$/,
        );
        await expect(item.getByRole('link', { name: 'Rédiger le compte rendu' })).toHaveAttribute(
          'href',
          reportHref!,
        );
        await expectAccessible(page, testInfo, `« Aujourd’hui » (${label})`);
      }

      // « Nouveau compte rendu » from « Aujourd’hui »: the buyer first, found by a search.
      await page.goto('/wh-dashboard');
      await page.getByRole('button', { name: 'Nouveau compte rendu' }).click();
      const chooser = page.getByRole('dialog', { name: 'Compte rendu pour quel acquéreur\u202f?' });
      await expect(chooser).toBeVisible();
      await chooser.getByLabel('Rechercher un acquéreur').fill('cliente');
      await chooser.getByRole('button', { name: 'Rechercher' }).click();
      const claire = chooser.getByRole('link', { name: /Claire Cliente/ });
      await expect(claire).toHaveCount(1);
      await expectAccessible(page, testInfo, `choix de l’acquéreur (${label})`);
      await expect(claire).toHaveAttribute(
        'href',
        `/wh-dashboard/acquereurs/${clientId}/compte-rendu`,
      );
      await claire.click();
      // The report form for her, which opens a draft under its own address.
      await expect(page).toHaveURL(
        new RegExp(
          `/wh-dashboard/(acquereurs/${clientId}/compte-rendu|comptes-rendus/[0-9a-f-]+)$`,
        ),
      );
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Cancelled with a confirmation: marked « Annulée », nothing more to do, the client told.
      await page.goto(`/wh-dashboard/acquereurs/${clientId}`);
      const again = page
        .getByRole('region', { name: 'Visites', exact: true })
        .getByTestId('planned-visit')
        .filter({ hasText: address });
      await again.getByRole('button', { name: /^Annuler la visite/ }).click();
      const confirm = page.getByRole('dialog', { name: /^Annuler la visite du / });
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText(address);
      await expectAccessible(page, testInfo, `confirmation de l’annulation (${label})`);
      await confirm.getByRole('button', { name: 'Confirmer l’annulation' }).click();
      await expect(confirm).toBeHidden();
      await expect(again).toContainText('Annulée');
      await expect(again.getByRole('button', { name: /^Annuler la visite/ })).toHaveCount(0);
      await expect(again.getByRole('link', { name: 'Rédiger le compte rendu' })).toHaveCount(0);
      await expect
        .poll(async () =>
          (await mailsTo(page, demo('client'))).some(
            (m) => m.subject.startsWith('Visite annulée') && m.text.includes(address),
          ),
        )
        .toBe(true);
      if (sameDay) {
        await page.goto('/wh-dashboard');
        await expect(page.getByRole('region', { name: /Visites du jour/ })).toBeVisible();
        await expect(page.getByTestId('today-visit').filter({ hasText: address })).toHaveCount(0);
      }
    });
  }
});
