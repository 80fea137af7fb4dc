import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { migrateToLatest, openDatabase, type Db } from '../db/database';
import { parseEnv } from '../env';
import { loadGeoIndex } from '../geo/geo-data';
import { createLogger } from '../log';
import { MailQueue } from '../mail/mail-queue';
import { requestIdOf, SAFE_REQUEST_ID, withoutTokens } from './request-context';

type Line = Record<string, unknown> & { msg: string; level: string };

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'request-log-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const open: Db[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
});

/** The real app, its logger writing to memory; '/essai' logs a line, then fails. */
async function appWithLog(env: Record<string, string> = {}, staticDir?: string) {
  const parsed = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, INSTANCE_ID: 'essai-1', ...env });
  const raw: string[] = [];
  const log = createLogger(parsed, { write: (line: string) => void raw.push(line) });
  const db = openDatabase(':memory:');
  open.push(db);
  await migrateToLatest(db);
  const app: Hono = createApp({
    env: parsed,
    db,
    geo: loadGeoIndex(),
    jwtSecret: randomBytes(32),
    mails: new MailQueue(db),
    log,
    staticDir,
  });
  app.get('/essai', (c) => {
    c.get('log').warn({ étape: 'avant' }, 'Dans la route');
    throw new Error('boum');
  });
  const lines = () => raw.map((l) => JSON.parse(l) as Line);
  return { app, raw, lines };
}

const secrets = {
  Authorization: 'Bearer jeton-secret-123',
  Cookie: 'session=cookie-secret-456',
};

describe('request id and request log', () => {
  it('gives each request an id, answered in X-Request-Id and carried by every line it logs', async () => {
    const { app, raw, lines } = await appWithLog({ LOG_REQUESTS: '1' });
    const res = await app.request('/essai', { headers: secrets });
    expect(res.status).toBe(500);
    const id = res.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const own = lines().filter((l) => l.reqId === id);
    expect(own.map((l) => l.msg)).toEqual([
      'Dans la route',
      'Erreur inattendue',
      'Requête traitée',
    ]);
    for (const line of own) {
      expect(line.instance).toBe('essai-1');
      expect(typeof line.time).toBe('string');
    }
    expect(own[1]).toMatchObject({ level: 'error', err: { message: 'boum' } });
    expect(own[2]).toMatchObject({ level: 'info', method: 'GET', path: '/essai', status: 500 });
    // Never a credential the request carried.
    expect(raw.join('')).not.toMatch(/jeton-secret|cookie-secret/);

    const other = await app.request('/api/health');
    const otherId = other.headers.get('x-request-id');
    expect(otherId).not.toBe(id);
    expect(
      lines()
        .filter((l) => l.reqId === otherId)
        .map((l) => l.msg),
    ).toEqual(['Requête traitée']);
  });

  it('answers the built site’s files with an id too, and logs them under it', async () => {
    const site = path.join(dataDir, 'site');
    mkdirSync(path.join(site, 'assets'), { recursive: true });
    writeFileSync(path.join(site, 'index.html'), '<h1>Accueil</h1>');
    writeFileSync(path.join(site, 'assets/app-abc123.js'), 'export {};');
    writeFileSync(
      path.join(site, 'routes.json'),
      JSON.stringify({ prerendered: ['/'], patterns: ['/'], notFound: '/404', shell: '/x.html' }),
    );
    const { app, lines } = await appWithLog({ LOG_REQUESTS: '1' }, site);
    for (const url of ['/', '/assets/app-abc123.js', '/assets/absent.js']) {
      const res = await app.request(url);
      const id = res.headers.get('x-request-id');
      expect(id, url).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines().at(-1), url).toMatchObject({ reqId: id, path: url, status: res.status });
    }
  });

  it('logs no line per request without LOG_REQUESTS, and no query string with it', async () => {
    const quiet = await appWithLog({ LOG_REQUESTS: '0' });
    const res = await quiet.app.request('/api/health');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(quiet.raw).toEqual([]);

    const loud = await appWithLog({ LOG_REQUESTS: '1' });
    await loud.app.request('/api/health?token=abcdef');
    expect(loud.lines()).toHaveLength(1);
    expect(loud.raw.join('')).not.toContain('abcdef');
  });

  it('never writes a form copy’s token (issue 33), in the API’s path or the page’s', async () => {
    const token = 'Abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE';
    const loud = await appWithLog({ LOG_REQUESTS: '1' });
    await loud.app.request(`/api/form-copies/${token}`);
    await loud.app.request(`/api/form-copies/${token}/email`, { method: 'POST' });
    expect(loud.lines().map((l) => l.path)).toEqual([
      '/api/form-copies/…',
      '/api/form-copies/…/email',
    ]);
    expect(loud.raw.join('')).not.toContain(token);
    expect(withoutTokens(`/signup/reprendre/${token}`)).toBe('/signup/reprendre/…');
  });

  it('takes the proxy’s X-Request-Id only behind a trusted proxy, and only a safe one', async () => {
    const trusted = await appWithLog({ TRUST_PROXY: '1', LOG_REQUESTS: '1' });
    const given = 'caddy-4f1c2e9a.01_Z';
    const res = await trusted.app.request('/api/health', { headers: { 'X-Request-Id': given } });
    expect(res.headers.get('x-request-id')).toBe(given);
    expect(trusted.lines().at(-1)?.reqId).toBe(given);

    for (const forged of [
      'a b',
      'x"},"level":"fatal',
      '../../etc/passwd',
      '-begins-with-a-dash',
      'é',
      'x'.repeat(129),
    ]) {
      const answer = await trusted.app.request('/api/health', {
        headers: { 'X-Request-Id': forged },
      });
      const id = answer.headers.get('x-request-id');
      expect(id, forged).not.toBe(forged);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(trusted.lines().at(-1)?.reqId).toBe(id);
    }
    expect(trusted.raw.join('')).not.toContain('level":"fatal');

    // Without TRUST_PROXY, anyone could file their requests under an id of their choosing.
    const direct = await appWithLog({ LOG_REQUESTS: '1' });
    const own = await direct.app.request('/api/health', { headers: { 'X-Request-Id': given } });
    expect(own.headers.get('x-request-id')).not.toBe(given);
  });

  it('checks ids with one pattern, and masks secrets a caller might pass', () => {
    expect(SAFE_REQUEST_ID.test('0b7c4c1e-2f0a-4a51-9d3e-6f1f0c8f2a10')).toBe(true);
    expect(requestIdOf('abc', true)).toBe('abc');
    expect(requestIdOf('abc', false)).not.toBe('abc');
    expect(requestIdOf(undefined, true)).toMatch(/^[0-9a-f-]{36}$/);

    const raw: string[] = [];
    const log = createLogger(parseEnv({ NODE_ENV: 'test' }), {
      write: (l: string) => void raw.push(l),
    });
    log.info(
      { password: 'mdp-1', user: { token: 'tok-2' }, headers: { authorization: 'Bearer b-3' } },
      'Essai',
    );
    expect(raw.join('')).not.toMatch(/mdp-1|tok-2|b-3/);
    expect(raw.join('')).toContain('[masqué]');
  });
});
