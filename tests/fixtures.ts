import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config';
import { demo, PASSWORD } from './support/sign-in';
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

/** The seeded demo accounts (server/db/seed.ts, docs/api-auth.md) a test may start signed in as. */
export type DemoAccount = 'client' | 'chasseur' | 'manager' | 'directeur' | 'admin';

type Fixtures = {
  consentGiven: boolean;
  /**
   * Opens every page of the test already signed in as this demo account, as if it had signed
   * in on the device: for the tests whose subject is not the sign-in itself. The session is
   * asked of the server once per worker and account (POST /api/login), then set as the
   * context's stored state: the token and the user in localStorage, where the app keeps them.
   * A test that signs out revokes that token: the next test gets a new one.
   */
  signedInAs: DemoAccount | undefined;
};

interface StoredSession {
  token: string;
  user: unknown;
}

/** Sessions asked of each server by this worker, by origin and account. */
const sessions = new Map<string, Promise<StoredSession>>();

async function demoSession(request: APIRequestContext, origin: string, account: DemoAccount) {
  const key = `${origin} ${account}`;
  let session = sessions.get(key);
  if (!session) {
    session = request
      .post(`${origin}/api/login`, {
        data: { username: demo(account), password: PASSWORD },
      })
      .then(async (response) => {
        expect(response.status(), `connexion de ${account}`).toBe(200);
        return (await response.json()) as StoredSession;
      });
    sessions.set(key, session);
    session.catch(() => sessions.delete(key));
  }
  return session;
}

/** The stored state of a context signed in as `account` on the server at `baseURL`. */
async function sessionState(
  request: APIRequestContext,
  baseURL: string,
  account: DemoAccount,
): Promise<Exclude<BrowserContextOptions['storageState'], string | undefined>> {
  const { token, user } = await demoSession(request, baseURL, account);
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(baseURL).origin,
        localStorage: [
          { name: 'user', value: JSON.stringify(user) },
          { name: 'token', value: token },
        ],
      },
    ],
  };
}

/**
 * A second person's browser in a test: a new context already signed in as `account`, as
 * `signedInAs` gives the test's own page. Its pages are not the fixture's: after a goto, wait
 * for appStarted.
 */
export async function signedInContext(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  account: DemoAccount,
) {
  return browser.newContext({
    baseURL,
    storageState: await sessionState(request, baseURL, account),
  });
}

/**
 * The page responds to input (src/main.tsx): its islands are live (a returning visitor: every
 * test with a cookie choice or a session), or, on a first visit, the first touch is listened for,
 * and a press made before the app is live is held and replayed (src/app/first-touch.ts).
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset);
}

/**
 * The page's styles as a person sees them before touching it (src/app/full-stylesheet.ts): the
 * whole stylesheet once it was asked for (a returning visitor: every test with a cookie choice;
 * the app shell has it in its head), the CSS inlined in the page on a first visit, whose whole
 * stylesheet comes at the first touch.
 */
export async function stylesSettled(page: Page): Promise<void> {
  await appStarted(page);
  await page.waitForFunction(() => document.documentElement.dataset.styles !== 'loading');
}

/** Pages open with a cookie choice already made, unless a test sets consentGiven to false. */
export const test = base.extend<Fixtures>({
  consentGiven: [true, { option: true }],
  signedInAs: [undefined, { option: true }],
  context: async ({ context, consentGiven, signedInAs, request, baseURL }, use) => {
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
    // The session is this context's stored state only: not an option of the project, which
    // Playwright would also give to every other context the test opens (another person's).
    if (signedInAs)
      await context.setStorageState(await sessionState(request, baseURL!, signedInAs));
    await use(context);
    if (signedInAs) {
      // A test that signed out revoked the token: the next one asks for a new session.
      const { token } = await demoSession(request, baseURL!, signedInAs);
      const still = await request.get(`${baseURL}/api/user`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      if (still.status() !== 200) sessions.delete(`${baseURL} ${signedInAs}`);
    }
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
