import { decodeJwt } from 'jose';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validRegistration } from '../../../src/domain/buyer-signup.fixture';
import { DEMO_PASSWORD } from '../../db/seed';
import { makeTestApp, postJson } from '../../test-app';

/**
 * Issue 11, as an attacker would try it: parallel guessing, passwords with spaces, sessions
 * after a password change, the current password guessed with a stolen token, a forged Host.
 * A real app on a real SQLite file, with a clock the tests move.
 */
type App = Awaited<ReturnType<typeof makeTestApp>>;
let current: (App & { dir: string }) | undefined;
afterEach(async () => {
  if (!current) return;
  await current.db.destroy();
  rmSync(current.dir, { recursive: true, force: true });
  current = undefined;
});

const clock = { now: Date.now() };
async function setup(env: Record<string, string> = {}) {
  clock.now = Date.now();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'auth-hardening-'));
  // TRUST_PROXY: the tests speak for several addresses through X-Forwarded-For.
  const app = await makeTestApp({
    seed: true,
    dataDir: dir,
    now: () => clock.now,
    env: { TRUST_PROXY: '1', ...env },
  });
  current = { ...app, dir };
  return current;
}

const from = (address: string) => ({ 'X-Forwarded-For': address });

/** « Mot de passe oublié », then the e-mailed link followed with a new password. */
async function resetByMail(app: App['app'], mails: App['mails'], email: string, password: string) {
  await call(app, '/api/auth/forgot-password', postJson({ email }));
  const token = (await mails.list(email))[0]?.links[0]?.split('/reinitialiser-mot-de-passe/')[1];
  await call(
    app,
    '/api/auth/reset-password',
    postJson({ token, password, passwordConfirm: password }),
  );
}

async function call(app: App['app'], url: string, init: RequestInit = {}) {
  const res = await app.request(url, init);
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: (text ? JSON.parse(text) : null) as Record<string, unknown> & { message?: string },
  };
}

function login(app: App['app'], username: string, password: string, address = '203.0.113.7') {
  return call(app, '/api/login', postJson({ username, password }, from(address)));
}

const bearer = (token: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` },
});

describe('sign-in under parallel guessing', () => {
  it('checks at most 5 of 200 simultaneous wrong passwords, then waits, and never locks the account for another address', async () => {
    const { app } = await setup();
    const email = 'admin@demo.chassimmo.fr';
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(app, email, `Mauvais${i}x`)),
    );
    const checked = answers.filter((a) => a.status === 401).length;
    const refused = answers.filter((a) => a.status === 429);
    expect(checked).toBe(5);
    expect(refused).toHaveLength(195);
    expect(refused[0]?.headers.get('Retry-After')).toBe('60');
    expect(refused[0]?.body.message).toMatch(
      /Trop de tentatives de connexion\. Réessayez dans 1 minute/,
    );

    // The right password from the same address waits too…
    const tooSoon = await login(app, email, DEMO_PASSWORD);
    expect(tooSoon.status).toBe(429);
    // …while its owner, elsewhere, signs in at once.
    expect((await login(app, email, DEMO_PASSWORD, '198.51.100.23')).status).toBe(200);

    clock.now += 60_000;
    expect((await login(app, email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('doubles the wait after each further failure, and a restart forgets nothing', async () => {
    const { app } = await setup();
    const email = 'client@demo.chassimmo.fr';
    for (let i = 0; i < 5; i += 1) expect((await login(app, email, 'Mauvais1')).status).toBe(401);
    clock.now += 60_000;
    expect((await login(app, email, 'Mauvais1')).status).toBe(401);
    const next = await login(app, email, 'Mauvais1');
    expect(next.headers.get('Retry-After')).toBe('120');

    // The counts are rows of the SQLite file: a server restarted on it (or a second one
    // beside it) makes the same person wait.
    const restarted = await makeTestApp({
      dataDir: current!.dir,
      now: () => clock.now,
      env: { TRUST_PROXY: '1' },
    });
    const afterRestart = await login(restarted.app, email, DEMO_PASSWORD);
    expect(afterRestart.status).toBe(429);
    expect(afterRestart.headers.get('Retry-After')).toBe('120');
    await restarted.db.destroy();
  });

  it('lets the owner who resets the password by e-mail sign in at once, and keeps no address or e-mail in clear', async () => {
    const { app, db, mails } = await setup();
    const email = 'chasseur@demo.chassimmo.fr';
    for (let i = 0; i < 6; i += 1) await login(app, email, 'Mauvais1');
    expect((await login(app, email, DEMO_PASSWORD)).status).toBe(429);
    const keys = (await db.selectFrom('throttle').select('key').execute()).map((r) => r.key);
    expect(keys.join(' ')).not.toMatch(/@|203\.0\.113/);

    await resetByMail(app, mails, email, 'Retrouve12');
    expect((await login(app, email, 'Retrouve12')).status).toBe(200);
  });

  it('limits one address guessing many accounts (credential stuffing)', async () => {
    const { app } = await setup();
    const answers = [];
    for (let i = 0; i < 31; i += 1)
      answers.push(await login(app, `inconnu${i}@exemple.fr`, 'Mauvais1', '192.0.2.99'));
    expect(answers.slice(0, 30).every((a) => a.status === 401)).toBe(true);
    expect(answers[30]?.status).toBe(429);
    expect((await login(app, 'client@demo.chassimmo.fr', DEMO_PASSWORD)).status).toBe(200);
    // 32 scrypt checks one after the other (an unknown account is hashed too): more than the
    // default 5 s when the whole suite runs on two cores.
  });
});

describe('one password rule, never trimmed', () => {
  it('keeps leading and trailing spaces through register, activation, sign-in, change and reset', async () => {
    const { app, mails } = await setup();
    const email = 'espaces@exemple.fr';
    const password = '  Espace12 ';
    const registered = await call(
      app,
      '/api/register',
      postJson(
        { ...validRegistration, email, password, passwordConfirm: password },
        { 'Idempotency-Key': randomUUID() },
      ),
    );
    expect(registered.status).toBe(201);
    const code = (await mails.list(email))
      .find((m) => m.subject.startsWith('Confirmez'))
      ?.links[0]?.split('/activation/')[1];
    expect((await call(app, '/api/auth/activate', postJson({ code }))).status).toBe(200);

    expect((await login(app, email, password)).status).toBe(200);
    expect((await login(app, email, password.trim())).status).toBe(401);

    const token = (await login(app, email, password)).body.token as string;
    const changed = await call(
      app,
      '/api/client/changepassword',
      bearer(token, postJson({ oldPassword: password, newPassword: ' Nouveau12 ' })),
    );
    expect(changed.status).toBe(200);
    expect((await login(app, email, ' Nouveau12 ')).status).toBe(200);
    expect((await login(app, email, 'Nouveau12')).status).toBe(401);

    await call(app, '/api/auth/forgot-password', postJson({ email }));
    const reset = (await mails.list(email))[0]?.links[0]?.split('/reinitialiser-mot-de-passe/')[1];
    const resetAnswer = await call(
      app,
      '/api/auth/reset-password',
      postJson({ token: reset, password: 'Oublié12  ', passwordConfirm: 'Oublié12  ' }),
    );
    expect(resetAnswer.status).toBe(200);
    expect((await login(app, email, 'Oublié12  ')).status).toBe(200);
    expect((await login(app, email, 'Oublié12')).status).toBe(401);
  });
});

describe('sessions after a password change', () => {
  it('ends every other session at its next call; the one that changed it goes on with a new token', async () => {
    const { app } = await setup();
    const email = 'client@demo.chassimmo.fr';
    const phone = (await login(app, email, DEMO_PASSWORD, '198.51.100.1')).body.token as string;
    const laptop = (await login(app, email, DEMO_PASSWORD, '198.51.100.2')).body.token as string;
    expect((await call(app, '/api/user', bearer(phone))).status).toBe(200);

    const changed = await call(
      app,
      '/api/client/changepassword',
      bearer(laptop, postJson({ oldPassword: DEMO_PASSWORD, newPassword: 'Change123' })),
    );
    expect(changed.status).toBe(200);
    const renewed = changed.body.token as string;
    expect(renewed).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    expect((await call(app, '/api/user', bearer(phone))).status).toBe(401);
    expect((await call(app, '/api/user', bearer(laptop))).status).toBe(401);
    expect((await call(app, '/api/user', bearer(renewed))).status).toBe(200);
  });

  it('ends every session after a reset by e-mail', async () => {
    const { app, mails } = await setup();
    const email = 'manager@demo.chassimmo.fr';
    const token = (await login(app, email, DEMO_PASSWORD)).body.token as string;
    await resetByMail(app, mails, email, 'Reprise12');
    expect((await call(app, '/api/user', bearer(token))).status).toBe(401);
  });
});

describe('the current password asked by a password change', () => {
  it('is checked under a limit, so a stolen token cannot guess it', async () => {
    const { app } = await setup();
    const token = (await login(app, 'client@demo.chassimmo.fr', DEMO_PASSWORD)).body
      .token as string;
    const attempt = (oldPassword: string) =>
      call(
        app,
        '/api/client/changepassword',
        bearer(token, postJson({ oldPassword, newPassword: 'Change123' })),
      );
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(`Faux${i}`)));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    const right = await attempt(DEMO_PASSWORD);
    expect(right.status).toBe(429);
    expect(right.headers.get('Retry-After')).toBe('60');
    expect(right.body.message).toMatch(/Trop d’essais du mot de passe actuel/);
  });
});

describe('e-mails on request', () => {
  it('are limited per address whatever the account, with the same answer for all', async () => {
    const { app, mails } = await setup();
    const ask = (email: string) =>
      call(app, '/api/auth/forgot-password', postJson({ email }, from('192.0.2.77')));
    const accounts = ['client', 'chasseur', 'manager', 'directeur', 'admin', 'nouveau'];
    const answers = [];
    for (const name of accounts) answers.push(await ask(`${name}@demo.chassimmo.fr`));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[5]?.headers.get('Retry-After')).toBe('3600');
    expect(await mails.list('nouveau@demo.chassimmo.fr')).toEqual([]);
    const unknown = await ask('personne@exemple.fr');
    expect(unknown.status).toBe(429);
  });
});

describe('links in e-mails', () => {
  it('are built on PUBLIC_URL, never on a forged Host header', async () => {
    const { app, mails } = await setup({ PUBLIC_URL: 'https://www.chassimmo.fr' });
    await app.request('/api/auth/forgot-password', {
      ...postJson({ email: 'client@demo.chassimmo.fr' }),
      headers: { 'Content-Type': 'application/json', Host: 'evil.example' },
    });
    const link = (await mails.list('client@demo.chassimmo.fr'))[0]?.links[0];
    expect(link).toMatch(/^https:\/\/www\.chassimmo\.fr\/reinitialiser-mot-de-passe\/[\w-]+$/);
  });

  it('default to the server’s own loopback address in development', async () => {
    const { app, mails } = await setup({ NODE_ENV: 'development', PORT: '4123' });
    await app.request('/api/auth/forgot-password', {
      ...postJson({ email: 'client@demo.chassimmo.fr' }),
      headers: { 'Content-Type': 'application/json', Host: 'evil.example' },
    });
    const link = (await mails.list('client@demo.chassimmo.fr'))[0]?.links[0];
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:4123\/reinitialiser-mot-de-passe\//);
  });
});

describe('the development outbox', () => {
  it('answers only under a loopback name (DNS rebinding)', async () => {
    const { app } = await setup();
    expect((await app.request('http://127.0.0.1:3000/dev/outbox.json')).status).toBe(200);
    expect((await app.request('http://localhost:3000/dev/outbox.json')).status).toBe(200);
    expect((await app.request('http://rebind.evil.example:3000/dev/outbox.json')).status).toBe(404);
  });

  it('does not exist in production', async () => {
    const { app } = await setup({ NODE_ENV: 'production' });
    expect((await app.request('http://127.0.0.1:3000/dev/outbox.json')).status).toBe(404);
  });
});

describe('session tokens', () => {
  it('carry the account id, roles and session version, nothing personal', async () => {
    const { app } = await setup();
    const token = (await login(app, 'client@demo.chassimmo.fr', DEMO_PASSWORD)).body
      .token as string;
    const claims = decodeJwt(token);
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'jti', 'roles', 'sub', 'sv']);
    expect(JSON.stringify(claims)).not.toMatch(/@|06 12/);
  });
});
