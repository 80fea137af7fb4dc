import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { validOwnerSubmission } from '../src/domain/owner-questionnaire.fixture';
import { appStarted, expect, signedInContext, test } from './fixtures';

/**
 * « Propriétaires » (issue 15, docs/staff-area.md): a manager finds a new owner lead, gives it
 * to the demo chasseur, moves it from « Nouveau » to « Contacté » and writes a note; the chasseur
 * then has it in their list. The leads CSV is UTF-8 with a BOM and keeps the accents.
 */

/** A lead as the questionnaire sends it, under a surname no other test uses. */
async function newLead(request: APIRequestContext) {
  const letters = Array.from({ length: 8 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('');
  const lastname = `Bérard${letters}`;
  const response = await request.post('/api/public/biens', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      ...validOwnerSubmission,
      contact: {
        ...validOwnerSubmission.contact,
        lastname,
        firstname: 'Hélène',
        email: `${letters}@exemple.fr`,
      },
    },
  });
  expect(response.status()).toBe(201);
  return { lastname, name: `Hélène ${lastname}` };
}

test.describe('staff « Propriétaires »', () => {
  // Signed in as the manager from the first page (tests/fixtures.ts): sign-in has its own tests.
  test.use({ signedInAs: 'manager' });

  test('a manager assigns a lead, moves it to « Contacté » and notes it; the chasseur sees it', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const lead = await newLead(request);
    await page.goto('/wh-dashboard/proprietaires');
    await expect(page.getByRole('heading', { level: 1, name: 'Propriétaires' })).toBeVisible();
    await page.getByLabel('Rechercher un propriétaire').fill(lead.lastname);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(lead.lastname)}`));
    const link = page.getByRole('link', { name: lead.name });
    await expect(link).toBeVisible();
    await expect(page.getByRole('row').filter({ has: link })).toContainText('Nouveau');
    await expect(page.getByText(/Page 1 sur 1 · 1\u00a0propriétaire$/)).toBeVisible();
    await link.click();

    await expect(
      page.getByRole('heading', { level: 1, name: `Hélène ${lead.lastname}` }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: '06 12 34 56 78', exact: true })).toHaveAttribute(
      'href',
      'tel:0612345678',
    );
    await expect(page.getByText(/^À rappeler avant /)).toBeVisible();
    await expect(page.getByText('Documents disponibles')).toBeVisible();
    // The price in the property's facts (« Acquéreurs intéressés » quotes it in its reasons).
    await expect(page.getByText('520\u202f000\u00a0€', { exact: true })).toBeVisible();

    // Assign to the demo chasseur.
    await page.getByLabel('Chasseur attribué').selectOption({ label: 'Charles Chasseur' });
    await page.getByRole('button', { name: 'Attribuer' }).click();
    await expect(page.getByTestId('lead-hunter')).toHaveText('Charles Chasseur');

    // Nouveau → Contacté (the assignment bumped the version: the button carries the new one).
    await page.getByRole('button', { name: 'Passer à «\u00a0Contacté\u00a0»' }).click();
    await expect(page.getByTestId('lead-status')).toHaveText('Contacté');
    await expect(page.getByText(/^À rappeler avant /)).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: 'Passer à «\u00a0Estimation faite\u00a0»' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Classer sans suite' })).toBeVisible();

    // A note.
    await page.getByLabel('Nouvelle note').fill('Rappelée, visite prévue jeudi.');
    await page.getByRole('button', { name: 'Ajouter la note' }).click();
    await expect(page.getByTestId('staff-note').first()).toContainText(
      'Rappelée, visite prévue jeudi.',
    );

    // The chasseur has it in their list.
    const context = await signedInContext(browser, request, baseURL!, 'chasseur');
    const hunterPage = await context.newPage();
    await hunterPage.goto('/wh-dashboard/proprietaires');
    await appStarted(hunterPage);
    await expect(hunterPage.getByLabel('Chasseur', { exact: true })).toHaveCount(0);
    const row = hunterPage.getByRole('row').filter({
      has: hunterPage.getByRole('link', { name: lead.name }),
    });
    await expect(row).toContainText('Contacté');
    await expect(row).toContainText('Charles Chasseur');
    await context.close();
  });

  test('a stale status change is refused in French and the fiche reloads', async ({
    page,
    request,
  }) => {
    const lead = await newLead(request);
    await page.goto(`/wh-dashboard/proprietaires?q=${encodeURIComponent(lead.lastname)}`);
    await page.getByRole('link', { name: lead.name }).click();
    await expect(page.getByTestId('lead-status')).toHaveText('Nouveau');
    // Someone else moves it meanwhile.
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const moved = await request.post(`/api/staff/leads/${id}/status`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { to: 'sans_suite', version: 1 },
    });
    expect(moved.status()).toBe(200);
    await page.getByRole('button', { name: 'Passer à «\u00a0Contacté\u00a0»' }).click();
    await expect(page.getByRole('alert')).toContainText('modifié par quelqu’un d’autre');
    await expect(page.getByTestId('lead-status')).toHaveText('Sans suite');
    await expect(page.getByRole('button', { name: 'Rouvrir le contact' })).toBeVisible();
  });

  test('the leads CSV is UTF-8 with a BOM and keeps the accents', async ({ page, request }) => {
    const lead = await newLead(request);
    await page.goto(`/wh-dashboard/proprietaires?q=${encodeURIComponent(lead.lastname)}`);
    await expect(page.getByRole('link', { name: lead.name })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter en CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('proprietaires.csv');
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('Prénom');
    expect(text).toContain('Téléphone');
    expect(text).toContain(lead.lastname);
    expect(text).toContain('Hélène');
    // Only the searched lead: the export takes the list's filters.
    expect(text.trim().split(/\r?\n/)).toHaveLength(2);
  });
});
