// The first script of every prerendered page (scripts/first-paint.mjs puts it there). The page
// paints from its HTML and inlined CSS alone; this loads the rest once that first paint is on
// screen, so the app's JavaScript never competes with it (or with the fonts) for a
// slow connection. What to load is read from the page's <template id="app-assets">, which holds
// the tags Vite wrote for the entry: modulepreloads, the stylesheet (left to the app), the script.

// Loads the locale data the app's formatters need on another thread (scripts/intl-warmup.js;
// scripts/first-paint.mjs writes its address here), at once: a worker started after the first
// paint costs a main-thread task in the page's busiest moment. A browser without workers just
// skips it.
try {
  new Worker('__INTL_WARMUP__');
} catch {
  // The formatters load that data themselves.
}

const template = document.getElementById('app-assets');
let started = false;

function start() {
  if (started || !template) return;
  started = true;
  // The whole stylesheet is the app's to load when first needed (src/app/full-stylesheet.ts).
  for (const source of template.content.querySelectorAll('link[rel="modulepreload"], script')) {
    // Fresh elements: a script cloned from a template would never run.
    const element = document.createElement(source.localName);
    for (const { name, value } of source.attributes) element.setAttribute(name, value);
    document.head.append(element);
  }
}

if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // A page opened in the background paints nothing until shown: do not wait for ever.
  setTimeout(start, 3000);
} else {
  // Module scripts run before the load event.
  addEventListener('load', start);
}
