import { swStore } from './sw-registration';
import { registerWorker } from './worker-address';

/** An installed app may stay open for days: look for a new version this often, too. */
const UPDATE_CHECK_MS = 60 * 60_000;

let waitingWorker: ServiceWorker | null = null;

function watchWaiting(registration: ServiceWorkerRegistration): void {
  const offer = (worker: ServiceWorker | null) => {
    // Only an update asks: the first install has no page to refresh onto.
    if (worker && navigator.serviceWorker.controller) {
      waitingWorker = worker;
      swStore.updateWaiting = true;
    }
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
}

/** Asks the server for a new sw.js (a failure, offline for one, is only a missed check). */
function checkForUpdate(registration: ServiceWorkerRegistration): void {
  registration.update().catch(() => undefined);
}

/**
 * Registers /sw.js, listens to what it says of the outbox, and looks for new versions when the
 * page comes back to the foreground and every hour. Updates are never applied without asking
 * (registerType 'prompt'): a waiting worker sets updateWaiting, and only acceptUpdate() (the
 * person's yes) makes it take over and reloads. Written against the browser API rather than
 * workbox-window, to keep the first download small.
 */
export async function startWorker(): Promise<void> {
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === 'OUTBOX_CHANGED') swStore.outboxActivity = true;
  });
  const registration = await registerWorker();
  // Undefined where the browser refuses workers (private modes, test harnesses).
  if (!registration) return;
  watchWaiting(registration);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate(registration);
  });
  window.setInterval(() => checkForUpdate(registration), UPDATE_CHECK_MS);
}

/** The person said yes: the waiting worker takes over, then the page reloads onto it. */
export function acceptUpdate(): void {
  if (!waitingWorker) return;
  // Another tab said yes first: the new version already runs, only this page is old.
  if (waitingWorker.state === 'activating' || waitingWorker.state === 'activated') {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  waitingWorker.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * Whether this device has submissions in its outbox, read with the bare IndexedDB API so the
 * page does not load Dexie (or the outbox screens) just to learn there is nothing to show.
 */
export async function hasOutboxEntries(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  const known = (await indexedDB.databases?.().catch(() => [])) ?? [];
  if (!known.some((d) => d.name === 'chassimmo')) return false;
  return new Promise((resolve) => {
    const open = indexedDB.open('chassimmo');
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const db = open.result;
      const done = (found: boolean) => {
        db.close();
        resolve(found);
      };
      if (!db.objectStoreNames.contains('outbox')) return done(false);
      const count = db.transaction('outbox', 'readonly').objectStore('outbox').count();
      count.onsuccess = () => done(count.result > 0);
      count.onerror = () => done(false);
    };
  });
}
