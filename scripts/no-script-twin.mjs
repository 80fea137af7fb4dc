// A prerendered page's no-script twin (issue 27): the same HTML without what runs (module
// scripts, inert templates' ones too, and modulepreloads), Brotli-compressed like the server's
// own pages. `npm run bench:lighthouse` measures each page against it; the size budget
// (scripts/check-budget.mjs) checks that the scripts never cost the page a round trip.
import zlib from 'node:zlib';

/**
 * What a new connection brings in its first round trip: TCP's initial congestion window, 10
 * segments of 1,460 bytes (RFC 6928), headers included, as Lighthouse's simulation counts it.
 */
export const FIRST_ROUND_TRIP_BYTES = 14_600;

/** The page without what runs: module scripts (inert templates' too) and modulepreloads. */
export const withoutScripts = (html) =>
  html
    .replace(/<script type="module"[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');

/** Brotli at quality 11, as scripts/precompress.mjs writes the pages the server answers with. */
export const brotli = (text) =>
  zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
