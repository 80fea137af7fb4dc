// Size budget: the JavaScript each public page loads, measured in Chromium against the built
// server and gzipped (level 9), so what is counted is what a visitor downloads. And the first
// round trip: a page whose HTML alone fits the first 14,600 bytes of a new connection must fit
// them with its scripts too (issue 27: one more round trip is 150 ms of LCP on a slow phone).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, systemChromium } from './browser.mjs';
import { brotli, FIRST_ROUND_TRIP_BYTES, withoutScripts } from './no-script-twin.mjs';
import { serveBuilt } from './serve-built.mjs';

const KB = 1024;
const bytes = (n) => `${new Intl.NumberFormat('fr-FR').format(n)}\u00a0o`;
/**
 * Issue 27: '/' is held to 82 KB gzip before any interaction (React 19 + react-dom alone is about
 * 69 KB; a prerendered page loads only its islands, src/lib/island.tsx), the two long forms to
 * 130 KB, other pages to 150 KB.
 */
const budgets = { '/': 82 * KB, '/questions-proprietaire': 130 * KB, '/signup': 130 * KB };
const DEFAULT_BUDGET = 150 * KB;
/** Content pages (content/*.md) ship no JavaScript beyond the shell's pieces: what '/' loads. */
const SHELL_ONLY = [
  '/aide/faq',
  '/aide/conditions-generales',
  '/aide/mentions-legales',
  '/aide/politique-confidentialite',
  '/homestylz/conditions-generales-de-vente',
];

const { prerendered } = JSON.parse(
  readFileSync(`${process.env.DIST_DIR ?? 'dist'}/client/routes.json`, 'utf8'),
);
const server = await serveBuilt();
const browser = await chromium.launch({ executablePath: systemChromium(), args: chromiumArgs });
let failures = 0;
/** The files '/' loads (measured first): the shell's pieces. */
let homeFiles;
try {
  const rows = [];
  for (const route of ['/', ...prerendered.filter((r) => r !== '/')]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map();
    const pending = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      const file = new URL(res.url()).pathname;
      // A worker's script (the boot script starts one) is not kept by the page: fetched again, then.
      const body = res
        .body()
        .catch(() =>
          fetch(res.url()).then(async (again) =>
            again.ok ? Buffer.from(await again.arrayBuffer()) : Promise.reject(again.statusText),
          ),
        );
      pending.push(body.then((bytes) => scripts.set(file, gzipSync(bytes, { level: 9 }).length)));
    });
    const answer = await page.goto(server.url + route, { waitUntil: 'networkidle' });
    if (!answer) throw new Error(`${route} : pas de réponse.`);
    // The first round trip: the page as sent (headers and Brotli body, as Chromium received
    // them) beside its no-script twin with the same headers.
    const sizes = await answer.request().sizes();
    const wire = sizes.responseHeadersSize + sizes.responseBodySize;
    const twinWire = sizes.responseHeadersSize + brotli(withoutScripts(await answer.text())).length;
    const extraRoundTrip = wire > FIRST_ROUND_TRIP_BYTES && twinWire <= FIRST_ROUND_TRIP_BYTES;
    if (extraRoundTrip)
      console.error(
        `${route}\u00a0: ${bytes(wire)} au premier téléchargement (en-têtes compris), ${bytes(twinWire)} sans ses scripts\u00a0: ses scripts lui coûtent un aller-retour (fenêtre TCP initiale de ${bytes(FIRST_ROUND_TRIP_BYTES)}). Allégez la page de ${bytes(wire - FIRST_ROUND_TRIP_BYTES)} au moins (docs/decisions/013-islands.md).`,
      );
    // The page's inline scripts count too (the cookie banner's gate, the boot script), together.
    const inline = await page.$$eval('script:not([src])', (elements) =>
      elements
        .filter((e) => ['', 'module', 'text/javascript'].includes(e.type))
        .map((e) => e.textContent ?? '')
        .join('\n'),
    );
    if (inline) scripts.set('(en ligne)', gzipSync(inline, { level: 9 }).length);
    // A body that cannot be read fails the check rather than counting as empty.
    await Promise.all(pending);
    await context.close();
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    const budget = budgets[route] ?? DEFAULT_BUDGET;
    if (route === '/') homeFiles = new Set(scripts.keys());
    const extra = SHELL_ONLY.includes(route)
      ? [...scripts.keys()].filter((file) => !homeFiles?.has(file))
      : [];
    if (extra.length > 0) console.error(`${route} charge plus que le cadre : ${extra.join(', ')}`);
    const ok = total <= budget && total > 0 && extra.length === 0 && !extraRoundTrip;
    if (!ok) failures += 1;
    rows.push({ route, files: scripts.size, total, budget, ok, wire, twinWire });
    if (route === '/') {
      for (const [file, size] of scripts)
        console.log(`  ${file.padEnd(48)} ${(size / KB).toFixed(1)} KB gzip`);
    }
  }
  console.log(
    '\nJavaScript chargé par page (gzip) ; premier téléchargement de la page / de sa jumelle sans script :',
  );
  for (const r of rows) {
    console.log(
      `${r.ok ? '✓' : '✗'} ${r.route.padEnd(32)} ${(r.total / KB).toFixed(1).padStart(6)} KB (${r.total} o) / ${(r.budget / KB).toFixed(0)} KB  (${r.files} fichiers)  ${bytes(r.wire)} / ${bytes(r.twinWire)}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
if (failures > 0) {
  console.error(`\n${failures} page(s) hors budget.`);
  process.exit(1);
}
console.log('\nBudget respecté.');
