import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { appStart } from '../started';
import {
  keyEntry,
  readPositions,
  restore,
  savePosition,
  scrollToHash,
  watchScroll,
} from './scroll-positions';

/**
 * Router scroll behaviour (spec 2.1): a new page opens at its top or at its #fragment; back,
 * forward and reload return to where the person was. Each history entry gets a key in its
 * state the first time it is shown; an entry that already has one is being revisited.
 */
export function ScrollManager() {
  const [location] = useLocation();
  const currentKey = useRef<string | null>(null);
  // After a first navigation from a prerendered page (../started.ts), its first page is that navigation's.
  const first = useRef(!appStart.navigated);

  useEffect(() => {
    const stopWatching = watchScroll(() => currentKey.current);
    // wouter dispatches 'pushState' when a link changes only the #fragment of the same page.
    const onPush = () => {
      if (window.location.hash) scrollToHash(window.location.hash);
    };
    window.addEventListener('pushState', onPush);
    return () => {
      stopWatching();
      window.removeEventListener('pushState', onPush);
    };
  }, []);

  useEffect(() => {
    const isFirst = first.current;
    first.current = false;
    if (!isFirst) document.documentElement.dataset.navigated = '';

    const { key, revisited } = keyEntry();
    currentKey.current = key;

    if (window.location.hash) {
      scrollToHash(window.location.hash);
    } else if (revisited) {
      const y = readPositions()[key];
      if (y !== undefined) restore(y);
    } else if (!isFirst) {
      window.scrollTo(0, 0);
    } else {
      // The first page may have been scrolled before the app started: remember where.
      savePosition(key, Math.round(window.scrollY));
    }
  }, [location]);

  return null;
}
