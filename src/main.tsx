import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { isAppRoute, preloadRoute } from './app/preload';
import { NOT_FOUND_PATH } from './app/routes';
import { startSession } from './features/auth';
import { registerServiceWorker } from './features/offline';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root manquant dans index.html');

let started = false;

/** Tells tests (and anyone curious) that the page now responds to input. */
function markStarted() {
  if (started) return;
  started = true;
  document.documentElement.dataset.hydrated = '';
  // The offline engine: registered once the page is stable (spec 9).
  registerServiceWorker();
}

/** Its effect runs once the first render (or the whole hydration) is committed. */
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

// Reads a stored token (spec 4.1). Prerendered pages are public and drawn signed out anyway
// (the header shows the session once live); the other routes wait for it, so guards know who is
// there.
const sessionRead = startSession();

// The server answers an unknown address with the prerendered 404 page: give it its own address
// before hydrating, so the HTML and the first render agree.
if (!isAppRoute(window.location.pathname)) {
  history.replaceState(history.state, '', NOT_FOUND_PATH);
}

// Prerendered pages are hydrated once their route chunk is there, so nothing flashes; the shell
// (app-shell.html, for routes without static HTML) is rendered from scratch.
if (root.firstElementChild) {
  void preloadRoute(window.location.pathname)
    .catch(() => undefined) // the error boundary will say so and offer a reload
    .then(() => {
      // As a transition, React hydrates in slices of a few milliseconds and a tap or a key press
      // on the page is never kept waiting behind one long task.
      startTransition(() => {
        hydrateRoot(root, app);
      });
    });
} else {
  void sessionRead.then(() => {
    createRoot(root).render(app);
  });
}
