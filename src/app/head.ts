import { company } from '../domain/company';
import { findPattern } from '../domain/route-pattern';
import { routes, type RouteMeta } from './routes';

/** Public address of the site: PUBLIC_URL at build, else the company's. */
export const siteUrl = (
  (import.meta.env.VITE_PUBLIC_URL as string | undefined) || company.siteUrl
).replace(/\/$/, '');

export interface PageMeta extends RouteMeta {
  title: string;
  canonical: string;
  description: string;
}

/** What route-descriptions.ts holds, loaded after the page (navigation) or at build. */
export interface RouteTexts {
  titles?: Record<string, string>;
  descriptions?: Record<string, string>;
}

/**
 * A page's meta. Descriptions, and the titles of prerendered pages, live in route-descriptions.ts,
 * out of the first download: pages are prerendered with theirs, and client navigation loads them
 * after the page.
 */
export function metaFor(
  path: string,
  { titles = {}, descriptions = {} }: RouteTexts = {},
): PageMeta {
  const route = findPattern(routes, path) ?? findPattern(routes, '/404');
  const meta = route?.meta ?? { prerender: false };
  const title = (route && titles[route.path]) ?? meta.title ?? company.brand;
  const description = (route && descriptions[route.path]) ?? `${title}. ${company.tagline}.`;
  return {
    ...meta,
    title,
    description,
    canonical: `${siteUrl}${path === '/' ? '/' : path}`,
  };
}

function setMeta(selector: string, create: () => HTMLElement, attr: string, value: string): void {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.append(el);
  }
  el.setAttribute(attr, value);
}

const named = (name: string) => () => Object.assign(document.createElement('meta'), { name });

/**
 * Title, description, canonical address and robots of the page at `location`
 * (use-document-meta.ts loads this module on the first navigation). Returns a cancel for the
 * description, which comes from its own chunk.
 */
export function applyDocumentMeta(location: string, isFirst: boolean): () => void {
  const meta = metaFor(location);
  const known = findPattern(routes, location)?.meta.title;
  if (known) document.title = known;
  setMeta(
    'meta[name="robots"]',
    named('robots'),
    'content',
    meta.noindex ? 'noindex' : 'index, follow',
  );
  setMeta(
    'link[rel="canonical"]',
    () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
    'href',
    meta.canonical,
  );
  let current = true;
  if (!(isFirst && document.querySelector('meta[name="description"]')))
    void import('./route-descriptions').then(({ routeTitles, routeDescriptions }) => {
      if (!current) return;
      const loaded = metaFor(location, { titles: routeTitles, descriptions: routeDescriptions });
      document.title = loaded.title;
      setMeta('meta[name="description"]', named('description'), 'content', loaded.description);
    });
  return () => {
    current = false;
  };
}
