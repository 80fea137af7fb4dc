import { StrictMode, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { startSession } from '../features/auth';
import { App } from './app';
import { isAppRoute, preloadRoute } from './preload';
import { appStart, markStarted } from './started';

/** Its effect runs once the first render is committed. */
function Started() {
  useEffect(markStarted, []);
  return null;
}

const app = (
  <StrictMode>
    <App />
    <Started />
  </StrictMode>
);

/**
 * Renders the whole app in `root`: on a page drawn from the app shell (routes without HTML of
 * their own), or at the first navigation away from a prerendered page (`navigated`), where
 * `beforeMount` takes the islands down in the same task, so no frame shows the page without them.
 */
export async function startApp(
  root: HTMLElement,
  { navigated = false, beforeMount }: { navigated?: boolean; beforeMount?: () => void } = {},
): Promise<void> {
  const path = window.location.pathname;
  if (navigated && !isAppRoute(path)) {
    // An address of the server, not of the app (a file, an API answer): the browser's to open.
    window.location.reload();
    return;
  }
  // Reads a stored token (spec 4.1): the guards must know who is there. The page's chunk comes
  // first, so nothing flashes.
  await Promise.all([
    startSession(),
    preloadRoute(path).catch(() => undefined), // the error boundary will say so and offer a reload
  ]);
  appStart.navigated = navigated;
  beforeMount?.();
  const reactRoot = createRoot(root);
  flushSync(() => reactRoot.render(app));
}
