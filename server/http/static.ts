import { createReadStream, existsSync, readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { patternToRegExp } from '../../src/domain/route-pattern';

/** Written by scripts/prerender.mjs: which paths have HTML of their own, which are app routes. */
export interface RoutesManifest {
  prerendered: string[];
  patterns: string[];
  notFound: string;
  shell: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function cacheControlFor(urlPath: string, ext: string): string {
  // Vite puts every hashed file under /assets: their name changes with their content.
  if (urlPath.startsWith('/assets/')) return IMMUTABLE;
  if (ext === '.html' || ext === '.webmanifest' || urlPath === '/sw.js' || ext === '.json')
    return REVALIDATE;
  return 'public, max-age=86400';
}

/** Encodings the client accepts, honouring 'q=0' (refused). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

interface Found {
  file: string;
  stats: Stats;
}

/**
 * Serves the built PWA: files with the right caching (hashed assets immutable, HTML revalidated),
 * precompressed .br/.gz twins when the browser accepts them, prerendered pages as their own HTML,
 * other app routes with the shell, and anything else with the 404 page and a 404 status.
 */
export function staticSite(root: string): MiddlewareHandler {
  const rootDir = path.resolve(root);
  const manifestFile = path.join(rootDir, 'routes.json');
  const manifest: RoutesManifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as RoutesManifest)
    : { prerendered: [], patterns: [], notFound: '/404', shell: '/app-shell.html' };
  const prerendered = new Set(manifest.prerendered);
  const appRoutes = manifest.patterns.map(patternToRegExp);

  const find = (rel: string): Found | undefined => {
    const file = path.resolve(rootDir, `.${rel}`);
    if (file !== rootDir && !file.startsWith(rootDir + path.sep)) return undefined;
    try {
      const stats = statSync(file);
      return stats.isFile() ? { file, stats } : undefined;
    } catch {
      return undefined;
    }
  };

  const htmlFor = (p: string) => (p === '/' ? '/index.html' : `${p}/index.html`);

  const send = (c: Context, found: Found, urlPath: string, status: 200 | 404 = 200) => {
    const ext = path.extname(found.file);
    const etag = `W/"${found.stats.size.toString(16)}-${Math.floor(found.stats.mtimeMs).toString(16)}"`;
    const headers: Record<string, string> = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': status === 404 ? 'no-store' : cacheControlFor(urlPath, ext),
      ETag: etag,
      Vary: 'Accept-Encoding',
    };
    if (status === 200 && c.req.header('If-None-Match') === etag) {
      return c.body(null, 304, headers);
    }
    let file = found.file;
    let size = found.stats.size;
    const accepted = acceptedEncodings(c.req.header('Accept-Encoding'));
    for (const [enc, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (!accepted.has(enc)) continue;
      try {
        const twin = statSync(file + suffix);
        headers['Content-Encoding'] = enc;
        file += suffix;
        size = twin.size;
        break;
      } catch {
        // no precompressed twin: try the next encoding
      }
    }
    headers['Content-Length'] = String(size);
    if (c.req.method === 'HEAD') return c.body(null, status, headers);
    const stream = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    return c.body(stream, status, headers);
  };

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('Adresse invalide.', 400);
    }
    if (/^\/(api|geo|dev|checkout)(\/|$)/.test(urlPath)) return next();

    const routePath = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
    if (prerendered.has(routePath)) {
      const page = find(htmlFor(routePath));
      if (page) return send(c, page, routePath);
    }
    // HTML files are served under their route ('/services'), except the shell the worker uses.
    if (!routePath.endsWith('.html') || routePath === manifest.shell) {
      const asset = path.extname(routePath) ? find(routePath) : undefined;
      if (asset) return send(c, asset, routePath);
    }
    if (path.extname(routePath) === '' && appRoutes.some((re) => re.test(routePath))) {
      const shell = find(manifest.shell);
      if (shell) return send(c, shell, routePath);
    }
    const notFound = find(htmlFor(manifest.notFound)) ?? find(manifest.shell);
    if (notFound) return send(c, notFound, routePath, 404);
    return next();
  };
}
