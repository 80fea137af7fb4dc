import { proxy, useSnapshot } from 'valtio';
import type { Workbox } from 'workbox-window';

/** The service worker's state as the page sees it. */
export const swStore = proxy({
  /** A new version is installed and waits for the person's yes. */
  updateWaiting: false,
  /** The worker controls the page: forms sent without network will be queued. */
  controlled: false,
});

let workbox: Workbox | undefined;

/**
 * Registers /sw.js once the app is stable (loaded and idle) or after 30 s at most (spec 9).
 * Updates are never applied without asking (registerType 'prompt'): a waiting worker sets
 * updateWaiting, and only acceptUpdate() (the person's yes) makes it take over and reloads.
 * A failed installation is only logged (spec 2.8).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void import('workbox-window')
      .then(({ Workbox }) => {
        workbox = new Workbox('/sw.js', { scope: '/' });
        workbox.addEventListener('waiting', () => {
          swStore.updateWaiting = true;
        });
        workbox.addEventListener('controlling', () => {
          swStore.controlled = true;
        });
        return workbox.register();
      })
      .then(() => {
        swStore.controlled = !!navigator.serviceWorker.controller;
      })
      .catch((error: unknown) => console.error('Service worker non installé', error));
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(start, { timeout: 5000 })
      : setTimeout(start, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  setTimeout(start, 30_000);
}

/** The person said yes: the waiting worker takes over, then the page reloads onto it. */
export function acceptUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

export function dismissUpdate(): void {
  swStore.updateWaiting = false;
}

export function useServiceWorker() {
  return useSnapshot(swStore);
}

/** Asks the worker to replay what waits now ('Renvoyer maintenant' forces past the backoff). */
export function requestReplay(force = false): void {
  navigator.serviceWorker?.controller?.postMessage({ type: 'OUTBOX_REPLAY', force });
}
