import { prerender } from 'react-dom/static';
import { App } from './app/app';
import { preloadRoute } from './app/preload';
import { headHtml } from './app/head-html';
import { routeDescriptions, routeTitles } from './app/route-descriptions';
import { routes } from './app/routes';

/** Build-time only (scripts/prerender.mjs): the pages to write and how to render each. */
export const prerenderPaths = routes
  .filter((r) => r.meta.prerender && !r.path.includes(':'))
  .map((r) => r.path);
export const routePatterns = routes.map((r) => r.path);

/** Waits for every lazy page, then returns the finished HTML of one address. */
export async function render(path: string): Promise<{ html: string; head: string }> {
  await preloadRoute(path);
  // progressiveChunkSize: never outline a large page into a hidden block revealed by an inline
  // script: the page must be whole in the HTML (no JavaScript, strict CSP).
  const { prelude } = await prerender(<App ssrPath={path} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  return { html, head: headHtml(path, { titles: routeTitles, descriptions: routeDescriptions }) };
}
