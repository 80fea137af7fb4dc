import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { timeouts } from './timeouts';

/** What a test reads of the page's own state: its service worker and its IndexedDB. */

/** Waits until the service worker has installed (precache done) and controls the page. */
export async function swReady(page: Page, timeout = timeouts.background): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return (
            registration?.active?.state === 'activated' && !!navigator.serviceWorker.controller
          );
        }),
      { timeout },
    )
    .toBe(true);
}

export interface StoredDraft {
  step: number;
  answers: Record<string, unknown>;
  idempotencyKey: string;
}

/** Every record of one store of the app's database ('chassimmo'), [] when there is none. */
export function storedRecords<T>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (store) =>
      new Promise<T[]>((resolve) => {
        const open = indexedDB.open('chassimmo');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => {
            resolve(all.result as T[]);
            db.close();
          };
        };
      }),
    store,
  );
}

/** The flow's draft as stored in IndexedDB, null when there is none (saving is asynchronous). */
export async function storedDraft(
  page: Page,
  flow: 'owner' | 'buyer',
): Promise<StoredDraft | null> {
  const drafts = await storedRecords<StoredDraft & { flow: string }>(page, 'drafts');
  return drafts.find((d) => d.flow === flow) ?? null;
}
