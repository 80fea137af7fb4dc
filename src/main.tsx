import './styles.css';
import { returningVisitor } from './app/returning-visitor';
import { startOnFirstTouch, type IslandStart } from './app/first-touch';

const root = document.getElementById('root');
if (!root) throw new Error('#root manquant dans index.html');

// A prerendered page is HTML that works: only its islands come to life (issue 27,
// src/lib/island.tsx), with the page for a returning visitor, at the first touch on a first
// visit. The app shell (routes without HTML of their own) renders the whole app.
if (root.firstElementChild) {
  const start = (how?: IslandStart) =>
    import('./app/start-islands').then(({ startIslands }) => startIslands(root, how));
  startOnFirstTouch(root, start, { returning: returningVisitor() });
} else {
  void import('./app/start-app').then(({ startApp }) => startApp(root));
}
