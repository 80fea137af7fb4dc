import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root manquant dans index.html');

// A prerendered page is HTML that works: only its islands come to life (issue 27,
// src/lib/island.tsx). The app shell (routes without HTML of their own) renders the whole app.
if (root.firstElementChild) {
  void import('./app/start-islands').then(({ startIslands }) => startIslands(root));
} else {
  void import('./app/start-app').then(({ startApp }) => startApp(root));
}
