import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdtempSync } from 'node:fs';
import { chromiumArgs, systemChromium } from '/work/main/scripts/browser.mjs';
import { serveBuilt } from '/work/main/scripts/serve-built.mjs';
const server = await serveBuilt();
const chrome = await chromeLauncher.launch({ chromePath: systemChromium(), chromeFlags: ['--headless=new', ...chromiumArgs], userDataDir: mkdtempSync('/tmp/lhc-') });
for (const route of process.argv.slice(2)) {
  const { lhr } = await lighthouse(`${server.url}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const a = lhr.audits;
  console.log(route, lhr.categories.performance.score, 'TBT', a['total-blocking-time'].numericValue, 'LCP', a['largest-contentful-paint'].numericValue);
  for (const t of a['long-tasks'].details.items) console.log('  long', Math.round(t.startTime), Math.round(t.duration), t.url);
  for (const t of a['mainthread-work-breakdown'].details.items) console.log('  ', t.groupLabel, Math.round(t.duration));
  for (const t of a['bootup-time'].details.items.slice(0,6)) console.log('  boot', t.url, Math.round(t.total), Math.round(t.scripting), Math.round(t.scriptParseCompile));
}
await chrome.kill(); await server.stop();
