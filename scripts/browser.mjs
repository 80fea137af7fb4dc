import { closeSync, existsSync, openSync, readSync } from 'node:fs';

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
 * For the end-to-end tests, flags that spare the CPU (docs/testing.md): no GPU process (its
 * work, software compositing, runs in the browser process), no software GPU rasteriser, no
 * extensions, no audio. Not for Lighthouse, which measures pages as a browser renders them.
 */
export const testChromiumArgs = [
  ...chromiumArgs,
  '--in-process-gpu',
  '--disable-gpu-compositing',
  '--disable-software-rasterizer',
  '--disable-extensions',
  '--mute-audio',
];

/**
 * The system Chromium when there is one (Debian's package, or CHROMIUM_PATH), otherwise
 * undefined so Playwright uses its own download (`npx playwright install chromium`).
 */
export function systemChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => p && existsSync(p));
}

/**
 * The same browser for the tests, without Debian's launcher: /usr/bin/chromium is a shell
 * script that adds the flags of /etc/chromium.d (GPU rasterisation, the packaged extensions),
 * which the tests do not want; it runs /usr/lib/chromium/chromium, which is launched directly.
 */
export function testChromium() {
  const found = systemChromium();
  if (!found || found === process.env.CHROMIUM_PATH) return found;
  const head = Buffer.alloc(2);
  try {
    const fd = openSync(found, 'r');
    readSync(fd, head, 0, 2, 0);
    closeSync(fd);
  } catch {
    return found;
  }
  const script = head.toString('latin1') === '#!';
  return script && existsSync('/usr/lib/chromium/chromium') ? '/usr/lib/chromium/chromium' : found;
}
