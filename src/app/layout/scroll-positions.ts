// The window's scroll positions per history entry (spec 2.1), without React: the first page of a
// visit keeps them before the app runs (../start-islands.tsx), ./scroll-manager.tsx once it does.
const STORAGE_KEY = 'scroll-positions';
const STATE_KEY = 'scrollKey';
const MAX_ENTRIES = 50;

type Positions = Record<string, number>;

export function readPositions(): Positions {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Positions;
  } catch {
    return {};
  }
}

export function savePosition(key: string, y: number): void {
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
export function scrollToHash(hash: string, attempts = 20): void {
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

export function restore(y: number, attempts = 20): void {
  // A page may not be tall enough yet: retry until it is, or give up.
  if (document.documentElement.scrollHeight - window.innerHeight >= y || attempts === 0) {
    window.scrollTo(0, y);
    return;
  }
  window.setTimeout(() => restore(y, attempts - 1), 50);
}

/** Gives the current history entry its key (kept in its state) if it has none yet. */
export function keyEntry(): { key: string; revisited: boolean } {
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
export function watchScroll(currentKey: () => string | null): () => void {
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
