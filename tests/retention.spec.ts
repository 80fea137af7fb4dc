import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { APIRequestContext, Page } from '@playwright/test';
import { validOwnerSubmission } from '../src/domain/owner-questionnaire.fixture';
import { RETENTION_PREVIEW_PATH, RETENTION_RUNS_PATH } from '../src/domain/api/retention';
import { E2E_DATA_DIR } from '../playwright.config';
import { expect, queryDb, test } from './fixtures';
import { expectAccessible } from './support/accessible';
import { bearer, demo } from './support/sign-in';
import { timeouts } from './support/timeouts';

/**
 * Issue 31, « Conservation des données »: the admin opens the page, sees the dry run (an owner
 * lead that arrived 4 years ago and never wrote again) and the log, runs a pass behind its
 * confirmation, and the lead leaves the dry run for the log; axe at 390 and 1280 px, screenshots
 * in .tmp/retention-shots. A chasseur has no tab and the API refuses them.
 */

const SHOTS = '.tmp/retention-shots';

async function checkedAtBothWidths(
  page: Page,
  testInfo: Parameters<typeof expectAccessible>[1],
  name: string,
) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectAccessible(page, testInfo, `${name} (${width} px)`);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/**
 * An owner lead posted as the questionnaire does, then made 4 years old: the one write of this
 * spec to the server's database (3 years cannot pass otherwise), done as the server's SQLite
 * allows a second writer.
 */
async function oldLead(request: APIRequestContext): Promise<number> {
  const letters = randomUUID().slice(0, 8);
  const response = await request.post('/api/public/biens', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      ...validOwnerSubmission,
      contact: {
        ...validOwnerSubmission.contact,
        lastname: 'Ancien',
        email: `conservation-${letters}@exemple.fr`,
      },
    },
  });
  expect(response.status()).toBe(201);
  const { id: propertyId } = (await response.json()) as { id: number };
  const [lead] = queryDb<{ id: number }>(
    'select contact_id as id from owner_property where id = ?',
    propertyId,
  );
  const longAgo = new Date(Date.now() - 4 * 365 * 24 * 3_600_000).toISOString();
  const db = new Database(path.join(E2E_DATA_DIR, 'app.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('update owner_contact set created_at = ? where id = ?').run(longAgo, lead!.id);
  } finally {
    db.close();
  }
  return lead!.id;
}

/** The lead's link, « Propriétaire n° 25 » (accessible names read a no-break space as a space). */
const leadName = (id: number) => new RegExp(`^Propriétaire n°\\s${id}$`);

test.describe('« Conservation des données » (issue 31)', () => {
  test.setTimeout(timeouts.scenario);

  test.describe('the admin', () => {
    test.use({ signedInAs: 'admin' });

    test('sees the durations, the dry run and the log, and runs a pass after confirming', async ({
      page,
      request,
    }, testInfo) => {
      const leadId = await oldLead(request);
      // A dry run, so that the log has an entry before the page opens.
      const admin = await bearer(request, demo('admin'));
      const dry = await request.post(RETENTION_RUNS_PATH, {
        headers: admin,
        data: { dryRun: true },
      });
      expect(dry.status()).toBe(201);

      await page.goto('/wh-dashboard');
      await page
        .getByRole('navigation', { name: 'Espace de gestion' })
        .getByRole('link', { name: 'Conservation' })
        .click();
      await expect(page).toHaveURL(/\/wh-dashboard\/conservation$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Conservation des données' }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: /^Prochaine passe\s: / })).toBeVisible();
      const preview = page.getByTestId('retention-preview');
      await expect(preview.getByRole('link', { name: leadName(leadId) }).first()).toBeAttached();
      await expect(page.getByText('Essai à blanc, par').first()).toBeVisible();
      await expect(page.getByText(/Anonymisés 3\u00a0ans après le dernier contact/)).toBeVisible();
      await expect(page.getByText(/décret n°\u00a072-678/)).toBeVisible();
      await checkedAtBothWidths(page, testInfo, 'conservation');

      // « Lancer maintenant »: a confirmation first, with what it will do; then the log.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('button', { name: 'Lancer maintenant' }).click();
      const dialog = page.getByRole('dialog', { name: /Lancer la passe maintenant/ });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('propriétaire');
      await expectAccessible(page, testInfo, 'confirmation de la passe');
      await page.screenshot({ path: `${SHOTS}/confirmation-1280.png` });
      await dialog.getByRole('button', { name: 'Lancer la passe' }).click();
      await expect(dialog).toBeHidden();
      const latest = page.getByTestId('retention-run').first();
      await expect(latest).toContainText('Lancée par');
      await expect(latest).toContainText('A traité');
      await expect(preview.getByRole('link', { name: leadName(leadId) })).toHaveCount(0);
      const [anonymised] = queryDb<{ email: string; lastname: string }>(
        'select email, lastname from owner_contact where id = ?',
        leadId,
      );
      expect(anonymised).toEqual({ email: '', lastname: 'anonymisé' });
    });
  });

  test.describe('a chasseur', () => {
    test.use({ signedInAs: 'chasseur' });

    test('has no tab, and the API refuses them', async ({ page, request }) => {
      await page.goto('/wh-dashboard');
      const nav = page.getByRole('navigation', { name: 'Espace de gestion' });
      await expect(nav.getByRole('link', { name: 'Aujourd’hui' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Conservation' })).toHaveCount(0);
      const hunter = await bearer(request, demo('chasseur'));
      for (const path of [RETENTION_PREVIEW_PATH, RETENTION_RUNS_PATH])
        expect((await request.get(path, { headers: hunter })).status()).toBe(403);
      expect(
        (await request.post(RETENTION_RUNS_PATH, { headers: hunter, data: {} })).status(),
      ).toBe(403);
    });
  });
});
