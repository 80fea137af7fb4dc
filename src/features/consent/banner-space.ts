// The cookie banner's room (./cookie-banner.tsx), once it is live.

/**
 * Publishes the cookie banner's height as --cookie-banner-h (the header's mobile panel stops
 * above it) and as the page's bottom scroll padding, so the browser keeps focused elements above
 * it. Follows the banner's size (a narrower window, a larger text) until the returned function
 * is called; clearBannerSpace() gives the room back. (The end of the page needs none of it: the
 * banner is sticky, drawn after it.)
 */
export function publishBannerSpace(section: Element): () => void {
  const root = document.documentElement;
  const publish = () => {
    const height = `${Math.ceil(section.getBoundingClientRect().height)}px`;
    root.style.setProperty('--cookie-banner-h', height);
    root.style.scrollPaddingBottom = height;
  };
  publish();
  const observer = new ResizeObserver(publish);
  observer.observe(section);
  return () => observer.disconnect();
}

export function clearBannerSpace(): void {
  const root = document.documentElement;
  root.style.removeProperty('--cookie-banner-h');
  root.style.scrollPaddingBottom = '';
}
