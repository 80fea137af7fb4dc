import type { Page } from '@playwright/test';
import { expect, queryDb } from '../fixtures';
import { swReady } from './browser-state';
import { signIn } from './sign-in';
import { timeouts } from './timeouts';

/** What the offline tests of the staff and client areas share. */

/** An account's id, read from the server's database. */
export const userIdOf = (email: string) =>
  queryDb<{ id: string }>('select id from app_user where email = ?', email)[0]!.id;

/**
 * Signs the client in, waits for the service worker to control the dashboard, and reloads it
 * through the worker (its answers kept for offline use).
 */
export async function openDashboardWithWorker(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await page.waitForURL(/\/dashboard/);
  await swReady(page);
  await page.reload();
}

/** Back online: the note written offline shows once, no longer pending, and is stored once. */
export async function expectNoteArrivedOnce(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('staff-note').filter({ hasText: text })).toHaveCount(1, {
    timeout: timeouts.background,
  });
  await expect(page.getByTestId('pending-note').filter({ hasText: text })).toHaveCount(0);
  const stored = queryDb<{ n: number }>(
    'select count(*) as n from staff_note where text = ?',
    text,
  );
  expect(stored[0]?.n).toBe(1);
}
