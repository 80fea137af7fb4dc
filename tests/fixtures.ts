import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config';
import { querySqlite } from './support/sqlite';

/** Paths the build prerendered (<DIST_DIR>/client/routes.json): every public page. */
export const publicRoutes: string[] = (
  JSON.parse(readFileSync(`${process.env.DIST_DIR ?? 'dist'}/client/routes.json`, 'utf8')) as {
    prerendered: string[];
  }
).prerendered;

/** Reads the real SQLite file the server under test writes. */
export function queryDb<T>(sql: string, ...params: unknown[]): T[] {
  return querySqlite<T>(path.join(E2E_DATA_DIR, 'app.sqlite'), sql, ...params);
}

type Fixtures = { consentGiven: boolean };

/** The app has hydrated (src/main.tsx): clicks and keys now reach React. */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset);
}

/** Pages open with a cookie choice already made, unless a test sets consentGiven to false. */
export const test = base.extend<Fixtures>({
  consentGiven: [true, { option: true }],
  context: async ({ context, consentGiven }, use) => {
    if (consentGiven) {
      await context.addInitScript(() => {
        if (!localStorage.getItem('cookie_consent')) {
          localStorage.setItem(
            'cookie_consent',
            JSON.stringify({ choice: 'refused', at: Date.now() }),
          );
        }
      });
    }
    await use(context);
  },
  // Every page.goto waits for the app to start, so a test never clicks dead prerendered HTML.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await appStarted(page);
      return response;
    };
    await use(page);
  },
});

export { expect };
