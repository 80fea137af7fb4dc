import { createElement, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app/app';
import { preloadRoute } from './app/preload';
import { headHtml } from './app/head-html';
import { IslandCollector, IslandRoot, islandMarker, islandPrefix } from './lib/island';
import { islands } from './app/islands';
import { routeDescriptions, routeTitles } from './app/route-descriptions';
import { routes } from './app/routes';

export { BOOT_SCRIPT, INTL_WARMUP_PATH } from './domain/boot-script';

/** Build-time only (scripts/prerender.mjs): the pages to write and how to render each. */
export const prerenderPaths = routes
  .filter((r) => r.meta.prerender && !r.path.includes(':'))
  .map((r) => r.path);
export const routePatterns = routes.map((r) => r.path);

async function html(node: ReactNode, identifierPrefix?: string): Promise<string> {
  // progressiveChunkSize: never outline a large page into a hidden block revealed by an inline
  // script: the page must be whole in the HTML (no JavaScript, strict CSP).
  const { prelude } = await prerender(node, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    identifierPrefix,
  });
  return new Response(prelude).text();
}

/**
 * Waits for every lazy page, then returns the finished HTML of one address: the page, then each
 * of its islands (src/lib/island.tsx) rendered alone, as the browser will hydrate it, in its
 * place.
 */
export async function render(
  path: string,
): Promise<{ html: string; head: string; islands: string[] }> {
  await preloadRoute(path);
  const collector = new IslandCollector();
  let page = await html(<App ssrPath={path} islands={collector} />);
  for (const island of collector.found.values()) {
    const load = (islands as Record<string, (() => Promise<unknown>) | undefined>)[island.name];
    if (!load) throw new Error(`Îlot « ${island.name} » absent de src/app/islands.ts.`);
    if ((await load()) !== island.component)
      throw new Error(`Îlot « ${island.name} » : src/app/islands.ts mène à un autre composant.`);
    const own = await html(
      <IslandRoot ssrPath={path}>{createElement(island.component, island.props)}</IslandRoot>,
      islandPrefix(island.index),
    );
    page = page.replace(islandMarker(island.index), () => own);
  }
  return {
    html: page,
    head: headHtml(path, { titles: routeTitles, descriptions: routeDescriptions }),
    islands: [...new Set([...collector.found.values()].map((i) => i.name))],
  };
}
