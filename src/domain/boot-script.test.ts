// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_SCRIPT, INTL_WARMUP_PATH } from './boot-script';

const ASSETS =
  '<template id="app-assets">' +
  '<link rel="modulepreload" crossorigin href="/assets/framework.js">' +
  '<link rel="modulepreload" crossorigin href="/assets/contact-form.js">' +
  '<link rel="stylesheet" href="/assets/index.css">' +
  '<script type="module" crossorigin src="/assets/index.js"></script>' +
  '</template>';

type PaintCallback = (
  list: { getEntriesByName: (name: string) => unknown[] },
  observer: { disconnect: () => void },
) => void;

/**
 * Runs the inline boot script on a page holding the app's template, with the browser pieces it
 * touches given as parameters: answers what it started and a way to signal the first paint.
 */
function boot({ paintSupported = true, workers = true } = {}) {
  vi.useFakeTimers();
  document.head.innerHTML = ASSETS;
  const started: string[] = [];
  // Called with `new`, as the script does: a plain function records the address.
  const Worker = workers
    ? function Worker(url: string) {
        started.push(url);
      }
    : undefined;
  let onPaint: PaintCallback | undefined;
  const disconnect = vi.fn();
  const PerformanceObserver = Object.assign(
    class {
      constructor(callback: PaintCallback) {
        onPaint = callback;
      }
      observe() {}
      disconnect = disconnect;
    },
    { supportedEntryTypes: paintSupported ? ['paint', 'navigation'] : ['navigation'] },
  );
  new Function('Worker', 'PerformanceObserver', BOOT_SCRIPT)(Worker, PerformanceObserver);
  const paint = (name: string) =>
    onPaint?.(
      { getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) },
      { disconnect },
    );
  return { started, paint, disconnect };
}

const EVERYTHING = [
  'link /assets/framework.js',
  'link /assets/contact-form.js',
  'script /assets/index.js',
];

/** The tasks the script queued (one element each) have run: well under the 3-second fallback. */
const later = () => vi.advanceTimersByTime(100);

/** What the script put in the head, outside the template. */
const loaded = () =>
  [...document.head.children]
    .filter((element) => element.localName !== 'template')
    .map(
      (element) =>
        `${element.localName} ${element.getAttribute('href') ?? element.getAttribute('src')}`,
    );

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
});

describe('the boot script of a prerendered page', () => {
  it('starts nothing before the first paint, then the locale warm-up worker with the app', () => {
    const { started, paint } = boot();
    expect(started).toEqual([]);
    expect(loaded()).toEqual([]);
    paint('first-contentful-paint');
    expect(started).toEqual([INTL_WARMUP_PATH]);
    later();
    expect(loaded()).toEqual(EVERYTHING);
  });

  it('adds one element per task, in the order of the template, so that no task is long', () => {
    const { paint } = boot();
    paint('first-contentful-paint');
    expect(loaded()).toEqual(EVERYTHING.slice(0, 1));
    vi.advanceTimersToNextTimer();
    expect(loaded()).toEqual(EVERYTHING.slice(0, 2));
    vi.advanceTimersToNextTimer();
    expect(loaded()).toEqual(EVERYTHING);
  });

  it('loads the preloads and the entry script once the first contentful paint is signalled, leaving the stylesheet to the app', () => {
    const { paint, disconnect } = boot();
    paint('first-paint');
    expect(loaded()).toEqual([]);
    paint('first-contentful-paint');
    later();
    expect(loaded()).toEqual(EVERYTHING);
    expect(disconnect).toHaveBeenCalled();
    // Fresh elements with every attribute: a script cloned from a template would never run.
    const script = document.head.querySelector('script[src="/assets/index.js"]');
    expect(script?.getAttribute('type')).toBe('module');
    expect(script?.hasAttribute('crossorigin')).toBe(true);
  });

  it('starts the app once, even when the paint comes after the 3-second fallback', () => {
    const { paint } = boot();
    vi.advanceTimersByTime(3000);
    paint('first-contentful-paint');
    later();
    expect(loaded()).toEqual(EVERYTHING);
  });

  it('waits for the load event where paints cannot be observed, and runs without workers', () => {
    const { started } = boot({ paintSupported: false, workers: false });
    expect(started).toEqual([]);
    expect(loaded()).toEqual([]);
    window.dispatchEvent(new Event('load'));
    later();
    expect(loaded()).toEqual(EVERYTHING);
  });
});
