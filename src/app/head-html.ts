import { CONSENT_GATE_SCRIPT } from '../domain/consent';
import { metaFor, type RouteTexts } from './head';

/** Build-time only (prerender): kept out of the page's bundle. */
/** The same tags as HTML, for prerendered pages. */
export function headHtml(path: string, texts: RouteTexts): string {
  const meta = metaFor(path, texts);
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
    // Before the body paints: whether the cookie banner of the HTML shows (domain/consent.ts).
    `<script>${CONSENT_GATE_SCRIPT}</script>`,
  ].join('\n    ');
}
