import { proxy } from 'valtio';

// Apart from ./shop-host.tsx: the header opens the panel from every page's first download, which
// carries this state, not the panel's host (loaded with the page's other hosts, issue 27).

/** Spec 4.5: the basket panel is open or closed; the header and the pack pages open it. */
export const panel = proxy({ open: false });

export function openBasket(): void {
  panel.open = true;
}

export function closeBasket(): void {
  panel.open = false;
}
