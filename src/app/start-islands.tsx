import { startTransition, type ComponentType } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { startSession } from '../features/auth';
import { subscribe } from 'valtio/vanilla';
import { swStore } from '../features/offline/sw-registration';
import { loadFullStylesheet } from './full-stylesheet';
import { returningVisitor } from './returning-visitor';
import { IslandRoot, islandPrefix } from '../lib/island';
import { islands, type IslandName } from './islands';
import { keepFirstPageScroll } from './layout/scroll-positions';
import { markStarted } from './started';
import { appLinkOf } from './app-link';
import type { IslandStart } from './first-touch';

/**
 * A prerendered page comes to life (issue 27): each island (../lib/island.tsx) is hydrated as its own
 * root, in a transition (React yields to the browser between slices), and what the page shows
 * over itself (./client-hosts.tsx) gets a root of its own. The rest of the page stays its HTML.
 * The first navigation (a link, the menu, back) mounts the whole app in its place
 * (./start-app.tsx), which draws the next page without a document load.
 */
export function startIslands(root: HTMLElement, { firstTouch, onLive }: IslandStart = {}): void {
  // Reads a stored token (spec 4.1): the header shows the session once live.
  void startSession();

  // The server answers an unknown address with the 404 page, prerendered for /404: the page
  // takes its own address back, so its islands (the menu's current entry) match its HTML. (Any
  // other page keeps what follows its path.)
  const drawnFor = root.dataset.path;
  if (drawnFor && drawnFor !== window.location.pathname) {
    const { search, hash } = window.location;
    history.replaceState(
      history.state,
      '',
      drawnFor === '/404' ? drawnFor : drawnFor + search + hash,
    );
  }
  const startPath = window.location.pathname;
  const stopKeepingScroll = keepFirstPageScroll();

  const roots: Root[] = [];
  let upgrading = false;
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  let waiting = elements.length;
  const live = () => {
    markStarted();
    onLive?.();
  };
  const oneReady = () => {
    waiting -= 1;
    if (waiting === 0) live();
  };
  if (waiting === 0) live();
  for (const element of elements) {
    const load = islands[element.dataset.island as IslandName] as
      (() => Promise<ComponentType<object>>) | undefined;
    if (!load) {
      oneReady(); // a name this build does not know (a page kept from an older one): stays HTML
      continue;
    }
    const hydrate = (onReady: () => void, onFailure: () => void) =>
      void load().then((Component) => {
        if (upgrading) return;
        const props = element.dataset.props ? (JSON.parse(element.dataset.props) as object) : {};
        startTransition(() => {
          roots.push(
            hydrateRoot(
              element,
              <IslandRoot onReady={onReady}>
                <Component {...props} />
              </IslandRoot>,
              { identifierPrefix: islandPrefix(Number(element.dataset.islandIndex)) },
            ),
          );
        });
      }, onFailure);
    // A form: live at the first touch (./hydrate-on-intent.ts); until then its HTML is the page.
    // At once when the page started at a touch of it (./first-touch.ts).
    if (element.dataset.hydrate && !(firstTouch && element.contains(firstTouch))) {
      void import('./hydrate-on-intent').then((m) => {
        m.hydrateOnIntent(element, hydrate);
        oneReady();
      });
    }
    // An island that cannot load stays HTML; the rest of the page still starts.
    else hydrate(oneReady, oneReady);
  }

  // What the page shows over itself (./client-hosts.tsx), beside the islands in the page's themed
  // frame (the basket panel and toasts take its colours), once the whole stylesheet is there
  // (./full-stylesheet.ts): at the first touch or key (at once when the page started at one), at
  // once for a returning visitor, or when the service worker has a question to ask.
  // (React may write a <link rel=preload> for the hero's picture before it.)
  const frame = root.querySelector(':scope > [data-theme]') ?? root;
  const hostsElement = document.createElement('div');
  hostsElement.className = 'contents';
  let hosts: Root | undefined;
  const mountHosts = (ClientHosts: ComponentType) => {
    if (hosts || upgrading) return;
    frame.append(hostsElement);
    hosts = createRoot(hostsElement);
    hosts.render(
      <IslandRoot>
        <ClientHosts />
      </IslandRoot>,
    );
  };
  // Its code is not in the page's first download (a visitor who only reads never needs it): it
  // comes with the stylesheet. If it cannot, the page goes on without it.
  const stylesThenHosts = () =>
    void Promise.all([loadFullStylesheet(), import('./client-hosts')]).then(
      ([, m]) => mountHosts(m.ClientHosts),
      () => undefined,
    );
  const FIRST_INPUT = ['pointerdown', 'keydown', 'touchstart'] as const;
  const onFirstInput = () => {
    for (const type of FIRST_INPUT) removeEventListener(type, onFirstInput, true);
    stylesThenHosts();
  };
  if (returningVisitor() || firstTouch !== undefined) stylesThenHosts();
  else {
    for (const type of FIRST_INPUT)
      addEventListener(type, onFirstInput, { capture: true, passive: true });
    const unsubscribe = subscribe(swStore, () => {
      if (!swStore.updateWaiting && !swStore.outboxActivity && !swStore.installOffer) return;
      unsubscribe();
      stylesThenHosts();
    });
  }

  const upgrade = () => {
    if (upgrading) return;
    upgrading = true;
    removeEventListener('click', onClick);
    for (const type of ['pushState', 'replaceState', 'popstate']) removeEventListener(type, onMove);
    Promise.all([import('./start-app'), loadFullStylesheet()])
      .then(([{ startApp }]) =>
        startApp(root, {
          navigated: true,
          beforeMount: () => {
            stopKeepingScroll();
            for (const island of roots) island.unmount();
            hosts?.unmount();
            hostsElement.remove();
          },
        }),
      )
      // The app's code cannot be loaded (no network, a redeploy): the browser opens the page.
      .catch(() => window.location.reload());
  };
  // A link of the page's HTML (or an island's): the address changes now, the app follows.
  const onClick = (event: MouseEvent) => {
    const url = appLinkOf(event);
    if (!url) return;
    event.preventDefault();
    history.pushState(null, '', url);
    upgrade();
  };
  // The menu's links navigate by themselves (wouter's pushState event); back and forward too.
  const onMove = () => {
    if (window.location.pathname !== startPath) upgrade();
  };
  addEventListener('click', onClick);
  for (const type of ['pushState', 'replaceState', 'popstate']) addEventListener(type, onMove);
}
