import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../test-app';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'static-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'services'));
  mkdirSync(path.join(dir, '404'));
  writeFileSync(path.join(dir, 'index.html'), '<h1>Accueil</h1>');
  writeFileSync(path.join(dir, 'app-shell.html'), '<div id="root"></div>');
  writeFileSync(path.join(dir, 'services/index.html'), '<h1>Services</h1>');
  writeFileSync(path.join(dir, '404/index.html'), '<h1>Page introuvable</h1>');
  const js = 'console.log("bonjour");'.repeat(100);
  writeFileSync(path.join(dir, 'assets/index-abc123.js'), js);
  writeFileSync(path.join(dir, 'assets/index-abc123.js.gz'), gzipSync(js));
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
      headers: { 'Accept-Encoding': 'gzip, br' },
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

describe('acceptedEncodings', () => {
  it('reads the list and drops what is refused with q=0', async () => {
    const { acceptedEncodings } = await import('./static');
    expect([...acceptedEncodings('gzip, deflate, br')]).toEqual(['gzip', 'deflate', 'br']);
    expect(acceptedEncodings('gzip;q=0, br;q=0.5').has('gzip')).toBe(false);
    expect(acceptedEncodings('gzip;q=0, br;q=0.5').has('br')).toBe(true);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });
});
