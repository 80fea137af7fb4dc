import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makeTestApp } from '../test-app';
import { archiveBuildAssets } from './assets-archive';

const root = mkdtempSync(path.join(os.tmpdir(), 'assets-archive-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const open: { destroy(): Promise<void> }[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
});

let builds = 0;
/** A small built client: a page, the routes file, and the given hashed assets. */
function build(assets: Record<string, string | Buffer>): string {
  const dir = path.join(root, `build-${(builds += 1)}`);
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<h1>Accueil</h1>');
  writeFileSync(path.join(dir, 'app-shell.html'), '<div id="root"></div>');
  mkdirSync(path.join(dir, '404'));
  writeFileSync(path.join(dir, '404/index.html'), '<h1>Page introuvable</h1>');
  writeFileSync(
    path.join(dir, 'routes.json'),
    JSON.stringify({
      prerendered: ['/', '/404'],
      patterns: ['/'],
      notFound: '/404',
      shell: '/app-shell.html',
    }),
  );
  for (const [name, body] of Object.entries(assets)) {
    writeFileSync(path.join(dir, 'assets', name), body);
  }
  return dir;
}

const oldJs = 'export const ancienne = "version 1";'.repeat(50);
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));

describe('the assets of other builds (ASSETS_ARCHIVE_DIR)', () => {
  it('lets the newer instance serve an asset only the older build had, as its own', async () => {
    const archive = path.join(root, 'archive-1');
    const older = build({
      'index-OLD111.js': oldJs,
      'index-OLD111.js.gz': gzipSync(oldJs),
      'style-SAME22.css': 'body{color:red}',
    });
    const newer = build({
      'index-NEW333.js': 'export const v = 2;',
      'style-SAME22.css': 'body{color:red}',
    });
    expect(archiveBuildAssets(older, archive, { instance: 'a' })).toMatchObject({ copied: 3 });
    expect(archiveBuildAssets(newer, archive, { instance: 'b' })).toMatchObject({
      copied: 1,
      present: 1,
      pruned: 0,
    });

    const made = await makeTestApp({ staticDir: newer, env: { ASSETS_ARCHIVE_DIR: archive } });
    open.push(made.db);
    const { app } = made;
    const own = await app.request('/assets/index-NEW333.js');
    const res = await app.request('/assets/index-OLD111.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(oldJs);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    for (const name of ['content-security-policy', 'x-content-type-options', 'vary']) {
      expect(res.headers.get(name), name).toBe(own.headers.get(name));
    }
    const gz = await app.request('/assets/index-OLD111.js', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('content-length')).toBe(String(gzipSync(oldJs).length));
    const etag = res.headers.get('etag') ?? '';
    const again = await app.request('/assets/index-OLD111.js', {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);

    // What no build has is still the 404 page, never cached.
    const missing = await app.request('/assets/index-NONE44.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');

    // Without the setting, the older asset is the 404 it always was.
    const alone = await makeTestApp({ staticDir: newer });
    open.push(alone.db);
    expect((await alone.app.request('/assets/index-OLD111.js')).status).toBe(404);
  });

  it('never serves anything outside the archive, nor its own files', async () => {
    const archive = path.join(root, 'archive-2');
    const newer = build({ 'index-NEW555.js': 'export const v = 3;' });
    archiveBuildAssets(newer, archive, { instance: 'a' });
    writeFileSync(path.join(root, 'secret.txt'), 'SECRET');
    writeFileSync(path.join(archive, '.hidden.js'), 'SECRET');
    const made = await makeTestApp({ staticDir: newer, env: { ASSETS_ARCHIVE_DIR: archive } });
    open.push(made.db);
    const manifest = readdirSync(path.join(archive, '.builds'))[0] ?? '';
    for (const url of [
      '/assets/..%2Fsecret.txt',
      '/assets/%2e%2e%2fsecret.txt',
      '/assets/%2E%2E/secret.txt',
      '/assets/..%5Csecret.txt',
      '/assets/.hidden.js',
      '/assets/%2Ehidden.js',
      `/assets/.builds/${manifest}`,
      `/assets/%2Ebuilds%2F${manifest}`,
      '/assets/index-NEW555.js%00.txt',
    ]) {
      const res = await made.app.request(url);
      expect(res.status, url).not.toBe(200);
      expect(await res.text(), url).not.toContain('SECRET');
    }
  });

  it('writes each copy once, atomically, and never replaces a file of the same name', () => {
    const archive = path.join(root, 'archive-3');
    mkdirSync(archive, { recursive: true });
    writeFileSync(path.join(archive, 'index-KEEP66.js'), 'first copy');
    const one = build({ 'index-KEEP66.js': 'another copy', 'chunk-AAA777.js': 'x' });
    expect(archiveBuildAssets(one, archive, { instance: 'a' })).toMatchObject({
      copied: 1,
      present: 1,
    });
    expect(readFileSync(path.join(archive, 'index-KEEP66.js'), 'utf8')).toBe('first copy');
    // No temporary copy left behind.
    expect(readdirSync(archive).sort()).toEqual(['.builds', 'chunk-AAA777.js', 'index-KEEP66.js']);
    // Two instances of one build starting together.
    expect(archiveBuildAssets(one, archive, { instance: 'b' })).toMatchObject({ copied: 0 });
  });

  it('keeps the three newest builds and whatever was used within seven days, and prunes the rest', () => {
    const archive = path.join(root, 'archive-4');
    const shared = { 'vendor-SHARED.js': 'v' };
    const b1 = build({ ...shared, 'index-B1.js': '1' });
    const b2 = build({ ...shared, 'index-B2.js': '2' });
    const b3 = build({ ...shared, 'index-B3.js': '3' });
    const b4 = build({ ...shared, 'index-B4.js': '4' });
    archiveBuildAssets(b1, archive, { instance: 'a', now: day(0) });
    archiveBuildAssets(b2, archive, { instance: 'a', now: day(10) });
    archiveBuildAssets(b3, archive, { instance: 'a', now: day(20) });
    // A fourth build, two days after the third: b1 is neither among the three newest nor recent.
    expect(archiveBuildAssets(b4, archive, { instance: 'a', now: day(22) })).toMatchObject({
      pruned: 1,
    });
    const names = () =>
      readdirSync(archive)
        .filter((n) => !n.startsWith('.'))
        .sort();
    expect(names()).toEqual(['index-B2.js', 'index-B3.js', 'index-B4.js', 'vendor-SHARED.js']);
    expect(readdirSync(path.join(archive, '.builds'))).toHaveLength(3);

    // Restarting b2 (a rollback) makes it the newest build again: b3 stays, within seven days.
    archiveBuildAssets(b2, archive, { instance: 'a', now: day(25) });
    expect(names()).toEqual(['index-B2.js', 'index-B3.js', 'index-B4.js', 'vendor-SHARED.js']);
  });
});
