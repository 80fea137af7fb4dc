import { expect, type APIRequestContext, type Page } from '@playwright/test';
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
