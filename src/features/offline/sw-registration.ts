import { proxy, useSnapshot } from 'valtio';
import { keepInstallOffer, whenStable } from './worker-address';

/** The service worker's state as the page sees it. */
export const swStore = proxy({
  /** A new version is installed and waits for the person's yes. */
  updateWaiting: false,
  /** Something was queued or replayed: the outbox panel is worth loading. */
  outboxActivity: false,
  /** The browser offers installation (Chromium), or this is Safari on iOS (manual steps). */
  installOffer: false,
});

/** Starts the registration now rather than once idle (set by registerServiceWorker). */
let startNow = () => {};

/**
 * A signed-in area opened (issue 29): the worker is registered at once, not once the page is
 * idle, so the page is served without network as soon as possible after the first sign-in (a
 * reload offline before the worker has installed shows the browser's error page).
 */
export const registerWorkerNow = () => startNow();

/**
 * Registers /sw.js (sw-lifecycle.ts) once the app is stable (loaded and idle) or after 30 s at
 * most (spec 9), and looks then for submissions waiting in the outbox. A failed installation is
 * only logged (spec 2.8).
 */
export function registerServiceWorker(): void {
  if (typeof window === 'undefined') return;
  keepInstallOffer(() => {
    swStore.installOffer = true;
  });
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches;
  if (!standalone && /iPhone|iPad|iPod/.test(navigator.userAgent)) swStore.installOffer = true;

  const worker = 'serviceWorker' in navigator && import.meta.env.PROD;
  startNow = whenStable(() => {
    import('./sw-lifecycle')
      .then(({ startWorker, hasOutboxEntries }) => {
        void hasOutboxEntries().then((found) => {
          if (found) swStore.outboxActivity = true;
        });
        if (worker) startWorker();
      })
      .catch((error: unknown) => console.error('Service worker non installé', error));
  });
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
