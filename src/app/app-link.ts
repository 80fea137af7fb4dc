// No React here: the first-visit gate (./first-touch.ts) reads it before the app is evaluated.

/** Addresses of the server itself, never pages of the app. */
const SERVER_PATHS = /^\/(api|geo|dev)\/|\.[a-z0-9]{2,5}$/i;

/**
 * The link a click follows within the app, or null when the browser should follow it itself
 * (another site, a new tab, a download, a fragment of this page, a modified click).
 */
export function appLinkOf(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href);
  if (url.origin !== window.location.origin || SERVER_PATHS.test(url.pathname)) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search)
    return null; // the same page, or one of its fragments
  return url;
}
