// Screenshots of pages at phone (390 px) and desktop (1280 px) widths, full page.
// Usage: node scripts/screenshot.mjs http://127.0.0.1:4173 .tmp/shots / /services ...
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, systemChromium } from './browser.mjs';

const [base, outDir, ...paths] = process.argv.slice(2);
if (!base || !outDir || paths.length === 0) {
  console.error('Usage : node scripts/screenshot.mjs <url de base> <dossier> <chemin>...');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: systemChromium(), args: chromiumArgs });
for (const width of [390, 1280]) {
  const context = await browser.newContext({
    viewport: { width, height: width === 390 ? 844 : 800 },
    deviceScaleFactor: 1,
  });
  // Hide the cookie banner so it does not cover the content in every picture.
  await context.addInitScript(() => {
    localStorage.setItem('cookie_consent', JSON.stringify({ choice: 'refused', at: Date.now() }));
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${width}] erreur JS`, e.message));
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const name =
      (p === '/' ? 'home' : p.replace(/^\//, '').replace(/[/#]/g, '_')) + `-${width}.png`;
    await page.screenshot({ path: path.join(outDir, name), fullPage: true });
    console.log(path.join(outDir, name));
    if (process.env.TILE_HEIGHT) {
      // Long pages are also cut into tiles, readable one by one.
      const tile = Number(process.env.TILE_HEIGHT);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, i = 1; y < height; y += tile, i += 1) {
        const file = path.join(outDir, name.replace('.png', `-t${i}.png`));
        await page.screenshot({
          path: file,
          fullPage: true,
          clip: { x: 0, y, width, height: Math.min(tile, height - y) },
        });
      }
    }
  }
  await context.close();
}
await browser.close();
