import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { appStart } from '../started';

const STORAGE_KEY = 'scroll-positions';
const STATE_KEY = 'scrollKey';
const MAX_ENTRIES = 50;

type Positions = Record<string, number>;

function readPositions(): Positions {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Positions;
  } catch {
    return {};
  }
}

function savePosition(key: string, y: number): void {
  // Most recent last; only the last MAX_ENTRIES entries are kept.
  const entries = Object.entries(readPositions()).filter(([k]) => k !== key);
  entries.push([key, y]);
  try {
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify(Object.fromEntries(entries.slice(-MAX_ENTRIES))),
    );
  } catch {
    // storage full or blocked: no restoration, nothing else breaks
  }
}

/** The key this history entry was given when first shown; null for a new entry. */
function entryKey(): string | null {
  const state: unknown = history.state;
  if (state && typeof state === 'object' && STATE_KEY in state) {
    const key = (state as Record<string, unknown>)[STATE_KEY];
    if (typeof key === 'string') return key;
  }
  return null;
}

/** Scrolls to the element named by the address' #fragment, retrying while the page loads. */
function scrollToHash(hash: string, attempts = 20): void {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // a malformed escape (#50%): look for the id as written
  }
  const el = id ? document.getElementById(id) : null;
  if (el) {
    el.scrollIntoView({ block: 'start' });
    return;
  }
  if (attempts > 0) window.setTimeout(() => scrollToHash(hash, attempts - 1), 50);
}

function restore(y: number, attempts = 20): void {
  // A page may not be tall enough yet: retry until it is, or give up.
  if (document.documentElement.scrollHeight - window.innerHeight >= y || attempts === 0) {
    window.scrollTo(0, y);
    return;
  }
  window.setTimeout(() => restore(y, attempts - 1), 50);
}

/** Gives the current history entry its key (kept in its state) if it has none yet. */
function keyEntry(): { key: string; revisited: boolean } {
  const key = entryKey();
  if (key !== null) return { key, revisited: true };
  const fresh = Math.random().toString(36).slice(2);
  const state: unknown = history.state;
  history.replaceState(
    { ...(state && typeof state === 'object' ? state : {}), [STATE_KEY]: fresh },
    '',
  );
  return { key: fresh, revisited: false };
}

/** Saves the window's position under the key of the moment, once scrolling rests. */
function watchScroll(currentKey: () => string | null): () => void {
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  let timer = 0;
  const onScroll = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => {
      const key = currentKey();
      if (key) savePosition(key, Math.round(window.scrollY));
    }, 100);
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    window.clearTimeout(timer);
    window.removeEventListener('scroll', onScroll);
  };
}

/**
 * The same bookkeeping for a prerendered first page while only its islands are live
 * (../start-islands.tsx): back from the next page returns to where the person was on it.
 * Answers the function that stops it, once the whole app has taken over.
 */
export function keepFirstPageScroll(): () => void {
  const { key, revisited } = keyEntry();
  const saved = revisited ? readPositions()[key] : undefined;
  if (window.location.hash) scrollToHash(window.location.hash);
  else if (saved !== undefined) restore(saved);
  else savePosition(key, Math.round(window.scrollY));
  const stopWatching = watchScroll(() => key);
  return () => {
    // Still the first page's position: the app draws the next page right after.
    savePosition(key, Math.round(window.scrollY));
    stopWatching();
  };
}

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
