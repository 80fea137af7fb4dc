import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { company } from '../domain/company';
import { findPattern } from '../domain/route-pattern';
import { routes, type RouteMeta } from './routes';

/** Public address of the site: PUBLIC_URL at build, else the company's. */
export const siteUrl = (
  (import.meta.env.VITE_PUBLIC_URL as string | undefined) || company.siteUrl
).replace(/\/$/, '');

export function metaFor(path: string): RouteMeta & { canonical: string } {
  const route = findPattern(routes, path) ?? findPattern(routes, '/404');
  const meta = route?.meta ?? {
    title: company.brand,
    description: company.tagline,
    prerender: false,
  };
  return { ...meta, canonical: `${siteUrl}${path === '/' ? '/' : path}` };
}

function setMeta(selector: string, create: () => HTMLElement, attr: string, value: string): void {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.append(el);
  }
  el.setAttribute(attr, value);
}

/** Title, description, canonical address and robots of each page, set on every navigation. */
export function useDocumentMeta(): void {
  const [location] = useLocation();
  useEffect(() => {
    const meta = metaFor(location);
    document.title = meta.title;
    const named = (name: string) => () => Object.assign(document.createElement('meta'), { name });
    setMeta('meta[name="description"]', named('description'), 'content', meta.description);
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
  }, [location]);
}

/** The same tags as HTML, for prerendered pages. */
export function headHtml(path: string): string {
  const meta = metaFor(path);
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return [
    `<title>${esc(meta.title)}</title>`,
    `<meta name="description" content="${esc(meta.description)}" />`,
    `<meta name="robots" content="${meta.noindex ? 'noindex' : 'index, follow'}" />`,
    `<link rel="canonical" href="${esc(meta.canonical)}" />`,
    `<meta property="og:title" content="${esc(meta.title)}" />`,
    `<meta property="og:description" content="${esc(meta.description)}" />`,
    `<meta property="og:url" content="${esc(meta.canonical)}" />`,
    `<meta property="og:locale" content="fr_FR" />`,
    `<meta property="og:type" content="website" />`,
  ].join('\n    ');
}
