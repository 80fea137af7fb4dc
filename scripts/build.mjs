// Production build: client (PWA), prerender bundle, server bundle, then static HTML of the
// public pages and precompressed copies of every text asset.

// Always a production build, whatever NODE_ENV the shell or the server's mode says: with
// NODE_ENV=development Vite would bundle React's development build (larger, slower, full of
// warnings) and the prerender would run it. Set before Vite and React are loaded.
process.env.NODE_ENV = 'production';
const { build } = await import('vite');
import { prepareFirstPaint } from './first-paint.mjs';
import { prerenderSite } from './prerender.mjs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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
const { prerendered, islands } = JSON.parse(await readFile(`${dist}/client/routes.json`, 'utf8'));
const prerenderBundle = pathToFileURL(path.resolve(`${dist}/prerender/entry-prerender.js`)).href;
const { BOOT_SCRIPT, INTL_WARMUP_PATH } = await import(prerenderBundle);
const firstPaint = await prepareFirstPaint(`${dist}/client`, prerendered, islands, {
  script: BOOT_SCRIPT,
  intlWarmupPath: INTL_WARMUP_PATH,
});
const precached = await injectPrecache(`${dist}/client`);
const compressed = await precompress(`${dist}/client`);

console.log(
  `Build terminé en ${((Date.now() - started) / 1000).toFixed(1)} s : ${pages} pages prérendues (CSS en ligne : ${(firstPaint.averageInlined / 1024).toFixed(1)} Ko en moyenne), ${precached.count} fichiers précachés (${(precached.size / 1024).toFixed(0)} Ko), ${compressed} fichiers précompressés.`,
);
