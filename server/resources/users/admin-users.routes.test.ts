import { describe, expect, it } from 'vitest';
import { Role } from '../../../src/domain/roles';
import { demoAccounts } from '../../db/seed';
import { postJson } from '../../test-app';
import { ALL_CALLERS, staffApps, type Caller } from '../../staff/test-staff';

const openApp = staffApps();

async function setup() {
  const t = await openApp();
  return t;
}

const newUser = {
  lastname: 'Nouvelle',
  firstname: 'Inès',
  email: 'ines.nouvelle@exemple.fr',
  phone: '06 22 33 44 55',
  roles: [Role.CHASSEUR],
};

/** An admin gives a demo account other roles, on the account's version now. */
async function editDemo(
  t: Awaited<ReturnType<typeof setup>>,
  who: 'admin' | 'manager',
  roles: number[],
) {
  const { lastname, firstname, email } = demoAccounts.find(
    (a) => a.email === `${who}@demo.chassimmo.fr`,
  )!;
  return t.call('admin', 'PUT', `/api/admin/users/${t.ids[who]}`, {
    lastname,
    firstname,
    email,
    roles,
    version: await t.versionOf(t.ids[who]),
  });
}

async function statuses(
  t: Awaited<ReturnType<typeof setup>>,
  method: string,
  path: string,
  body?: unknown,
) {
  const out: Partial<Record<Caller, number>> = {};
  for (const caller of ALL_CALLERS) out[caller] = (await t.call(caller, method, path, body)).status;
  return out;
}

describe('users: who may call what', () => {
  it('matches the table: admin paths for admins, /users and chasseurusers scoped', async () => {
    const t = await setup();
    const adminOnly = {
      chasseur: 403,
      manager: 403,
      directeur: 403,
      client: 403,
      anonymous: 401,
      forged: 401,
    };
    expect(await statuses(t, 'GET', '/api/admin/users')).toEqual({ ...adminOnly, admin: 200 });
    expect(await statuses(t, 'GET', `/api/admin/users/${t.ids.client}`)).toEqual({
      ...adminOnly,
      admin: 200,
    });
    expect(await statuses(t, 'POST', '/api/admin/users', { ...newUser, email: 'x@' })).toEqual({
      ...adminOnly,
      admin: 400,
    });
    expect(await statuses(t, 'PUT', `/api/users/${t.ids.client}`, { isArchived: 'oui' })).toEqual({
      ...adminOnly,
      admin: 400,
    });
    expect(await statuses(t, 'GET', '/api/users')).toEqual({
      chasseur: 200,
      manager: 200,
      directeur: 200,
      admin: 200,
      client: 403,
      anonymous: 401,
      forged: 401,
    });
    // A chasseur sees only their clients, by /users and by chasseurusers (their own id only).
    const mine = await t.call('chasseur', 'GET', '/api/users');
    // The seed gives the demo chasseur the three demo clients; nobody else is listed.
    expect(mine.body.total).toBe(3);
    expect(
      mine.body.items.every((u: { idChasseur: string }) => u.idChasseur === t.ids.chasseur),
    ).toBe(true);
    expect((await t.call('chasseur', 'GET', `/api/${t.ids.chasseur}/chasseurusers`)).status).toBe(
      200,
    );
    expect((await t.call('chasseur', 'GET', `/api/${t.ids.manager}/chasseurusers`)).status).toBe(
      403,
    );
    const byManager = await t.call('manager', 'GET', `/api/${t.ids.chasseur}/chasseurusers`);
    expect(byManager.body.total).toBe(3);
    expect((await t.call('client', 'GET', `/api/${t.ids.chasseur}/chasseurusers`)).status).toBe(
      403,
    );
    expect((await t.call('admin', 'GET', '/api/admin/users?pageSize=1000')).status).toBe(400);
  });
});

describe('admin user management', () => {
  it('creates an account whose person chooses a password by e-mail, and refuses a known e-mail', async () => {
    const t = await setup();
    const created = await t.call('admin', 'POST', '/api/admin/users', newUser);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: 'ines.nouvelle@exemple.fr', isActive: false });
    const mails = await t.mails.list('ines.nouvelle@exemple.fr');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.links[0]).toMatch(/\/reinitialiser-mot-de-passe\//);
    expect((await t.call('admin', 'POST', '/api/admin/users', newUser)).status).toBe(409);
    expect(
      (await t.call('admin', 'POST', `/api/admin/users/${created.body._id}/resend-activation`))
        .status,
    ).toBe(200);
    expect(await t.mails.list('ines.nouvelle@exemple.fr')).toHaveLength(2);
    const trail = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('record_id', '=', created.body._id)
      .execute();
    expect(trail.map((a) => a.action)).toEqual(['user-create']);
  });

  it('archives: the person’s token stops working and sign-in fails; unarchive lets them back', async () => {
    const t = await setup();
    const path = `/api/users/${t.ids.client}`;
    expect((await t.call('client', 'GET', '/api/user')).status).toBe(200);
    const archived = await t.call('admin', 'PUT', path, {
      isArchived: true,
      version: await t.versionOf(t.ids.client),
    });
    expect(archived.status).toBe(200);
    expect(archived.body.isArchived).toBe(true);
    expect((await t.call('client', 'GET', '/api/user')).status).toBe(401);
    const login = await t.app.request(
      '/api/login',
      postJson({ username: 'client@demo.chassimmo.fr', password: 'Demo1234' }),
    );
    expect(((await login.json()) as { success?: boolean }).success).not.toBe(true);
    const back = { isArchived: false, version: await t.versionOf(t.ids.client) };
    expect((await t.call('admin', 'PUT', path, back)).body.isArchived).toBe(false);
  });

  it('keeps one active admin, refuses deleting a user with clients or projects, deletes a bare one', async () => {
    const t = await setup();
    expect(
      (
        await t.call('admin', 'PUT', `/api/users/${t.ids.admin}`, {
          isArchived: true,
          version: await t.versionOf(t.ids.admin),
        })
      ).status,
    ).toBe(409);
    expect((await t.call('admin', 'DELETE', `/api/admin/users/${t.ids.admin}`)).status).toBe(409);
    const demote = await editDemo(t, 'admin', [Role.MANAGER]);
    expect(demote.status).toBe(409);
    // The demo chasseur has a client assigned: archive instead.
    const refused = await t.call('admin', 'DELETE', `/api/admin/users/${t.ids.chasseur}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/archivez-le plutôt/);
    const created = await t.call('admin', 'POST', '/api/admin/users', newUser);
    expect((await t.call('admin', 'DELETE', `/api/admin/users/${created.body._id}`)).status).toBe(
      204,
    );
    expect((await t.call('admin', 'GET', `/api/admin/users/${created.body._id}`)).status).toBe(404);
  });

  it('a change of roles ends the person’s sessions', async () => {
    const t = await setup();
    const res = await editDemo(t, 'manager', [Role.CHASSEUR]);
    expect(res.status).toBe(200);
    expect((await t.call('manager', 'GET', '/api/staff/buyers')).status).toBe(401);
  });
});

describe('versions (issue 25)', () => {
  const manager = {
    lastname: 'Manager',
    firstname: 'Manon',
    email: 'manager@demo.chassimmo.fr',
    roles: [Role.MANAGER],
  };

  it('refuses an edit made on a stale version: 409 with the account now, nothing changed', async () => {
    const t = await setup();
    const path = `/api/admin/users/${t.ids.manager}`;
    expect((await t.call('admin', 'GET', path)).body.version).toBe(1);
    const first = await t.call('admin', 'PUT', path, { ...manager, firstname: 'Léa', version: 1 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ firstname: 'Léa', version: 2 });
    const stale = await t.call('admin', 'PUT', path, { ...manager, firstname: 'Zoé', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/vient d’être modifié par quelqu’un d’autre/);
    expect(stale.body.current).toMatchObject({ _id: t.ids.manager, firstname: 'Léa', version: 2 });
    expect((await t.call('admin', 'GET', path)).body).toMatchObject({
      firstname: 'Léa',
      version: 2,
    });
    const trail = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('record_id', '=', t.ids.manager)
      .execute();
    expect(trail.map((a) => a.action)).toEqual(['user-update']);
    // Without a version, the edit is refused as invalid.
    expect((await t.call('admin', 'PUT', path, manager)).status).toBe(400);
  });

  it('refuses an archive made on a stale version: 409 with the account now, nothing changed', async () => {
    const t = await setup();
    const path = `/api/users/${t.ids.client}`;
    const first = await t.call('admin', 'PUT', path, { isArchived: true, version: 1 });
    expect(first.body).toMatchObject({ isArchived: true, version: 2 });
    const stale = await t.call('admin', 'PUT', path, { isArchived: false, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ _id: t.ids.client, isArchived: true, version: 2 });
    const row = await t.db
      .selectFrom('app_user')
      .select(['is_archived', 'version'])
      .where('id', '=', t.ids.client)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_archived: 1, version: 2 });
  });
});
