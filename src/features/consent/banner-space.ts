// No React: a first visit's page keeps the banner's room before the app runs (src/app/first-touch.ts).

/**
 * Publishes the cookie banner's height as --cookie-banner-h, which the shell adds below the page
 * (src/app/app.tsx), and as the page's bottom scroll padding, so the browser keeps focused
 * elements above it: the fixed sheet covers nothing for good. Follows the banner's size (a
 * narrower window, a larger text) until the returned function is called; clearBannerSpace()
 * gives the room back.
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
