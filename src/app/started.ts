import { registerServiceWorker } from '../features/offline/sw-registration';

/**
 * How the app started: `navigated` when the whole app was mounted by a first navigation away from
 * a prerendered page (./start-islands.tsx), so its first page is a navigation (title, scroll)
 * rather than the page the HTML already shows.
 */
export const appStart = { navigated: false };

let started = false;

/**
 * Tells tests (and anyone curious) that the page now responds to input (on a first visit,
 * ./first-touch.ts says so earlier: it holds what the person does until the app is live).
 */
export function markStarted(): void {
  if (started) return;
  started = true;
  document.documentElement.dataset.hydrated = '';
  // The offline engine: registered once the page is stable (spec 9).
  registerServiceWorker();
}
