import { devices, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { appStarted } from '../fixtures';

/** The seeded demo accounts' password (server/db/seed.ts, docs/api-auth.md). */
export const PASSWORD = 'Demo1234';
export const demo = (name: string) => `${name}@demo.chassimmo.fr`;

/** A bearer header for an account (e-mail), as the API's own clients send it. */
export async function bearer(request: APIRequestContext, email: string, password = PASSWORD) {
  const response = await request.post('/api/login', { data: { username: email, password } });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

/** Signs in through the page at `path` ('/signin' for clients, '/admin' for staff). */
export async function signIn(page: Page, email: string, password = PASSWORD, path = '/signin') {
  await page.goto(path);
  // Pages opened with context.newPage() do not get the fixture's wait.
  await appStarted(page);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/**
 * A client's own browser (a phone at 390 px, or a computer at 1280 px), cookies refused, signed
 * in through the sign-in page and landed on their dashboard.
 */
export async function clientBrowser(
  browser: Browser,
  baseURL: string,
  email: string,
  { mobile = true, password = PASSWORD }: { mobile?: boolean; password?: string } = {},
) {
  const context = await browser.newContext({
    ...(mobile ? devices['Pixel 7'] : devices['Desktop Chrome']),
    viewport: mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    serviceWorkers: 'block',
  });
  await context.addInitScript(() =>
    localStorage.setItem('cookie_consent', JSON.stringify({ choice: 'refused', at: Date.now() })),
  );
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard/);
  return { context, page };
}
