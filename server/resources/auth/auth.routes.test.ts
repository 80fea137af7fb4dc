import { SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordMessages } from '../../../src/domain/password';
import { TokenService } from '../../auth/tokens';
import { UsersRepo, tokenSubject } from '../users/users.repo';
import { DEMO_PASSWORD } from '../../db/seed';
import { makeTestApp, postJson } from '../../test-app';

type App = Awaited<ReturnType<typeof makeTestApp>>;
let current: App | undefined;
afterEach(async () => {
  await current?.db.destroy();
  current = undefined;
});

async function setup(env?: Record<string, string>) {
  current = await makeTestApp({ seed: true, env });
  return current;
}

/** Every answer body read in these tests, to check no hash ever leaks. */
const bodies: string[] = [];
/** POST of a JSON body, through call. */
const post = (app: App['app'], path: string, body: unknown) => call(app, path, postJson(body));

async function call(app: App['app'], path: string, init?: RequestInit) {
  const res = await app.request(path, init);
  const text = await res.text();
  bodies.push(text);
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : null) as Record<string, unknown> & { message?: string },
  };
}

async function login(app: App['app'], username: string, password = DEMO_PASSWORD) {
  return post(app, '/api/login', { username, password });
}

async function tokenOf(app: App['app'], username: string) {
  const { body } = await login(app, username);
  return body.token as string;
}

const bearer = (token: string): RequestInit => ({ headers: { Authorization: `Bearer ${token}` } });

describe('POST /api/login', () => {
  it('signs each role in with a token and the user, trimming the e-mail typed', async () => {
    const { app } = await setup();
    for (const [email, role] of [
      ['client@demo.chassimmo.fr', 1],
      ['chasseur@demo.chassimmo.fr', 2],
      ['manager@demo.chassimmo.fr', 3],
      ['directeur@demo.chassimmo.fr', 4],
      ['admin@demo.chassimmo.fr', 5],
    ] as const) {
      const { status, body } = await login(app, `  ${email.toUpperCase()} `, DEMO_PASSWORD);
      expect(status, email).toBe(200);
      expect(body.success).toBe(true);
      expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.user).toMatchObject({ email, roles: [role], isActive: true, isArchived: false });
    }
  });

  it('gives the same answer to an unknown e-mail and a wrong password', async () => {
    const { app } = await setup();
    const unknown = await login(app, 'personne@exemple.fr');
    const wrong = await login(app, 'client@demo.chassimmo.fr', 'Mauvais1');
    expect(unknown).toEqual(wrong);
    expect(wrong).toEqual({
      status: 401,
      body: { success: false, message: 'Adresse e-mail ou mot de passe incorrect.' },
    });
  });

  it('refuses a not yet confirmed account and an archived one with a French reason', async () => {
    const { app } = await setup();
    const pending = await login(app, 'nouveau@demo.chassimmo.fr');
    expect(pending.status).toBe(403);
    expect(pending.body).toMatchObject({ success: false, reason: 'not-confirmed' });
    const archived = await login(app, 'archive@demo.chassimmo.fr');
    expect(archived.status).toBe(403);
    expect(archived.body).toMatchObject({ success: false, reason: 'archived' });
  });

  it('answers 429 to the sixth failed attempt, even with the right password then', async () => {
    const { app } = await setup();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await login(app, 'manager@demo.chassimmo.fr', `Faux${i}abc`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const sixth = await login(app, 'manager@demo.chassimmo.fr');
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/Trop de tentatives/);
  });

  it.each([
    ['a missing password', { username: 'client@demo.chassimmo.fr' }],
    ['wrong types', { username: 42, password: ['x'] }],
    ['an empty body', {}],
  ])('answers 400 in French to %s', async (_label, payload) => {
    const { app } = await setup();
    const { status, body } = await post(app, '/api/login', payload);
    expect(status).toBe(400);
    expect(body.message).toMatch(/champs sont invalides/);
  });

  it('answers 400 to a body that is not JSON, and 415 to a form post', async () => {
    const { app } = await setup();
    expect((await post(app, '/api/login', '{nope')).status).toBe(400);
    const form = await app.request('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=a&password=b',
    });
    expect(form.status).toBe(415);
  });
});

describe('tokens on protected calls', () => {
  it('returns the current user for a valid token', async () => {
    const { app } = await setup();
    const token = await tokenOf(app, 'client@demo.chassimmo.fr');
    const { status, body } = await call(app, '/api/user', bearer(token));
    expect(status).toBe(200);
    expect(body).toMatchObject({ email: 'client@demo.chassimmo.fr', roles: [1], childrenCount: 0 });
    expect(Object.keys(body).sort()).toEqual(
      [
        '_id',
        'address',
        'childrenCount',
        'email',
        'firstname',
        'idChasseur',
        'isActive',
        'isArchived',
        'lastname',
        'phone',
        'roles',
      ].sort(),
    );
  });

  it('answers 401 without a token, to a malformed one and to a forged signature', async () => {
    const { app, db } = await setup();
    expect((await call(app, '/api/user')).status).toBe(401);
    expect((await call(app, '/api/user', bearer('pas.un.jeton'))).status).toBe(401);
    const subject = tokenSubject((await new UsersRepo(db).findByEmail('admin@demo.chassimmo.fr'))!);
    const forged = await new TokenService(db, randomBytes(32)).issue(subject);
    const res = await call(app, '/api/user', bearer(forged.token));
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/session a expiré ou n’est pas valide/);
  });

  it('answers 401 to an unsigned token (alg: none)', async () => {
    const { app, db } = await setup();
    const user = tokenSubject((await new UsersRepo(db).findByEmail('admin@demo.chassimmo.fr'))!);
    const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: user.id, jti: 'x', exp: now + 3600, roles: [5], sv: 0 })}.`;
    expect((await call(app, '/api/user', bearer(unsigned))).status).toBe(401);
    // Signed with the right key but another algorithm: refused too.
    const hs512 = await new SignJWT({ roles: [5], sv: 0 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(user.id)
      .setJti('y')
      .setExpirationTime(now + 3600)
      .sign(current!.jwtSecret);
    expect((await call(app, '/api/user', bearer(hs512))).status).toBe(401);
  });

  it('answers 401 to an expired token', async () => {
    const { app, db, jwtSecret } = await setup();
    const subject = tokenSubject(
      (await new UsersRepo(db).findByEmail('client@demo.chassimmo.fr'))!,
    );
    const eightDaysAgo = Date.now() - 8 * 24 * 3600 * 1000;
    const { token } = await new TokenService(db, jwtSecret, () => eightDaysAgo).issue(subject);
    expect((await call(app, '/api/user', bearer(token))).status).toBe(401);
  });

  it('answers 401 to a token after logout revoked it', async () => {
    const { app } = await setup();
    const token = await tokenOf(app, 'client@demo.chassimmo.fr');
    const logout = await app.request('/api/auth/logout', { method: 'POST', ...bearer(token) });
    expect(logout.status).toBe(204);
    expect((await call(app, '/api/user', bearer(token))).status).toBe(401);
    expect(
      (await call(app, '/api/user', bearer(await tokenOf(app, 'client@demo.chassimmo.fr')))).status,
    ).toBe(200);
  });
});

describe('roles on the server', () => {
  it('answers 403 to a client calling an admin endpoint, 200 to the admin', async () => {
    const { app } = await setup();
    const client = await call(
      app,
      '/api/admin/users',
      bearer(await tokenOf(app, 'client@demo.chassimmo.fr')),
    );
    expect(client.status).toBe(403);
    expect(client.body.message).toMatch(/pas accès/);
    const admin = await app.request(
      '/api/admin/users',
      bearer(await tokenOf(app, 'admin@demo.chassimmo.fr')),
    );
    expect(admin.status).toBe(200);
    const list = ((await admin.json()) as { items: { email: string }[] }).items;
    expect(list.map((u) => u.email)).toContain('client@demo.chassimmo.fr');
    bodies.push(JSON.stringify(list));
  });

  it('answers 403 when the {role} segment is not one of the caller’s roles', async () => {
    const { app } = await setup();
    const token = await tokenOf(app, 'chasseur@demo.chassimmo.fr');
    const res = await call(app, '/api/admin/changepassword', {
      ...postJson({ oldPassword: DEMO_PASSWORD, newPassword: 'Nouveau123' }),
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
    const unknownRole = await call(app, '/api/pirate/update/', { method: 'PUT', ...bearer(token) });
    expect(unknownRole.status).toBe(403);
  });
});

describe('own account', () => {
  const withToken = (token: string, init: RequestInit): RequestInit => ({
    ...init,
    headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` },
  });

  it('changes the password after checking the current one, with the spec’s messages', async () => {
    const { app, mails } = await setup();
    const token = await tokenOf(app, 'client@demo.chassimmo.fr');
    const wrongOld = await call(
      app,
      '/api/client/changepassword',
      withToken(token, postJson({ oldPassword: 'Faux1234', newPassword: 'Nouveau123' })),
    );
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.fieldErrors).toEqual({
      oldPassword: 'Le mot de passe actuel est incorrect.',
    });
    const weak = await call(
      app,
      '/api/client/changepassword',
      withToken(token, postJson({ oldPassword: DEMO_PASSWORD, newPassword: 'faible' })),
    );
    expect(weak.status).toBe(400);
    expect((weak.body.fieldErrors as Record<string, string>).newPassword).toBe(
      passwordMessages.uppercase,
    );
    const ok = await call(
      app,
      '/api/client/changepassword',
      withToken(token, postJson({ oldPassword: DEMO_PASSWORD, newPassword: 'Nouveau123' })),
    );
    expect(ok.status).toBe(200);
    expect((await login(app, 'client@demo.chassimmo.fr', 'Nouveau123')).status).toBe(200);
    expect((await mails.list('client@demo.chassimmo.fr'))[0]?.subject).toMatch(/a été modifié/);
  });

  it('updates the profile fields and refuses a bad phone', async () => {
    const { app } = await setup();
    const token = await tokenOf(app, 'chasseur@demo.chassimmo.fr');
    const update = (body: unknown) =>
      call(app, '/api/chasseur/update/', withToken(token, { ...postJson(body), method: 'PUT' }));
    const ok = await update({
      _id: 'pirate',
      lastname: 'Durand',
      firstname: 'Charles',
      phone: '07 98 76 54 32',
      address: '3 rue de la Paix, Paris',
      childrenCount: 2,
      roles: [5],
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      lastname: 'Durand',
      phone: '07 98 76 54 32',
      childrenCount: 2,
      roles: [2],
    });
    expect(ok.body._id).not.toBe('pirate');
    const bad = await update({ lastname: 'Durand', firstname: 'Charles', phone: '123' });
    expect(bad.status).toBe(400);
    expect((bad.body.fieldErrors as Record<string, string>).phone).toMatch(
      /numéro français valide/,
    );
  });
});

describe('activation and password reset by e-mail', () => {
  const codeFrom = (link: string | undefined, prefix: string) => link?.split(`${prefix}/`)[1] ?? '';

  it('sends a new confirmation link that confirms the account and signs in, once', async () => {
    const { app, mails } = await setup();
    const answer = await post(app, '/api/auth/resend-activation', {
      email: 'nouveau@demo.chassimmo.fr',
    });
    const unknown = await post(app, '/api/auth/resend-activation', {
      email: 'personne@exemple.fr',
    });
    expect(answer).toEqual(unknown);
    const mail = (await mails.list('nouveau@demo.chassimmo.fr'))[0];
    expect(mail?.subject).toMatch(/Confirmez votre inscription/);
    expect(mail?.html).toContain('Bonjour Noé');
    const code = codeFrom(mail?.links[0], '/activation');
    expect(mail?.links[0]).toMatch(/^http:\/\/127\.0\.0\.1:3000\/activation\/[\w-]{43}$/);

    const activated = await post(app, '/api/auth/activate', { code });
    expect(activated.status).toBe(200);
    expect(activated.body.user).toMatchObject({
      email: 'nouveau@demo.chassimmo.fr',
      isActive: true,
    });
    expect((await call(app, '/api/user', bearer(activated.body.token as string))).status).toBe(200);
    expect((await login(app, 'nouveau@demo.chassimmo.fr')).status).toBe(200);

    const again = await post(app, '/api/auth/activate', { code });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ reason: 'invalid-code' });
  });

  it('resets a forgotten password through the e-mailed link, under the password rules', async () => {
    const { app, mails } = await setup();
    const answer = await post(app, '/api/auth/forgot-password', {
      email: 'directeur@demo.chassimmo.fr',
    });
    const unknown = await post(app, '/api/auth/forgot-password', { email: 'personne@exemple.fr' });
    expect(answer).toEqual(unknown);
    expect(await mails.list('personne@exemple.fr')).toEqual([]);
    const token = codeFrom(
      (await mails.list('directeur@demo.chassimmo.fr'))[0]?.links[0],
      '/reinitialiser-mot-de-passe',
    );

    const reset = (password: string, passwordConfirm = password) =>
      post(app, '/api/auth/reset-password', { token, password, passwordConfirm });
    const mismatch = await reset('Nouveau123', 'Nouveau124');
    expect(mismatch.status).toBe(400);
    expect((mismatch.body.fieldErrors as Record<string, string>).passwordConfirm).toBe(
      passwordMessages.mismatch,
    );
    const weak = await reset('abc');
    expect((weak.body.fieldErrors as Record<string, string>).password).toBe(
      passwordMessages.minLength,
    );

    const ok = await reset('Nouveau123');
    expect(ok.status).toBe(200);
    expect((await login(app, 'directeur@demo.chassimmo.fr', 'Nouveau123')).status).toBe(200);
    expect((await login(app, 'directeur@demo.chassimmo.fr')).status).toBe(401);
    const reused = await post(app, '/api/auth/reset-password', {
      token,
      password: 'Autre1234',
      passwordConfirm: 'Autre1234',
    });
    expect(reused.status).toBe(400);
  });

  it('builds links on the configured public address in production, never on the Host header', async () => {
    const { app, mails } = await setup({ NODE_ENV: 'production' });
    await app.request('/api/auth/forgot-password', {
      ...postJson({ email: 'client@demo.chassimmo.fr' }),
      headers: { 'Content-Type': 'application/json', Host: 'pirate.example' },
    });
    expect((await mails.list('client@demo.chassimmo.fr'))[0]?.links[0]).toMatch(
      /^https:\/\/www\.chassimmo\.fr\/reinitialiser-mot-de-passe\//,
    );
  });
});

describe('answers', () => {
  it('never contain a password hash', () => {
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) {
      expect(body).not.toMatch(/scrypt\$|password_hash|passwordHash/);
    }
  });
});
