// Renders the app icons (PNG) from the brand mark with Chromium: 192 and 512 px, plus a
// maskable 512 px whose mark sits inside the 80 % safe zone. Run by hand when the mark changes:
//   node scripts/make-icons.mjs
import { chromium } from 'playwright-core';
import { chromiumArgs, systemChromium } from './browser.mjs';

const mark = (inner) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="100%" height="100%">
  <g transform="translate(16 16) scale(${inner}) translate(-16 -16)">
    <path d="M6 15L16 7l10 8" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="16" cy="17.5" r="3" fill="#b7863f"/>
    <path d="M15 19.5h2l.6 5h-3.2z" fill="#b7863f"/>
  </g>
</svg>`;

const icons = [
  { file: 'public/icons/icon-192.png', size: 192, radius: '22%', inner: 1 },
  { file: 'public/icons/icon-512.png', size: 512, radius: '22%', inner: 1 },
  { file: 'public/icons/maskable-512.png', size: 512, radius: '0', inner: 0.72 },
  { file: 'public/icons/apple-touch-icon.png', size: 180, radius: '0', inner: 0.9 },
];

const browser = await chromium.launch({ executablePath: systemChromium(), args: chromiumArgs });
for (const icon of icons) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><div style="width:${icon.size}px;height:${icon.size}px;background:#173f5f;border-radius:${icon.radius}">${mark(icon.inner)}</div></body></html>`,
  );
  await page.screenshot({ path: icon.file, omitBackground: true });
  await page.close();
  console.log(icon.file);
}
await browser.close();
