import { createHash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';

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

/** Files above this size stay on disk and are streamed; the whole build is a few MB. */
export const MAX_IN_MEMORY = 5 * 1024 * 1024;

export type Encoding = 'br' | 'gzip';
const TWINS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/** One encoding of a file, with every header of its answers computed once (lower-case names). */
export interface Representation {
  /** The bytes, or undefined for a file too large to hold: then `file` is streamed. */
  body: Uint8Array<ArrayBuffer> | undefined;
  file: string;
  etag: string;
  ok: Record<string, string>;
  notFound: Record<string, string>;
  notModified: Record<string, string>;
}

export interface StaticFile {
  identity: Representation;
  br?: Representation;
  gzip?: Representation;
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

function hashFile(file: string): string {
  const hash = createHash('sha256');
  const chunk = Buffer.alloc(1024 * 1024);
  const fd = openSync(file, 'r');
  try {
    for (let n; (n = readSync(fd, chunk, 0, chunk.length, null)) > 0;) {
      hash.update(chunk.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
  return hash.digest('base64url').slice(0, 27);
}

/**
 * One file and its .br/.gz twins as served at `urlPath`: bytes (or a file to stream), strong
 * ETags (content hash, one per encoding) and every header of its answers.
 */
function describe(
  urlPath: string,
  file: string,
  sizeOf: (file: string) => number | undefined,
  read: (file: string) => Uint8Array<ArrayBuffer> | undefined,
): StaticFile {
  const ext = path.extname(file);
  const body = read(file);
  const hash = body
    ? createHash('sha256').update(body).digest('base64url').slice(0, 27)
    : hashFile(file);
  const common = {
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    vary: 'Accept-Encoding',
  };
  const representation = (source: string, etag: string, encoding?: Encoding): Representation => {
    const data = read(source);
    const sent = {
      ...common,
      etag,
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'content-length': String(sizeOf(source)),
    };
    return {
      body: data,
      file: source,
      etag,
      ok: { ...sent, 'cache-control': cacheControlFor(urlPath, ext) },
      notFound: { ...sent, 'cache-control': 'no-store' },
      notModified: { ...common, 'cache-control': cacheControlFor(urlPath, ext), etag },
    };
  };
  const entry: StaticFile = { identity: representation(file, `"${hash}"`) };
  for (const [encoding, suffix] of TWINS) {
    if (sizeOf(file + suffix) !== undefined) {
      entry[encoding] = representation(file + suffix, `"${hash}-${suffix.slice(1)}"`, encoding);
    }
  }
  return entry;
}

/**
 * One file read as loadStaticFiles would (with the twins beside it), served at `urlPath`; for
 * the assets of another build kept in ASSETS_ARCHIVE_DIR. Undefined when it is not a file.
 */
export function loadStaticFile(
  file: string,
  urlPath: string,
  { maxInMemory = MAX_IN_MEMORY }: { maxInMemory?: number } = {},
): StaticFile | undefined {
  const sizeOf = (f: string) => {
    const stats = statSync(f, { throwIfNoEntry: false });
    return stats?.isFile() ? stats.size : undefined;
  };
  if (sizeOf(file) === undefined) return undefined;
  const bytes = new Map<string, Uint8Array<ArrayBuffer> | undefined>();
  const read = (f: string) => {
    if (!bytes.has(f)) bytes.set(f, (sizeOf(f) ?? 0) <= maxInMemory ? readFileSync(f) : undefined);
    return bytes.get(f);
  };
  return describe(urlPath, file, sizeOf, read);
}

/**
 * Reads a built client directory once: every file by its URL path ('/assets/x.js'), with its
 * bytes, its precompressed .br/.gz twins (scripts/precompress.mjs), a strong ETag (content hash,
 * one per encoding) and its headers. Nothing outside `root` can ever be looked up.
 */
export function loadStaticFiles(
  root: string,
  { maxInMemory = MAX_IN_MEMORY }: { maxInMemory?: number } = {},
): Map<string, StaticFile> {
  const rootDir = path.resolve(root);
  const sizes = new Map<string, number>();
  for (const file of walk(rootDir)) {
    const stats = statSync(file);
    if (stats.isFile()) sizes.set(file, stats.size);
  }

  const bytes = new Map<string, Uint8Array<ArrayBuffer> | undefined>();
  const read = (file: string) => {
    if (!bytes.has(file)) {
      const size = sizes.get(file) ?? 0;
      bytes.set(file, size <= maxInMemory ? readFileSync(file) : undefined);
    }
    return bytes.get(file);
  };

  const files = new Map<string, StaticFile>();
  for (const file of sizes.keys()) {
    const urlPath = '/' + path.relative(rootDir, file).split(path.sep).join('/');
    files.set(
      urlPath,
      describe(urlPath, file, (f) => sizes.get(f), read),
    );
  }
  return files;
}
