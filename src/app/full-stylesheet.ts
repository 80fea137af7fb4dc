/**
 * The app's whole stylesheet on a prerendered page (issue 27). The page paints from the CSS its
 * own elements use, inlined at build (scripts/first-paint.mjs, web fonts included); the whole
 * stylesheet (128 KB) only styles what is not there yet: the next page, the basket panel, a
 * toast, the help button. Applied to a page already laid out, it costs a style and layout pass of
 * the whole document (40 to 70 ms of main thread here, docs/decisions/008), so it comes when
 * first needed: the first touch, key or navigation, or at once for a returning visitor.
 */
let loading: Promise<void> | undefined;

export function loadFullStylesheet(): Promise<void> {
  loading ??= new Promise<void>((resolve) => {
    const template = document.getElementById('app-assets');
    const source =
      template instanceof HTMLTemplateElement
        ? template.content.querySelector('link[rel="stylesheet"]')
        : null;
    const href = source?.getAttribute('href');
    if (!source || !href || document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) {
      resolve();
      return;
    }
    const link = document.createElement('link');
    for (const { name, value } of source.attributes) link.setAttribute(name, value);
    // Tells tests (and anyone curious) where the page's styles are: 'loading', then 'full'.
    const html = document.documentElement;
    html.dataset.styles = 'loading';
    const settle = (state: string) => () => {
      html.dataset.styles = state;
      resolve();
    };
    // A stylesheet that cannot come (offline, first visit) must not keep the app waiting.
    link.addEventListener('load', settle('full'));
    link.addEventListener('error', settle('missing'));
    document.head.append(link);
  });
  return loading;
}
