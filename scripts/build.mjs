// Production build: client (PWA), prerender bundle, server bundle, then static HTML of the
// public pages and precompressed copies of every text asset.
import { build } from 'vite';
import { prerenderSite } from './prerender.mjs';
import { precompress } from './precompress.mjs';
import { injectPrecache } from './precache.mjs';

const started = Date.now();
const quiet = { logLevel: 'warn' };
// DIST_DIR lets two builds live side by side (parallel work, comparisons); 'dist' by default.
const dist = process.env.DIST_DIR ?? 'dist';

await build({ ...quiet });
await build({ ...quiet, build: { ssr: 'src/entry-prerender.tsx', outDir: `${dist}/prerender` } });
await build({ ...quiet, build: { ssr: 'server/main.ts', outDir: `${dist}/server` } });
const pages = await prerenderSite(`${dist}/client`, `${dist}/prerender/entry-prerender.js`);
const precached = await injectPrecache(`${dist}/client`);
const compressed = await precompress(`${dist}/client`);

console.log(
  `Build terminé en ${((Date.now() - started) / 1000).toFixed(1)} s : ${pages} pages prérendues, ${precached.count} fichiers précachés (${(precached.size / 1024).toFixed(0)} Ko), ${compressed} fichiers précompressés.`,
);
