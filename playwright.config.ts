import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { testChromium, testChromiumArgs } from './scripts/browser.mjs';
import { timeouts } from './tests/support/timeouts';

/** The built app served by the real server on a fresh SQLite file (tests/fixtures reads it). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4319);
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${E2E_PORT}`);

// The config is loaded by the runner and again by each worker: wipe the data only once.
if (!process.env.TEST_WORKER_INDEX) {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  mkdirSync(E2E_DATA_DIR, { recursive: true });
}

const executablePath = testChromium();

/**
 * Workers from the cores this process may use (os.availableParallelism honours `taskset`):
 * a worker's Chromium needs about one core while a page loads, and the server and the test
 * runner share the rest, so one worker for two cores (docs/testing.md). E2E_WORKERS overrides.
 */
export const E2E_WORKERS =
  Number(process.env.E2E_WORKERS) || Math.max(1, Math.floor(os.availableParallelism() / 2));

export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: E2E_WORKERS,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [
    ['list'],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
    ['./tests/support/slowest-reporter.ts'],
  ],
  // Slow tests are named by tests/support/slowest-reporter.ts; a file is slow for its many tests.
  reportSlowTests: null,
  timeout: timeouts.test,
  expect: { timeout: timeouts.expect },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // A failure's trace, where someone can open it; CI keeps only its log, and recording costs
    // every passing test CPU time (docs/testing.md).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The service worker is exercised by tests/offline.spec.ts, which allows it; elsewhere it
    // would only precache the whole app in every fresh context.
    serviceWorkers: 'block',
    launchOptions: { executablePath, args: testChromiumArgs },
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
    timeout: timeouts.serverStart,
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
