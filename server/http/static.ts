import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono, type MiddlewareHandler } from 'hono';
import { patternToRegExp } from '../../src/domain/route-pattern';
import { ARCHIVED_NAME } from './assets-archive';
import { takeRequestId } from './request-context';
import {
  loadStaticFile,
  loadStaticFiles,
  type Representation,
  type StaticFile,
} from './static-files';

/** Written by scripts/prerender.mjs: which paths have HTML of their own, which are app routes. */
export interface RoutesManifest {
  prerendered: string[];
  patterns: string[];
  notFound: string;
  shell: string;
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

const BR = 1;
const GZIP = 2;
/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once. */
const acceptCache = new Map<string, number>();

/** br, then gzip, then identity: the best twin the client accepts. */
function negotiate(file: StaticFile, header: string | undefined): Representation {
  if (!header || (!file.br && !file.gzip)) return file.identity;
  let accepted = acceptCache.get(header);
  if (accepted === undefined) {
    const names = acceptedEncodings(header);
    accepted = (names.has('br') ? BR : 0) | (names.has('gzip') ? GZIP : 0);
    if (acceptCache.size < 100) acceptCache.set(header, accepted);
  }
  if (file.br && accepted & BR) return file.br;
  if (file.gzip && accepted & GZIP) return file.gzip;
  return file.identity;
}

/** If-None-Match against a strong ETag, with the weak comparison the header calls for. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** The raw path of a request URL, without query (Request URLs are already normalised). */
function pathnameOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return '/';
  let end = url.length;
  for (const mark of ['?', '#']) {
    const at = url.indexOf(mark, start);
    if (at !== -1 && at < end) end = at;
  }
  return url.slice(start, end);
}

/** The headers `middleware` adds to a bare answer: computed once, on a probe request. */
async function headersSetBy(middleware: MiddlewareHandler): Promise<Record<string, string>> {
  const probe = new Hono();
  probe.use(middleware);
  probe.get('*', (c) => c.body(null, 204));
  const res = await probe.request('http://localhost/');
  return Object.fromEntries(res.headers);
}

/** Paths the app answers itself (the API, its /geo mirror, development pages). */
const APP_PATHS = /^\/(api|geo|dev|checkout)(\/|$)/;

const htmlFor = (p: string) => (p === '/' ? '/index.html' : `${p}/index.html`);

/** Archived assets held after their first request (the others are read again from disk). */
const MAX_ARCHIVED_HELD = 2000;

/**
 * Serves the built PWA from memory: every file is read once at start (static-files.ts) with its
 * precompressed .br/.gz twins, a strong ETag and all its headers (hashed assets immutable, HTML
 * revalidated). Prerendered pages are served as their own HTML, other app routes with the shell,
 * anything else with the 404 page and a 404 status. The build must not change while served.
 *
 * Mounted before the app's other middleware, so its answers skip them: `headersFrom` (the
 * security headers middleware) is run once on a probe and what it sets is added to every answer.
 */
export function staticSite(
  root: string,
  options: {
    headersFrom?: MiddlewareHandler;
    maxInMemory?: number;
    /**
     * ASSETS_ARCHIVE_DIR: the hashed assets of every recent build (server/http/assets-archive.ts).
     * A request for /assets/<name> this build lacks is answered from there, as if it were ours.
     */
    archiveDir?: string;
  } = {},
): MiddlewareHandler {
  const files = loadStaticFiles(root, options);
  const manifestFile = files.get('/routes.json')?.identity.body;
  const manifest: RoutesManifest = manifestFile
    ? (JSON.parse(Buffer.from(manifestFile).toString('utf8')) as RoutesManifest)
    : { prerendered: [], patterns: [], notFound: '/404', shell: '/app-shell.html' };
  const appRoutes = manifest.patterns.map(patternToRegExp);
  const pages = new Map<string, StaticFile>();
  for (const route of manifest.prerendered) {
    const page = files.get(htmlFor(route));
    if (page) pages.set(route, page);
  }
  const shell = files.get(manifest.shell);
  const notFound = files.get(htmlFor(manifest.notFound)) ?? shell;

  let invalid: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8' };
  let extra: Record<string, string> = {};
  // As the middleware would (it overwrites), its headers win over the file's own.
  const addExtra = (file: StaticFile) => {
    for (const rep of [file.identity, file.br, file.gzip]) {
      if (!rep) continue;
      rep.ok = { ...rep.ok, ...extra };
      rep.notFound = { ...rep.notFound, ...extra };
      rep.notModified = { ...rep.notModified, ...extra };
    }
  };
  let isReady = false;
  const ready = (
    options.headersFrom ? headersSetBy(options.headersFrom) : Promise.resolve({})
  ).then((headers) => {
    extra = headers;
    for (const file of files.values()) addExtra(file);
    invalid = { ...invalid, ...extra };
    isReady = true;
  });
  ready.catch(() => {}); // a failure is thrown to the requests that await it

  const archiveDir = options.archiveDir && path.resolve(options.archiveDir);
  const archived = new Map<string, StaticFile>();
  /** Another build's hashed asset, from the archive (undefined when it has none). */
  const fromArchive = (routePath: string): StaticFile | undefined => {
    if (!archiveDir || !routePath.startsWith('/assets/')) return undefined;
    const name = routePath.slice('/assets/'.length);
    if (!ARCHIVED_NAME.test(name)) return undefined;
    const held = archived.get(name);
    if (held) return held;
    const file = loadStaticFile(path.join(archiveDir, name), routePath, options);
    if (!file) return undefined;
    addExtra(file);
    if (archived.size < MAX_ARCHIVED_HELD) archived.set(name, file);
    return file;
  };

  /** `headers`, with the request's X-Request-Id (server/http/request-context.ts) if it has one. */
  const withId = (headers: Record<string, string>, id: string | undefined) =>
    id ? { ...headers, 'x-request-id': id } : headers;

  const send = (
    req: Request,
    file: StaticFile,
    id: string | undefined,
    status: 200 | 404 = 200,
  ): Response => {
    const rep = negotiate(file, req.headers.get('Accept-Encoding') ?? undefined);
    if (status === 200 && matches(req.headers.get('If-None-Match') ?? undefined, rep.etag)) {
      return new Response(null, { status: 304, headers: withId(rep.notModified, id) });
    }
    const headers = withId(status === 200 ? rep.ok : rep.notFound, id);
    if (req.method === 'HEAD') return new Response(null, { status, headers });
    const body =
      rep.body ??
      (Readable.toWeb(createReadStream(rep.file)) as ReadableStream<Uint8Array<ArrayBuffer>>);
    return new Response(body, { status, headers });
  };

  return async (c, next) => {
    const req = c.req.raw;
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let urlPath = pathnameOf(req.url);
    if (APP_PATHS.test(urlPath)) return next();
    if (!isReady) await ready;
    if (urlPath.includes('%')) {
      try {
        urlPath = decodeURIComponent(urlPath);
      } catch {
        return new Response('Adresse invalide.', {
          status: 400,
          headers: withId(invalid, takeRequestId(c)),
        });
      }
      if (APP_PATHS.test(urlPath)) return next();
    }

    const routePath = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
    const page = pages.get(routePath);
    if (page) return send(req, page, takeRequestId(c));
    const ext = path.posix.extname(routePath);
    // HTML files are served under their route ('/services'), except the shell the worker uses.
    if (ext && (ext !== '.html' || routePath === manifest.shell)) {
      const asset = files.get(routePath) ?? fromArchive(routePath);
      if (asset) return send(req, asset, takeRequestId(c));
    }
    if (!ext && shell && appRoutes.some((re) => re.test(routePath)))
      return send(req, shell, takeRequestId(c));
    if (notFound) return send(req, notFound, takeRequestId(c), 404);
    return next();
  };
}
