import { keepInstallOffer, registerWorker, whenStable } from '../features/offline/worker-address';
import { mayHoldAppData } from '../db/database-name';
import { appLinkOf } from './app-link';
import { hydrateOnIntent } from './hydrate-on-intent';

/** How a prerendered page comes to life (./start-islands.tsx). */
export interface IslandStart {
  /** What the first touch reached, when the page started at a person's first touch. */
  firstTouch?: Element | null;
  /** Called once every island the page starts with is live. */
  onLive?: () => void;
}

/**
 * A first visit to a prerendered page (issue 27, docs/decisions/013-islands.md): its HTML is the
 * page, and the app is evaluated at the first touch, key or focus, not at load. Its modules were
 * preloaded after the first paint (src/domain/boot-script.ts: downloaded and compiled, not run),
 * so the touch pays only their evaluation, a visitor who only reads pays nothing, and the page's
 * first seconds are the browser's alone. Measured on this machine, that evaluation (React, then
 * the islands' hydration) was all of what a page cost beyond its HTML.
 *
 * Nothing the person does before the app is live is lost (./hydrate-on-intent.ts, on the whole
 * page): the press of a button or of a link of the app is held and replayed once the islands are
 * live (the link then opens as a page of the app), what was typed is written back, and the form
 * that was touched starts at once. A returning visitor's page starts with the page
 * (`returning`, ./returning-visitor.ts: a session, a basket, a cookie choice; here too: the app's
 * database, where a draft or an outbox may wait), a press made before it is live held the same
 * way.
 *
 * Meanwhile the service worker is registered once the page is stable, as the app would, and the
 * browser's install offer is kept for it (the cookie banner needs nothing: it shows from the
 * HTML, src/domain/consent.ts, and takes its own room, sticky after the page). The page is
 * marked `data-hydrated` (it now responds to input) as soon as the touch is listened for; a
 * returning visitor's, once live (./started.ts).
 */
export function startOnFirstTouch(
  root: HTMLElement,
  start: (how: IslandStart) => Promise<unknown>,
  { returning = false }: { returning?: boolean } = {},
): void {
  const startNow = hydrateOnIntent(
    root,
    (onReady, onFailure, firstTouch) =>
      void start({ firstTouch, onLive: onReady }).catch(onFailure),
    { linkOf: appLinkOf },
  );
  if (returning) {
    startNow();
    return;
  }
  // The app's database exists: this device keeps something of the app (a draft, a basket, an
  // outbox) to show. Asked without Dexie; the touch is listened for meanwhile.
  void mayHoldAppData().then((found) => {
    if (found) startNow();
  });
  keepInstallOffer();
  if ('serviceWorker' in navigator && import.meta.env.PROD)
    whenStable(() => {
      registerWorker().catch((error: unknown) =>
        console.error('Service worker non installé', error),
      );
    });
  document.documentElement.dataset.hydrated = '';
}
