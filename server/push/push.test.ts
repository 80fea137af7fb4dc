import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ece from 'http_ece';
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PUSH_PUBLIC_KEY_PATH,
  PUSH_SUBSCRIPTIONS_PATH,
  type PushMessage,
} from '../../src/domain/api/push';
import { parseEnv } from '../env';
import { createLogger } from '../log';
import { closeAfterEach, makeTestApp, postJson, signedIn } from '../test-app';
import { PUSH_SUBSCRIPTIONS_PER_USER } from '../resources/push/push.repo';
import { PUSH_TTL_SECONDS, mayNotify, notifyUser, pushSettingsFrom } from './push';
import { VAPID_KEYS_FILE, loadVapidKeys } from './vapid';

const keep = closeAfterEach();

/** A local HTTP server standing in for a push service: it keeps each request it is sent. */
interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0))
    await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function pushService(status = 201) {
  const received: Received[] = [];
  const answer = { status };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer.status).end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, received, answer };
}

/** A browser's subscription: its P-256 key pair and auth secret, as PushManager makes them. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

const silent = createLogger(parseEnv({ LOG_LEVEL: 'silent' }));

/** The app with local push endpoints allowed (tests only), and the demo accounts. */
async function setup() {
  const made = keep(await makeTestApp({ seed: true, env: { PUSH_ALLOW_LOCAL_ENDPOINTS: '1' } }));
  const client = await signedIn(made, 'client@demo.chassimmo.fr');
  // The same settings as the app's: the same DATA_DIR, so the same kept key pair.
  const deps = { db: made.db, push: { ...pushSettingsFrom(made.env, silent), timeoutMs: 5_000 } };
  const subscribe = (
    endpoint: string,
    keys: { p256dh: string; auth: string },
    headers = client.headers,
  ) =>
    made.app.request(
      PUSH_SUBSCRIPTIONS_PATH,
      postJson(
        { endpoint, expirationTime: null, keys },
        {
          ...headers,
          'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36',
        },
      ),
    );
  return { made, client, deps, subscribe };
}

const payload: PushMessage = {
  title: 'Nouveau message de Karim',
  body: 'Bonjour, la visite de samedi est confirmée à 10 h.',
  url: '/dashboard#messages',
  tag: 'conversation-12',
};

describe('notifyUser', () => {
  it('sends the payload encrypted for the browser and signed with the VAPID key', async () => {
    const { made, client, deps, subscribe } = await setup();
    const service = await pushService();
    const browser = browserKeys();
    const endpoint = `${service.origin}/wpush/v2/abc`;
    expect((await subscribe(endpoint, browser.keys)).status).toBe(201);

    const outcome = await notifyUser(deps, client.id, payload);
    expect(outcome).toEqual({ sent: 1, dropped: 0, failed: 0 });
    expect(service.received).toHaveLength(1);
    const [request] = service.received;
    if (!request) throw new Error('no request');
    expect(request.url).toBe('/wpush/v2/abc');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(request.headers.urgency).toBe('normal');
    expect(request.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);

    // VAPID (RFC 8292): « vapid t=<JWT ES256>, k=<the public key browsers subscribed with> ».
    const { publicKey } = (await (await made.app.request(PUSH_PUBLIC_KEY_PATH)).json()) as {
      publicKey: string;
    };
    const authorization = /^vapid t=([^,\s]+), k=([A-Za-z0-9_-]+)$/.exec(
      request.headers.authorization ?? '',
    );
    expect(authorization?.[2]).toBe(publicKey);
    const jwt = authorization?.[1] ?? '';
    expect(decodeProtectedHeader(jwt).alg).toBe('ES256');
    const point = Buffer.from(publicKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
      'ES256',
    );
    const { payload: claims } = await jwtVerify(jwt, key, { audience: service.origin });
    expect(claims.sub).toBe('mailto:contact@chassimmo.fr');
    expect(decodeJwt(jwt).exp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 24 * 3600);

    // The body (RFC 8291) opens with the browser's private key and auth secret only.
    const clear = ece.decrypt(request.body, {
      version: 'aes128gcm',
      privateKey: browser.ecdh,
      authSecret: browser.keys.auth,
    });
    expect(JSON.parse(clear.toString('utf8'))).toEqual(payload);
  });

  it('drops a subscription the push service says is gone (410, 404), keeps it on a 500', async () => {
    const { made, client, deps, subscribe } = await setup();
    const service = await pushService(410);
    await subscribe(`${service.origin}/gone`, browserKeys().keys);
    expect(await notifyUser(deps, client.id, payload)).toEqual({ sent: 0, dropped: 1, failed: 0 });
    const rows = () => made.db.selectFrom('push_subscription').selectAll().execute();
    expect(await rows()).toHaveLength(0);

    service.answer.status = 404;
    await subscribe(`${service.origin}/unknown`, browserKeys().keys);
    expect(await notifyUser(deps, client.id, payload)).toEqual({ sent: 0, dropped: 1, failed: 0 });
    expect(await rows()).toHaveLength(0);

    service.answer.status = 500;
    await subscribe(`${service.origin}/busy`, browserKeys().keys);
    expect(await notifyUser(deps, client.id, payload)).toEqual({ sent: 0, dropped: 0, failed: 1 });
    expect(await rows()).toHaveLength(1);
  });

  it('never throws: a push service that is down, or a database that fails, is logged', async () => {
    const { made, client, deps, subscribe } = await setup();
    const service = await pushService();
    await subscribe(`${service.origin}/down`, browserKeys().keys);
    await new Promise<void>((resolve) => servers.pop()?.close(() => resolve()));
    expect(await notifyUser(deps, client.id, payload)).toEqual({ sent: 0, dropped: 0, failed: 1 });
    await made.db.destroy();
    await expect(notifyUser(deps, client.id, payload)).resolves.toEqual({
      sent: 0,
      dropped: 0,
      failed: 0,
    });
  });

  it('sends to every device of the person, to nobody else, and to no archived account', async () => {
    const { made, client, deps, subscribe } = await setup();
    const service = await pushService();
    const chasseur = await signedIn(made, 'chasseur@demo.chassimmo.fr');
    await subscribe(`${service.origin}/phone`, browserKeys().keys);
    await subscribe(`${service.origin}/laptop`, browserKeys().keys);
    await subscribe(`${service.origin}/hunter`, browserKeys().keys, chasseur.headers);
    expect((await notifyUser(deps, client.id, payload)).sent).toBe(2);
    expect(service.received.map((r) => r.url).sort()).toEqual(['/laptop', '/phone']);
    await made.db
      .updateTable('app_user')
      .set({ is_archived: 1 })
      .where('id', '=', client.id)
      .execute();
    expect((await notifyUser(deps, client.id, payload)).sent).toBe(0);
    expect(service.received).toHaveLength(2);
  });

  it('cuts long texts so the encrypted message stays under the 4 KB push services take', async () => {
    const { client, deps, subscribe } = await setup();
    const service = await pushService();
    const browser = browserKeys();
    await subscribe(`${service.origin}/long`, browser.keys);
    await notifyUser(deps, client.id, {
      ...payload,
      title: 'T'.repeat(500),
      body: 'é'.repeat(5000),
    });
    const body = service.received[0]?.body ?? Buffer.alloc(0);
    expect(body.length).toBeLessThan(4096);
    const shown = JSON.parse(
      ece
        .decrypt(body, {
          version: 'aes128gcm',
          privateKey: browser.ecdh,
          authSecret: browser.keys.auth,
        })
        .toString('utf8'),
    ) as PushMessage;
    expect(shown.title).toHaveLength(120);
    expect(shown.body.endsWith('…')).toBe(true);
  });

  it('keeps the devices of one person within a bound, the newest', async () => {
    const { made, client, subscribe } = await setup();
    const service = await pushService();
    for (let i = 0; i < PUSH_SUBSCRIPTIONS_PER_USER + 2; i += 1)
      expect((await subscribe(`${service.origin}/d${i}`, browserKeys().keys)).status).toBe(201);
    const rows = await made.db
      .selectFrom('push_subscription')
      .select(['endpoint', 'user_agent'])
      .where('user_id', '=', client.id)
      .execute();
    expect(rows).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
    expect(rows.map((r) => r.endpoint)).not.toContain(`${service.origin}/d0`);
    expect(rows[0]?.user_agent).toBe('Chrome sur Android');
  });
});

describe('mayNotify', () => {
  it('takes the known push services in https, a loopback http address only with the test switch', () => {
    const off = { allowLocalEndpoints: false };
    const on = { allowLocalEndpoints: true };
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ])
      expect(mayNotify(ok, off), ok).toBe(true);
    for (const refused of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.attaquant.fr/x',
      'https://evilpush.apple.com/x',
      'https://push.apple.com.evil/x',
      'https://10.0.0.1/push',
      'https://192.168.1.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'http://127.0.0.1:8080/push',
      'file:///etc/passwd',
      'pas une adresse',
    ])
      expect(mayNotify(refused, off), refused).toBe(false);
    expect(mayNotify('http://127.0.0.1:8080/push', on)).toBe(true);
    expect(mayNotify('http://localhost:8080/push', on)).toBe(true);
    expect(mayNotify('http://10.0.0.1/push', on)).toBe(false);
    expect(mayNotify('http://169.254.169.254/latest', on)).toBe(false);
  });
});

describe('VAPID keys', () => {
  it('are generated once in DATA_DIR (mode 0600) and reused by every later start', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chassimmo-vapid-'));
    const env = parseEnv({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const lines: string[] = [];
    const log = createLogger(env, { write: (line: string) => void lines.push(line) });
    const first = loadVapidKeys(env, log);
    const file = path.join(dataDir, VAPID_KEYS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.subject).toBe('mailto:contact@chassimmo.fr');
    const again = loadVapidKeys(env, log);
    expect(again).toEqual(first);
    // Said once, when made.
    expect(lines.filter((l) => l.includes('Clés VAPID'))).toHaveLength(1);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
  });

  it('are asked for at every start when several instances share a database', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chassimmo-vapid-'));
    const shared = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://app:secret@db:5432/chassimmo',
      JWT_SECRET: 'y'.repeat(40),
    };
    const lines: string[] = [];
    const log = createLogger(parseEnv(shared), { write: (line: string) => void lines.push(line) });
    const generated = loadVapidKeys(parseEnv(shared), log);
    loadVapidKeys(parseEnv(shared), log);
    expect(lines.filter((l) => l.includes('configurez VAPID_PUBLIC_KEY'))).toHaveLength(2);
    lines.length = 0;
    loadVapidKeys(
      parseEnv({
        ...shared,
        VAPID_PUBLIC_KEY: generated.publicKey,
        VAPID_PRIVATE_KEY: generated.privateKey,
      }),
      log,
    );
    expect(lines).toEqual([]);
  });

  it('come from the settings when given, and a damaged file stops the start', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chassimmo-vapid-'));
    const generated = loadVapidKeys(parseEnv({ DATA_DIR: dataDir }), silent);
    const other = mkdtempSync(path.join(os.tmpdir(), 'chassimmo-vapid-'));
    const env = parseEnv({
      DATA_DIR: other,
      VAPID_PUBLIC_KEY: generated.publicKey,
      VAPID_PRIVATE_KEY: generated.privateKey,
      VAPID_SUBJECT: 'https://www.chassimmo.fr',
    });
    expect(loadVapidKeys(env, silent)).toEqual({
      ...generated,
      subject: 'https://www.chassimmo.fr',
    });
    writeFileSync(path.join(dataDir, VAPID_KEYS_FILE), '{"publicKey":"B"}');
    expect(() => loadVapidKeys(parseEnv({ DATA_DIR: dataDir }), silent)).toThrow(
      /ne contient pas une paire de clés VAPID valide/,
    );
  });
});
