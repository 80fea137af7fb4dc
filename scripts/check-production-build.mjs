// Checks that the built client carries React's production build and no preloading helper: `npm test` builds with
// NODE_ENV=development on purpose, and `npm run build` must still produce this.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const assets = path.join(process.env.DIST_DIR ?? 'dist', 'client', 'assets');
const scripts = readdirSync(assets)
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ file: f, text: readFileSync(path.join(assets, f), 'utf8') }));

// Only the development build spells these warnings out; production points to react.dev/errors.
const developmentOnly = ['Cannot update a component', 'cannot be a child of'];
const leaks = scripts.filter(({ text }) => developmentOnly.some((s) => text.includes(s)));
const production = scripts.some(({ text }) => text.includes('react.dev/errors/'));

if (leaks.length > 0 || !production) {
  console.error(
    `Build de développement de React détecté (${leaks.map((l) => l.file).join(', ') || 'aucun code de production de React trouvé'}) : le build doit toujours être de production.`,
  );
  process.exit(1);
}
// vite.config.ts replaces Vite's preloading helper by a plain call: its code must not come back
// into the shell (it spells out 'vite:preloadError').
const helpers = scripts.filter(({ text }) => text.includes('vite:preloadError'));
if (helpers.length > 0) {
  console.error(
    `Le préchargement de Vite est revenu dans ${helpers.map((h) => h.file).join(', ')} : voir plainDynamicImports dans vite.config.ts.`,
  );
  process.exit(1);
}
console.log(`React en build de production (${scripts.length} fichiers JavaScript vérifiés).`);
