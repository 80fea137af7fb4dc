import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { validOwnerSubmission } from '../src/domain/owner-questionnaire.fixture';
import { expect, queryDb, test } from './fixtures';
import { swReady } from './support/browser-state';
import { timeouts } from './support/timeouts';

test.use({ serviceWorkers: 'allow' });

function postOwner(page: Page, body: unknown, key: string) {
  return page.evaluate(
    async ({ body, key }) => {
      const res = await fetch('/api/public/biens', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { queued?: boolean; id?: number } };
    },
    { body, key },
  );
}

// The flows offline, 500s, two tabs and updates: tests/offline-flows.spec.ts (own server each).
const countFor = (email: string) =>
  queryDb<{ n: number }>('select count(*) as n from owner_contact where email = ?', email)[0]?.n ??
  0;

test.describe('offline engine', () => {
  test.setTimeout(timeouts.scenario);

  test('a replay refused by the server (4xx) shows its message and is not retried', async ({
    page,
    context,
  }) => {
    const email = `refus.${Date.now()}@exemple.fr`;
    // A city outside its department: the server answers 400.
    const body = {
      ...validOwnerSubmission,
      bien: { ...validOwnerSubmission.bien, city: 'Évry-Courcouronnes' },
      contact: { ...validOwnerSubmission.contact, email },
    };
    await page.goto('/');
    await swReady(page);
    await context.setOffline(true);
    expect((await postOwner(page, body, randomUUID())).status).toBe(202);
    await context.setOffline(false);
    const outbox = page.getByTestId('outbox');
    await expect(outbox.getByRole('button')).toHaveText(/refusé/, { timeout: timeouts.background });
    await outbox.getByRole('button').first().click();
    await expect(outbox.locator('[data-status="failed"]')).toContainText('pas dans le département');
    expect(countFor(email)).toBe(0);
  });

  test('Chromium reports no installability errors', async ({ baseURL, browserName }, testInfo) => {
    test.skip(browserName !== 'chromium', 'DevTools protocol check');
    // A normal (persistent) profile: Playwright's default contexts are incognito, which Chromium
    // itself lists as an installability error.
    const profile = mkdtempSync(path.join(os.tmpdir(), 'pwa-profile-'));
    const options = testInfo.project.use.launchOptions ?? {};
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: options.executablePath,
      args: options.args,
      serviceWorkers: 'allow',
    });
    try {
      const page = await context.newPage();
      await page.goto(`${baseURL}/`);
      await swReady(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
