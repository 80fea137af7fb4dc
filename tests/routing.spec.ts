import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatEuro } from '../src/domain/format';
import { validOwnerSubmission } from '../src/domain/owner-questionnaire.fixture';
import { expect, queryDb, test } from './fixtures';
import { expectAccessible } from './support/accessible';
import { bearer, demo } from './support/sign-in';
import { timeouts } from './support/timeouts';

/**
 * Issue 31, the routing screens: a manager sets the rule to round-robin and marks a hunter
 * absent on « Attribution des contacts »; under « Je le prends » a new owner lead is taken by the
 * demo hunter, and a lead another hunter took first is refused in French; the notifications list
 * opens. Each new screen is checked by axe at 390 and 1280 px; screenshots in .tmp/routing-shots.
 * The rule and the availabilities are put back as they were (the server is shared by the specs).
 */

const SHOTS = '.tmp/routing-shots';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/** The screen checked by axe at both widths (and pictured). */
async function checkedAtBothWidths(
  page: Page,
  testInfo: Parameters<typeof expectAccessible>[1],
  name: string,
) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectAccessible(page, testInfo, `${name} (${width} px)`);
  }
  await shoot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
}

const userId = (email: string) =>
  queryDb<{ id: string }>('select id from app_user where email = ?', email)[0]!.id;

/** A new owner lead for Vincennes (94) with its own price, the way the questionnaire sends it. */
async function newLead(request: APIRequestContext) {
  const price = 500_000 + Math.floor(Math.random() * 90_000);
  const letters = randomUUID().slice(0, 8);
  const response = await request.post('/api/public/biens', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      ...validOwnerSubmission,
      bien: { ...validOwnerSubmission.bien, price },
      contact: {
        ...validOwnerSubmission.contact,
        lastname: `Routage${letters.replace(/\d/g, 'x')}`,
        email: `${letters}@exemple.fr`,
      },
    },
  });
  expect(response.status()).toBe(201);
  const { id: propertyId } = (await response.json()) as { id: number };
  const [lead] = queryDb<{ id: number; lastname: string; firstname: string }>(
    'select c.id, c.lastname, c.firstname from owner_property p join owner_contact c on c.id = p.contact_id where p.id = ?',
    propertyId,
  );
  return { ...lead!, price };
}

async function putBack(request: APIRequestContext) {
  const manager = await bearer(request, demo('manager'));
  await request.put('/api/staff/routing', { headers: manager, data: { rule: 'manual' } });
  for (const email of [demo('chasseur'), demo('chasseuse2')])
    await request.put(`/api/staff/hunters/${userId(email)}/availability`, {
      headers: manager,
      data: { departments: [], absent: false },
    });
}

test.describe.configure({ mode: 'serial' });

test.describe('« Attribution des contacts » (issue 31)', () => {
  test.setTimeout(timeouts.scenario);
  test.afterAll(async ({ request }) => putBack(request));

  test.describe('the manager', () => {
    test.use({ signedInAs: 'manager' });

    test('chooses round-robin and marks a hunter absent; the notifications list opens', async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/wh-dashboard');
      await page
        .getByRole('navigation', { name: 'Espace de gestion' })
        .getByRole('link', { name: 'Attribution' })
        .click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Attribution des contacts' }),
      ).toBeVisible();

      const rule = page.getByRole('group', { name: 'Règle d’attribution des nouveaux dossiers' });
      await rule
        .getByRole('radio', { name: /Tour de rôle entre les chasseurs du département/ })
        .check();
      await page.getByRole('button', { name: 'Enregistrer la règle' }).click();
      await expect(page.getByTestId('rule-saved')).toHaveText(
        'Règle enregistrée\u00a0: Tour de rôle entre les chasseurs du département.',
      );
      await expect(rule.getByRole('radio', { name: /Tour de rôle/ })).toBeChecked();

      // Charles Chasseur, absent: said on his card, kept after a reload.
      const charles = page
        .getByTestId('hunter-availability')
        .filter({ hasText: 'Charles Chasseur' });
      await charles.getByRole('checkbox', { name: 'Absent' }).check();
      await charles.getByRole('button', { name: /Enregistrer/ }).click();
      await expect(
        page.getByText('Disponibilités de Charles Chasseur enregistrées.'),
      ).toBeVisible();
      await page.reload();
      const again = page.getByTestId('hunter-availability').filter({ hasText: 'Charles Chasseur' });
      await expect(again.getByRole('checkbox', { name: 'Absent' })).toBeChecked();
      await expect(again).toContainText('Absent en ce moment');
      await expect(
        page
          .getByRole('group', { name: 'Règle d’attribution des nouveaux dossiers' })
          .getByRole('radio', { name: /Tour de rôle/ }),
      ).toBeChecked();
      await checkedAtBothWidths(page, testInfo, 'attribution-manager');

      // The server has both.
      const headers = await bearer(page.request, demo('manager'));
      const saved = await page.request.get('/api/staff/routing', { headers });
      expect(((await saved.json()) as { rule: string }).rule).toBe('round-robin');
      const availability = await page.request.get(
        `/api/staff/hunters/${userId(demo('chasseur'))}/availability`,
        { headers },
      );
      expect(await availability.json()).toEqual({ departments: [], absent: true });
      await putBack(page.request);

      // The notifications list.
      await page
        .getByRole('navigation', { name: 'Espace de gestion' })
        .getByRole('link', { name: /Notifications/ })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
      await expect(
        page.getByTestId('notifications-empty').or(page.getByTestId('notification').first()),
      ).toBeVisible();
      await checkedAtBothWidths(page, testInfo, 'notifications');
    });
  });

  test.describe('the hunter', () => {
    test.use({ signedInAs: 'chasseur' });

    test('takes a new owner lead with « Je le prends »; one taken first is refused in French @mobile', async ({
      page,
      request,
    }, testInfo) => {
      const manager = await bearer(request, demo('manager'));
      expect(
        (
          await request.put('/api/staff/routing', { headers: manager, data: { rule: 'claim' } })
        ).status(),
      ).toBe(200);
      // Sophie covers the 94 too, and will be quicker once.
      const sophie = await bearer(request, demo('chasseuse2'));
      await request.put(`/api/staff/hunters/${userId(demo('chasseuse2'))}/availability`, {
        headers: sophie,
        data: { departments: ['94'], absent: false },
      });

      // The hunter says himself that he covers the 94, on the same page.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/wh-dashboard/attribution');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Attribution des contacts' }),
      ).toBeVisible();
      await expect(page.getByRole('radio')).toHaveCount(0);
      const mine = page.getByRole('form', { name: 'Mes disponibilités' });
      await mine.getByRole('checkbox', { name: 'Val-de-Marne (94)' }).check();
      await mine.getByRole('button', { name: /Enregistrer/ }).click();
      await expect(page.getByText('Vos disponibilités sont enregistrées.')).toBeVisible();

      const lead = await newLead(request);
      const taken = await newLead(request);
      // « Aujourd’hui » shows what there is to take.
      await page.goto('/wh-dashboard');
      await expect(
        page
          .getByTestId('claim-list')
          .getByTestId('claimable')
          .filter({ hasText: formatEuro(lead.price) }),
      ).toBeVisible();
      await page.goto('/wh-dashboard/attribution');
      const claims = page.getByTestId('claim-list');
      const card = claims.getByTestId('claimable').filter({ hasText: formatEuro(lead.price) });
      const lost = claims.getByTestId('claimable').filter({ hasText: formatEuro(taken.price) });
      await expect(card).toContainText('Vincennes, Val-de-Marne (94)');
      await expect(card).not.toContainText(lead.lastname);
      await expect(lost).toBeVisible();
      await checkedAtBothWidths(page, testInfo, 'attribution-chasseur');

      // Without network the list is still read, and taking says calmly that it needs one.
      await page.context().setOffline(true);
      await expect(
        claims
          .getByTestId('needs-network')
          .filter({ hasText: 'Prendre un dossier demande une connexion' }),
      ).toBeVisible();
      await expect(card.getByRole('button', { name: /Je le prends/ })).toBeDisabled();
      await page.context().setOffline(false);
      await expect(card.getByRole('button', { name: /Je le prends/ })).toBeEnabled();

      // Sophie takes the second one first: his click is refused in French.
      expect(
        (await request.post(`/api/staff/claims/owner/${taken.id}`, { headers: sophie })).status(),
      ).toBe(200);
      await lost.getByRole('button', { name: /Je le prends/ }).click();
      await expect(lost).toHaveCount(0);
      await expect(claims.getByRole('alert')).toHaveText(
        'Un autre chasseur a déjà pris ce dossier.',
      );

      // The first one: his, its fiche opens.
      await card.getByRole('button', { name: /Je le prends/ }).click();
      await expect(page).toHaveURL(`/wh-dashboard/proprietaires/${lead.id}`);
      await expect(page.getByText('Le dossier est à vous.')).toBeVisible();
      await expect(
        page.getByRole('heading', { level: 1, name: `${lead.firstname} ${lead.lastname}` }),
      ).toBeVisible();
      const [row] = queryDb<{ assigned_to: string | null }>(
        'select assigned_to from owner_contact where id = ?',
        lead.id,
      );
      expect(row!.assigned_to).toBe(userId(demo('chasseur')));
    });
  });
});
