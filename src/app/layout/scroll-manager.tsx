import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

const KEY = 'scroll-positions';

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/** Scrolls to the element named by the address' #fragment, retrying while the page loads. */
function scrollToHash(hash: string, attempts = 20): void {
  const id = decodeURIComponent(hash.slice(1));
  const el = id ? document.getElementById(id) : null;
  if (el) {
    el.scrollIntoView({ block: 'start' });
    return;
  }
  if (attempts > 0) window.setTimeout(() => scrollToHash(hash, attempts - 1), 50);
}

function restore(y: number, attempts = 20): void {
  // A lazy page may not be tall enough yet: retry until it is, or give up.
  if (document.documentElement.scrollHeight - window.innerHeight >= y || attempts === 0) {
    window.scrollTo(0, y);
    return;
  }
  window.setTimeout(() => restore(y, attempts - 1), 50);
}

/**
 * Router scroll behaviour (spec 2.1): a new page opens at its top or at its #fragment; back and
 * forward return to where the person was on that page.
 */
export function ScrollManager() {
  const [location] = useLocation();
  const popped = useRef(false);
  const first = useRef(true);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const onPop = () => {
      popped.current = true;
    };
    let timer = 0;
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const positions = savedPositions();
        positions[window.location.pathname] = Math.round(window.scrollY);
        try {
          sessionStorage.setItem(KEY, JSON.stringify(positions));
        } catch {
          // storage full or blocked: no restoration, nothing else breaks
        }
      }, 100);
    };
    // wouter dispatches 'pushState' when a link changes only the #fragment of the same page.
    const onPush = () => {
      if (window.location.hash) scrollToHash(window.location.hash);
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pushState', onPush);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pushState', onPush);
    };
  }, []);

  useEffect(() => {
    const isFirst = first.current;
    first.current = false;
    const wasPop = popped.current;
    popped.current = false;
    if (window.location.hash) {
      scrollToHash(window.location.hash);
    } else if (wasPop) {
      const y = savedPositions()[location];
      if (y !== undefined) restore(y);
    } else if (!isFirst) {
      window.scrollTo(0, 0);
    }
  }, [location]);

  return null;
}
