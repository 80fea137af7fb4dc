import { expect, test as base } from '../fixtures';
import { AppServer } from './app-server';

/**
 * Tests that need a server of their own (stop it, restart it on another build, inject faults):
 * the `app` fixture starts one on a fresh SQLite file, and the page's base URL is its origin.
 */
export const test = base.extend<{ app: AppServer }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for.
  app: async ({}, use) => {
    const app = new AppServer();
    await app.start();
    await use(app);
    await app.close();
  },
  baseURL: async ({ app }, use) => use(app.origin),
});

export { expect };
