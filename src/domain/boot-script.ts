// In src/domain, like the cookie banner's gate (consent.ts): the server's CSP names its hash.

/**
 * Where the locale-data warm-up worker is served (scripts/intl-warmup.js, written there by
 * scripts/first-paint.mjs at a fixed address so the boot script below never changes with a
 * build, and neither does its hash in the CSP).
 */
export const INTL_WARMUP_PATH = '/intl-warmup.js';

/**
 * The first script of every prerendered page, inline in its <head> as a module (run once the
 * HTML is parsed) and allowed by its SHA-256 in the CSP (server/http/security.ts). Inline rather
 * than a file: a request of its own would be one more thing the first paint waits on over a slow
 * connection, for 600 bytes.
 *
 * The page paints from its HTML and inlined CSS alone; this loads the rest once that first paint
 * is on screen, so the app's JavaScript never competes with it (or with the fonts). What to load
 * is read from the page's <template id="app-assets">: the modulepreloads and the entry script
 * Vite wrote (scripts/first-paint.mjs put them there; the whole stylesheet is the app's to load
 * when first needed, src/app/full-stylesheet.ts). Fresh elements are made: a script cloned from a
 * template would never run.
 *
 * With them it starts the worker that loads the locale data the app's formatters need on another
 * thread (issue 12), first, so the data is loading while the modules download. Not before the
 * first paint: a request made before it is one the page's first paint waits on in Lighthouse's
 * simulation of a slow connection (issue 27 measured +80 to +160 ms of LCP against the page's
 * own HTML), and the page needs no formatter to paint. A browser without workers skips it. A
 * page opened in the background paints nothing until shown: the app is started after 3 s
 * whatever happens.
 *
 * One element per task, in the template's order (the entry script last): each starts a request,
 * which costs the main thread 1 to 5 ms at 4× CPU (a phone), and a form page has a dozen of
 * them. Added in one go, they made a task of 30 to 230 ms right after the first paint, during
 * which a touch waited (issue 27, measured in Chromium at 4× CPU).
 */
export const BOOT_SCRIPT =
  'const t=document.getElementById("app-assets");let s;' +
  'function go(){if(s||!t)return;s=1;' +
  `try{new Worker(${JSON.stringify(INTL_WARMUP_PATH)})}catch{}` +
  'const q=[...t.content.querySelectorAll("link[rel=modulepreload],script")];' +
  '(function n(o){if(o=q.shift()){const e=document.createElement(o.localName);' +
  'for(const a of o.attributes)e.setAttribute(a.name,a.value);document.head.append(e);setTimeout(n)}})()}' +
  'PerformanceObserver.supportedEntryTypes?.includes("paint")?' +
  '(new PerformanceObserver((l,o)=>{l.getEntriesByName("first-contentful-paint").length&&(o.disconnect(),go())})' +
  '.observe({type:"paint",buffered:!0}),setTimeout(go,3e3)):' +
  'addEventListener("load",go)';
