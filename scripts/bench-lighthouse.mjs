// `npm run bench:lighthouse`: builds, serves the build with the real server, and runs Lighthouse
// (mobile preset: simulated slow 4G, 4× CPU slowdown) on every prerendered page (or those named), in the
// same Chromium as the end-to-end tests. Prints a table and exits non-zero under the thresholds.
// Not part of `npm test`: the scores depend on the machine.
//   node scripts/bench-lighthouse.mjs [--no-build] [--runs 3] [/route …]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, systemChromium } from './browser.mjs';
import { serveBuilt } from './serve-built.mjs';

const THRESHOLDS = { performance: 0.99, lcpMs: 1200, accessibility: 1, cls: 0.02 };
/** Without routes named: every prerendered page (issue 12: those listed, and every page added). */
const everyPage = () =>
  JSON.parse(readFileSync(`${process.env.DIST_DIR ?? 'dist'}/client/routes.json`, 'utf8'))
    .prerendered;

const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const runsIndex = args.indexOf('--runs');
const runs = runsIndex >= 0 ? Number(args[runsIndex + 1]) : 1;
const routes = args.filter((a, i) => a.startsWith('/') && args[i - 1] !== '--runs');

if (build) {
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = await serveBuilt();
const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-chrome-'));
const chrome = await chromeLauncher.launch({
  chromePath: systemChromium(),
  chromeFlags: ['--headless=new', ...chromiumArgs],
  userDataDir,
});

/** The element Lighthouse took for the largest paint, to say what to look at when LCP is late. */
function lcpElementOf(lhr) {
  const items = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = items.flatMap((item) => item.items ?? [item]).find((i) => i.node)?.node;
  return node ? `${node.selector} « ${node.snippet.slice(0, 80)} »` : 'inconnu';
}

/** The median run of a route by performance score (Lighthouse's own advice for variance). */
async function measure(route) {
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    const { lhr } = await lighthouse(`${server.url}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // A first visit: nothing cached, no service worker yet.
      disableStorageReset: false,
    });
    results.push(lhr);
  }
  results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  const lhr = results[Math.floor(results.length / 2)];
  const failedA11y = Object.values(lhr.audits)
    .filter(
      (a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id),
    )
    .map((a) => a.id);
  return {
    route,
    performance: lhr.categories.performance.score,
    accessibility: lhr.categories.accessibility.score,
    fcpMs: lhr.audits['first-contentful-paint'].numericValue,
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    lcpElement: lcpElementOf(lhr),
    failedA11y,
  };
}

const rows = [];
try {
  for (const route of routes.length > 0 ? routes : everyPage()) rows.push(await measure(route));
} finally {
  await chrome.kill();
  await server.stop();
  rmSync(userDataDir, { recursive: true, force: true });
}

const ok = (r) =>
  r.performance >= THRESHOLDS.performance &&
  r.lcpMs <= THRESHOLDS.lcpMs &&
  r.accessibility >= THRESHOLDS.accessibility &&
  r.cls <= THRESHOLDS.cls;

console.log(
  `\nLighthouse (mobile, 4G lente simulée, CPU ×4${runs > 1 ? `, médiane de ${runs}` : ''})\n`,
);
console.log('| route | performance | FCP | LCP | CLS | TBT | accessibility |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| \`${r.route}\` | ${r.performance.toFixed(2)} | ${(r.fcpMs / 1000).toFixed(2)} s | ${(r.lcpMs / 1000).toFixed(2)} s | ${r.cls.toFixed(3)} | ${Math.round(r.tbtMs)} ms | ${r.accessibility.toFixed(2)}${r.failedA11y.length ? ` (${r.failedA11y.join(', ')})` : ''} |${ok(r) ? '' : ' ✗'}`,
  );
}
const failing = rows.filter((r) => !ok(r));
for (const r of failing) console.error(`${r.route} : élément du LCP ${r.lcpElement}`);
if (failing.length > 0) {
  console.error(
    `\n${failing.length} page(s) sous les seuils (performance ≥ ${THRESHOLDS.performance}, LCP ≤ ${THRESHOLDS.lcpMs} ms, CLS ≤ ${THRESHOLDS.cls}, accessibilité ${THRESHOLDS.accessibility}).`,
  );
  process.exit(1);
}
console.log('\nSeuils tenus.');
