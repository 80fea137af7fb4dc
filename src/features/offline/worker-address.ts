// No React, no store: a first visit registers the worker from here before the app is evaluated
// (src/app/first-touch.ts); the app's own registration (./sw-lifecycle.ts) goes through it too.

/** The service worker (sw/sw.ts, built at this address) and its scope: the whole site. */
export const registerWorker = (): Promise<ServiceWorkerRegistration> =>
  navigator.serviceWorker.register('/sw.js', { scope: '/' });

/**
 * Calls `run` once, when the page is stable: loaded and idle, or after 30 s at most (spec 9),
 * or sooner through the function it returns.
 */
export function whenStable(run: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(once, { timeout: 5000 })
      : setTimeout(once, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  setTimeout(once, 30_000);
  return once;
}

type InstallEvent = Event & { prompt: () => Promise<void> };

/** The browser's install offer (Chromium), for 'Installer l'application' (./install-prompt.tsx). */
export let deferredInstallEvent: InstallEvent | null = null;
let onOffer: (() => void) | undefined;
let listening = false;

/**
 * Keeps the browser's install offer from the page's start (the browser makes it once, maybe
 * before the app runs on a first visit), and tells `then` of it, at once if it came already.
 */
export function keepInstallOffer(then?: () => void): void {
  if (then) {
    onOffer = then;
    if (deferredInstallEvent) then();
  }
  if (listening) return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredInstallEvent = event as InstallEvent;
    onOffer?.();
  });
}
