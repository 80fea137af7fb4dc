import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/preload';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root manquant dans index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Prerendered pages are hydrated once their route chunk is there, so nothing flashes; the shell
// (app-shell.html, for routes without static HTML) is rendered from scratch.
if (root.firstElementChild) {
  void preloadRoute(window.location.pathname).finally(() => hydrateRoot(root, app));
} else {
  createRoot(root).render(app);
}
