import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, systemChromium } from './scripts/browser.mjs';

/** The built app served by the real server on a fresh SQLite file (tests/fixtures reads it). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4319);
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${E2E_PORT}`);

// The config is loaded by the runner and again by each worker: wipe the data only once.
if (!process.env.TEST_WORKER_INDEX) {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  mkdirSync(E2E_DATA_DIR, { recursive: true });
}

const executablePath = systemChromium();

export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    // The service worker is exercised by tests/offline.spec.ts, which allows it; elsewhere it
    // would only precache the whole app in every fresh context.
    serviceWorkers: 'block',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      grepInvert: /@mobile/,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
      grep: /@mobile/,
    },
  ],
  webServer: {
    command: `node ${process.env.DIST_DIR ?? 'dist'}/server/main.js`,
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      NODE_ENV: 'test',
      // Every test posts from 127.0.0.1: the per-address form limit (5 an hour by default)
      // has its own server tests.
      PUBLIC_FORM_HOURLY_LIMIT: '10000',
    },
  },
});
