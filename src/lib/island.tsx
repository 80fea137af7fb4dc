import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useId,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Router } from 'wouter';

/**
 * Islands (issue 27). A prerendered page is text, pictures and links with a few pieces a person
 * can touch: the menu, the cookie banner, a form. On a first load only those pieces are hydrated,
 * each as its own small React root (src/app/start-islands.tsx); the rest of the page stays the HTML it
 * is, and costs the browser no more than HTML. The first navigation mounts the whole app
 * (src/app/start-app.tsx), which renders islands in place like any component.
 */

/** An island met while prerendering a page: rendered again on its own, then hydrated alone. */
export interface CollectedIsland {
  index: number;
  name: string;
  component: ComponentType<object>;
  props: object | undefined;
}

/** Gathers the islands of one page while it is prerendered (src/entry-prerender.tsx). */
export class IslandCollector {
  readonly found = new Map<string, CollectedIsland>();

  add(key: string, island: Omit<CollectedIsland, 'index'>): CollectedIsland {
    let found = this.found.get(key);
    if (!found) {
      found = { ...island, index: this.found.size };
      this.found.set(key, found);
    }
    return found;
  }
}

export const IslandCollectorContext = createContext<IslandCollector | null>(null);

/** Where the prerender writes an island's own HTML in the page's. */
export const islandMarker = (index: number) => `<!--island:${index}-->`;
/** The ids (useId) of an island, the same on the server and in the browser. */
export const islandPrefix = (index: number) => `i${index}-`;

function Ready({ onReady }: { onReady?: () => void }) {
  useEffect(() => onReady?.(), [onReady]);
  return null;
}

/**
 * What surrounds an island rendered alone, on the server and in the browser alike (the same tree,
 * so the same ids): the router, at the prerendered address on the server, at the browser's
 * address in the browser; and, after it, a signal that its effects have run.
 */
export function IslandRoot({
  ssrPath,
  onReady,
  children,
}: {
  ssrPath?: string;
  onReady?: () => void;
  children: ReactNode;
}) {
  return (
    <Router ssrPath={ssrPath}>
      {children}
      <Ready onReady={onReady} />
    </Router>
  );
}

/**
 * A piece of a page a person can touch. Its props travel in the HTML as JSON: keep them plain.
 * `name` finds its component again in the browser (src/app/islands.ts); the prerender checks that it is
 * the same component as `of`.
 */
export function Island<P extends object>({
  name,
  of,
  props,
  hydrate,
}: {
  /** Its entry in src/app/islands.ts. */
  name: string;
  of: ComponentType<P>;
  props?: P;
  /**
   * 'intent': a form, hydrated when a person first touches it, not at load
   * (src/app/hydrate-on-intent.ts). Otherwise, with the page (at the first touch on a first
   * visit, src/app/first-touch.ts).
   */
  hydrate?: 'intent';
}) {
  const collector = useContext(IslandCollectorContext);
  const key = useId();
  if (!collector) {
    return <div className="contents">{createElement(of, props)}</div>;
  }
  const { index } = collector.add(key, {
    name,
    component: of as ComponentType<object>,
    props,
  });
  return (
    <div
      className="contents"
      data-island={name}
      data-island-index={index}
      data-hydrate={hydrate}
      data-props={props === undefined ? undefined : JSON.stringify(props)}
      dangerouslySetInnerHTML={{ __html: islandMarker(index) }}
    />
  );
}
