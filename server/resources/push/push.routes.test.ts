import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DELETE_ACCOUNT_PATH } from '../../../src/domain/api/client';
import { apiErrorSchema } from '../../../src/domain/api/errors';
import { PUSH_PUBLIC_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH } from '../../../src/domain/api/push';
import { closeAfterEach, fieldErrorsOf, makeTestApp, postJson, signedIn } from '../../test-app';
import { PUSH_WRITES_PER_ACCOUNT } from './push.routes';

const keep = closeAfterEach();

function keys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

const FCM = 'https://fcm.googleapis.com/fcm/send/dXNlcjE:APA91bH';

async function setup(env: Record<string, string> = {}) {
  const made = keep(await makeTestApp({ seed: true, env }));
  const client = await signedIn(made, 'client@demo.chassimmo.fr');
  const chasseur = await signedIn(made, 'chasseur@demo.chassimmo.fr');
  const subscribe = (endpoint: string, headers: Record<string, string> = client.headers) =>
    made.app.request(PUSH_SUBSCRIPTIONS_PATH, postJson({ endpoint, keys: keys() }, headers));
  const unsubscribe = (endpoint: string, headers: Record<string, string> = client.headers) =>
    made.app.request(PUSH_SUBSCRIPTIONS_PATH, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ endpoint }),
    });
  const rows = () =>
    made.db.selectFrom('push_subscription').select(['user_id', 'endpoint']).execute();
  return { made, client, chasseur, subscribe, unsubscribe, rows };
}

describe('/api/push', () => {
  it('gives anyone the public key, never the private one', async () => {
    const { made } = await setup();
    const res = await made.app.request(PUSH_PUBLIC_KEY_PATH);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['publicKey']);
    expect(body.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });

  it('keeps a subscription to a known push service for the signed-in person', async () => {
    const { client, subscribe, rows } = await setup();
    const res = await subscribe(FCM);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      subscribed: true,
      message: 'Les notifications sont activées sur cet appareil.',
    });
    expect((await subscribe(FCM)).status).toBe(200);
    expect(await rows()).toEqual([{ user_id: client.id, endpoint: FCM }]);
  });

  it('refuses an endpoint on a private or internal address, or any host but a push service (400)', async () => {
    const { subscribe, rows } = await setup();
    for (const endpoint of [
      'https://192.168.1.10/push',
      'https://10.0.0.5/wpush/v2/abc',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/push',
      'http://127.0.0.1:3000/api/admin/users',
      'https://localhost/push',
      'https://fcm.googleapis.com.attaquant.fr/fcm/send/abc',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://intranet.chassimmo.fr/push',
    ]) {
      const fields = await fieldErrorsOf(await subscribe(endpoint));
      expect(fields.endpoint, endpoint).toMatch(
        /n’est pas celle d’un service de notification connu/,
      );
    }
    expect(await rows()).toEqual([]);
  });

  it('takes a loopback http endpoint only in tests with the switch on', async () => {
    const on = await setup({ PUSH_ALLOW_LOCAL_ENDPOINTS: '1' });
    expect((await on.subscribe('http://127.0.0.1:4999/push/1')).status).toBe(201);
    // Even then, nothing but this machine's loopback.
    expect((await on.subscribe('http://10.0.0.5/push/1')).status).toBe(400);
    const off = await setup();
    expect((await off.subscribe('http://127.0.0.1:4999/push/1')).status).toBe(400);
  });

  it('checks the browser’s keys', async () => {
    const { made, client } = await setup();
    const send = (body: unknown) =>
      made.app.request(PUSH_SUBSCRIPTIONS_PATH, postJson(body, client.headers));
    const good = keys();
    let fields = await fieldErrorsOf(
      await send({ endpoint: FCM, keys: { ...good, p256dh: 'abc' } }),
    );
    expect(fields['keys.p256dh']).toMatch(/clé de chiffrement/);
    fields = await fieldErrorsOf(await send({ endpoint: FCM, keys: { ...good, auth: '' } }));
    expect(fields['keys.auth']).toMatch(/secret d’authentification/);
    fields = await fieldErrorsOf(await send({ endpoint: FCM }));
    expect(fields.keys).toBeDefined();
    fields = await fieldErrorsOf(await send({ endpoint: `${FCM}${'a'.repeat(2100)}`, keys: good }));
    expect(fields.endpoint).toMatch(/trop longue/);
  });

  it('answers 401 to anyone not signed in', async () => {
    const { subscribe, unsubscribe, rows } = await setup();
    expect((await subscribe(FCM, {})).status).toBe(401);
    expect((await unsubscribe(FCM, {})).status).toBe(401);
    const forged = { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.forged' };
    const res = await subscribe(FCM, forged);
    expect(res.status).toBe(401);
    expect(apiErrorSchema.parse(await res.json()).message).toMatch(/session/);
    expect(await rows()).toEqual([]);
  });

  it('lets each person turn off their own device only', async () => {
    const { client, chasseur, subscribe, unsubscribe, rows } = await setup();
    await subscribe(FCM);
    // The hunter knows (or guesses) the client's endpoint: nothing happens, nothing is said.
    const res = await unsubscribe(FCM, chasseur.headers);
    expect(res.status).toBe(404);
    expect(apiErrorSchema.parse(await res.json()).message).toBe(
      'Les notifications ne sont pas activées sur cet appareil.',
    );
    expect(await rows()).toEqual([{ user_id: client.id, endpoint: FCM }]);
    const own = await unsubscribe(FCM);
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({
      unsubscribed: true,
      message: 'Les notifications sont désactivées sur cet appareil.',
    });
    expect(await rows()).toEqual([]);
  });

  it('gives a shared browser’s subscription to whoever signed in and subscribed last', async () => {
    const { chasseur, subscribe, rows } = await setup();
    await subscribe(FCM);
    expect((await subscribe(FCM, chasseur.headers)).status).toBe(201);
    expect(await rows()).toEqual([{ user_id: chasseur.id, endpoint: FCM }]);
  });

  it('forgets every device of an account deleted by its owner', async () => {
    const { made, client, chasseur, subscribe, rows } = await setup();
    await subscribe(FCM);
    await subscribe(`${FCM}-hunter`, chasseur.headers);
    const res = await made.app.request(
      DELETE_ACCOUNT_PATH,
      postJson({ password: 'Demo1234' }, client.headers),
    );
    expect(res.status).toBe(200);
    expect(await rows()).toEqual([{ user_id: chasseur.id, endpoint: `${FCM}-hunter` }]);
  });

  it('limits how often one account turns notifications on and off', async () => {
    const { subscribe } = await setup();
    for (let i = 0; i < PUSH_WRITES_PER_ACCOUNT.free; i += 1)
      expect((await subscribe(`${FCM}${i}`)).status).toBe(201);
    const res = await subscribe(`${FCM}x`);
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(apiErrorSchema.parse(await res.json()).message).toMatch(/Trop de changements/);
  });
});
