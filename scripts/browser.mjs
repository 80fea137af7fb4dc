import { existsSync } from 'node:fs';

/** Flags that let Chromium run headless on a closed network (DESIGN.md). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The system Chromium when there is one (Debian's package, or CHROMIUM_PATH), otherwise
 * undefined so Playwright uses its own download (`npx playwright install chromium`).
 */
export function systemChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => p && existsSync(p));
}
