import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../test-app';
import { staticSite } from './static';

let dir: string;
const js = 'console.log("bonjour");'.repeat(100);
const jsBr = brotliCompressSync(js);
const jsGz = gzipSync(js);
/** Compressible, above compress()'s threshold, without twins. */
const plain = 'Bonjour, ceci est un texte sans jumeau compressé. '.repeat(40);

const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'static-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'services'));
  mkdirSync(path.join(dir, '404'));
  writeFileSync(path.join(dir, 'index.html'), '<h1>Accueil</h1>');
  writeFileSync(path.join(dir, 'app-shell.html'), '<div id="root"></div>');
  writeFileSync(path.join(dir, 'services/index.html'), '<h1>Services</h1>');
  writeFileSync(path.join(dir, '404/index.html'), '<h1>Page introuvable</h1>');
  writeFileSync(path.join(dir, 'assets/index-abc123.js'), js);
  writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), jsBr);
  writeFileSync(path.join(dir, 'assets/index-abc123.js.gz'), jsGz);
  writeFileSync(path.join(dir, 'robots.txt'), plain);
  writeFileSync(path.join(os.tmpdir(), 'secret.txt'), 'secret');
  writeFileSync(
    path.join(dir, 'routes.json'),
    JSON.stringify({
      prerendered: ['/', '/services', '/404'],
      patterns: ['/', '/services', '/404', '/signup/:code'],
      notFound: '/404',
      shell: '/app-shell.html',
    }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('static site', () => {
  it('serves prerendered pages as their own HTML, revalidated', async () => {
    const { app } = await makeTestApp({ staticDir: dir });
    const res = await app.request('/services');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<h1>Services</h1>');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect((await app.request('/')).status).toBe(200);
  });

  it('serves hashed assets as immutable, precompressed when accepted', async () => {
    const { app } = await makeTestApp({ staticDir: dir });
    const res = await app.request('/assets/index-abc123.js', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers 304 to a matching ETag', async () => {
    const { app } = await makeTestApp({ staticDir: dir });
    const first = await app.request('/services');
    const etag = first.headers.get('etag') ?? '';
    const again = await app.request('/services', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('serves the shell for app routes without HTML of their own', async () => {
    const { app } = await makeTestApp({ staticDir: dir });
    const res = await app.request('/signup/PARTENAIRE7');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('id="root"');
  });

  it('answers unknown paths with the 404 page and a 404 status', async () => {
    const { app } = await makeTestApp({ staticDir: dir });
    const res = await app.request('/nimporte/quoi');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page introuvable');
    expect((await app.request('/assets/absent.js')).status).toBe(404);
  });

  it('never serves a file outside its folder', async () => {
    const { app } = await makeTestApp({ staticDir: dir });
    for (const url of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const res = await app.request(url);
      expect(await res.text()).not.toContain('secret');
    }
  });
});

describe('static site in memory', () => {
  const asset = '/assets/index-abc123.js';

  it('reads the files once at start: deleted from disk afterwards, still served', async () => {
    const own = mkdtempSync(path.join(os.tmpdir(), 'static-mem-'));
    try {
      writeFileSync(path.join(own, 'robots.txt'), 'User-agent: *');
      const { app } = await makeTestApp({ staticDir: own });
      unlinkSync(path.join(own, 'robots.txt'));
      const res = await app.request('/robots.txt');
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('User-agent: *');
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it('negotiates br, then gzip, then identity, honouring q=0', async () => {
    const { app } = await makeTestApp({ staticDir: dir });
    const cases = [
      ['gzip, deflate, br, zstd', 'br', jsBr],
      ['gzip, br;q=0', 'gzip', jsGz],
      ['gzip', 'gzip', jsGz],
      ['br;q=0, gzip;q=0, deflate', null, Buffer.from(js)],
      ['', null, Buffer.from(js)],
    ] as const;
    const etags = new Set<string | null>();
    for (const [accept, encoding, body] of cases) {
      const res = await app.request(asset, { headers: { 'Accept-Encoding': accept } });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('vary'), accept).toBe('Accept-Encoding');
      expect(res.headers.get('content-length'), accept).toBe(String(body.length));
      // The twin as built, never encoded again by compress().
      expect((await bytes(res)).equals(body), accept).toBe(true);
      etags.add(res.headers.get('etag'));
    }
    // One strong ETag per encoding.
    expect(etags.size).toBe(3);
    for (const etag of etags) expect(etag).toMatch(/^"[^"]+"$/);
  });

  it('serves files without twins as built, not compressed on the fly', async () => {
    const { app } = await makeTestApp({ staticDir: dir });
    const res = await app.request('/robots.txt', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(plain)));
    expect(await res.text()).toBe(plain);
  });

  it('answers 304 to the ETag of the encoding it would send', async () => {
    const { app } = await makeTestApp({ staticDir: dir });
    const br = { 'Accept-Encoding': 'br' };
    const etag = (await app.request(asset, { headers: br })).headers.get('etag') ?? '';
    for (const tag of [etag, `W/${etag}`, `"autre", ${etag}`, '*']) {
      const res = await app.request(asset, { headers: { ...br, 'If-None-Match': tag } });
      expect(res.status, tag).toBe(304);
      expect(await res.text()).toBe('');
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    // Another encoding is another representation: sent in full.
    const gzip = await app.request(asset, {
      headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag },
    });
    expect(gzip.status).toBe(200);
    expect((await bytes(gzip)).equals(jsGz)).toBe(true);
    // The 404 page is never "not modified".
    const missing = await app.request('/nimporte/quoi');
    const again = await app.request('/nimporte/quoi', {
      headers: { 'If-None-Match': missing.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(404);
    expect(again.headers.get('cache-control')).toBe('no-store');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const { app } = await makeTestApp({ staticDir: dir });
    const headers = { 'Accept-Encoding': 'br' };
    const get = await app.request(asset, { headers });
    const head = await app.request(asset, { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const name of ['content-length', 'content-encoding', 'etag', 'cache-control']) {
      expect(head.headers.get(name), name).toBe(get.headers.get(name));
    }
    expect(head.headers.get('content-length')).toBe(String(jsBr.length));
  });

  it('adds the security headers of the app to every answer', async () => {
    const { app } = await makeTestApp({ staticDir: dir });
    const api = await app.request('/api/health');
    const names = [
      'content-security-policy',
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
      'permissions-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
    ];
    for (const url of ['/', '/services', asset, '/signup/X', '/nimporte/quoi', '/%E0%A4%A']) {
      const res = await app.request(url);
      for (const name of names) {
        expect(res.headers.get(name), `${url} ${name}`).toBe(api.headers.get(name));
        expect(res.headers.get(name)).toBeTruthy();
      }
    }
  });

  it('streams files too large to hold from disk', async () => {
    const app = new Hono().use(staticSite(dir, { maxInMemory: 100 }));
    const res = await app.request(asset);
    expect(res.headers.get('content-length')).toBe(String(js.length));
    expect(await res.text()).toBe(js);
    const br = await app.request(asset, { headers: { 'Accept-Encoding': 'br' } });
    expect((await bytes(br)).equals(jsBr)).toBe(true);
  });
});

describe('acceptedEncodings', () => {
  it('reads the list and drops what is refused with q=0', async () => {
    const { acceptedEncodings } = await import('./static');
    expect([...acceptedEncodings('gzip, deflate, br')]).toEqual(['gzip', 'deflate', 'br']);
    expect(acceptedEncodings('gzip;q=0, br;q=0.5').has('gzip')).toBe(false);
    expect(acceptedEncodings('gzip;q=0, br;q=0.5').has('br')).toBe(true);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });
});
