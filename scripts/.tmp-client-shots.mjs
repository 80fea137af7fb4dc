import { chromium } from 'playwright-core';
import { chromiumArgs, systemChromium } from './browser.mjs';
import { serveBuilt } from './serve-built.mjs';
const server = await serveBuilt();
const browser = await chromium.launch({ executablePath: systemChromium(), args: chromiumArgs });
const who = process.argv[2] ?? 'client@demo.chassimmo.fr';
const paths = (process.argv[3] ?? '/dashboard').split(',');
try {
  for (const width of [390, 1280]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
    await page.goto(server.url + '/signin');
    await page.getByLabel('Adresse e-mail').fill(who);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Demo1234');
    await page.getByRole('button', { name: /Se connecter/ }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
    for (const p of paths) {
      await page.goto(server.url + p);
      await page.waitForTimeout(1500);
      const name = `/tmp/shot-${p.replace(/\W+/g, '_')}-${width}.png`;
      await page.screenshot({ path: name, fullPage: true });
      console.log(name);
      if (width === 390) {
        const h = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0, k = 0; y < h; y += 1400, k++) {
          const part = name.replace('.png', `-part${k}.png`);
          await page.screenshot({
            path: part,
            fullPage: true,
            clip: { x: 0, y, width: 390, height: Math.min(1400, h - y) },
          });
          console.log(part);
        }
      }
    }
    await ctx.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
