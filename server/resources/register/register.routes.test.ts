import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validRegistration } from '../../../src/domain/buyer-signup.fixture';
import { passwordMessages } from '../../../src/domain/password';
import type { Db } from '../../db/database';
import { closeAfterEach, fieldErrorsOf, makeTestApp, postJson } from '../../test-app';

type App = Awaited<ReturnType<typeof makeTestApp>>;
const keep = closeAfterEach();
const setup = async () => keep(await makeTestApp({ seed: true }));

function register(app: App['app'], body: unknown, key: string | null = randomUUID()) {
  return app.request('/api/register', postJson(body, key ? { 'Idempotency-Key': key } : {}));
}

async function countFor(db: Db, email: string) {
  const users = await db.selectFrom('app_user').select('id').where('email', '=', email).execute();
  const projects = users.length
    ? await db
        .selectFrom('buyer_project')
        .select('id')
        .where(
          'user_id',
          'in',
          users.map((u) => u.id),
        )
        .execute()
    : [];
  return { users: users.length, projects: projects.length };
}

describe('POST /api/register', () => {
  it('creates an unconfirmed client and its project at VALIDATION, and sends the confirmation e-mail', async () => {
    const { app, db, mails } = await setup();
    const res = await register(app, validRegistration);
    expect(res.status).toBe(201);
    const user = await db
      .selectFrom('app_user')
      .selectAll()
      .where('email', '=', 'lea.bernard@exemple.fr')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      is_active: 0,
      roles: '[1]',
      lastname: 'Bernard',
      phone: '07 11 22 33 44',
    });
    expect(user.password_hash).toMatch(/^scrypt\$/);
    const project = await db
      .selectFrom('buyer_project')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(project).toMatchObject({
      stage: 'VALIDATION',
      partner_code: 'COURTIER-42',
      person_count: 2,
      departments: '["94","92"]',
      type_achat: '[1,4]',
      budget: 650000,
      apport: 3,
      with_bank: 1,
    });
    const mail = (await mails.list('lea.bernard@exemple.fr'))[0];
    expect(mail?.links[0]).toMatch(/\/activation\/[\w-]{43}$/);
  });

  it('follows the confirmation link into a session that sees the project', async () => {
    const { app, mails } = await setup();
    await register(app, validRegistration);
    const code = (await mails.list('lea.bernard@exemple.fr'))[0]?.links[0]?.split(
      '/activation/',
    )[1];
    const activated = (await (
      await app.request('/api/auth/activate', postJson({ code }))
    ).json()) as { token: string };
    const res = await app.request('/api/projects/mine', {
      headers: { Authorization: `Bearer ${activated.token}` },
    });
    const projects = (await res.json()) as {
      stage: string;
      stageLabel: string;
      cities: string[];
    }[];
    expect(projects).toHaveLength(1);
    expect(projects[0]).toMatchObject({
      stage: 'VALIDATION',
      stageLabel: 'En cours de validation',
      cities: ['Vincennes', 'Boulogne-Billancourt'],
    });
  });

  it('creates one account for the same key sent twice', async () => {
    const { app, db, mails } = await setup();
    const key = randomUUID();
    const first = await register(app, validRegistration, key);
    const second = await register(app, validRegistration, key);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await second.json()).toEqual(await first.json());
    expect(await countFor(db, 'lea.bernard@exemple.fr')).toEqual({ users: 1, projects: 1 });
    expect(await mails.list('lea.bernard@exemple.fr')).toHaveLength(1);
  });

  it('answers 409 with a French message to an e-mail already registered', async () => {
    const { app, db } = await setup();
    const res = await register(app, { ...validRegistration, email: 'client@demo.chassimmo.fr' });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { message: string; fieldErrors: Record<string, string> };
    expect(body.fieldErrors.email).toMatch(/Un compte existe déjà/);
    expect(await countFor(db, 'client@demo.chassimmo.fr')).toEqual({ users: 1, projects: 0 });
  });

  it('refuses a weak password on the server too, with the spec’s message', async () => {
    const { app, db } = await setup();
    const res = await register(app, {
      ...validRegistration,
      password: 'maison2026',
      passwordConfirm: 'maison2026',
    });
    expect((await fieldErrorsOf(res)).password).toBe(passwordMessages.uppercase);
    expect(await countFor(db, 'lea.bernard@exemple.fr')).toEqual({ users: 0, projects: 0 });
  });

  it.each([
    [
      'no department',
      { ...validRegistration, project: { ...validRegistration.project, department: [] } },
      'project.department',
    ],
    [
      'a budget under 20 000 €',
      { ...validRegistration, project: { ...validRegistration.project, budget: 1000 } },
      'project.budget',
    ],
    ['a missing project', { ...validRegistration, project: undefined }, 'project'],
    ['a bad phone', { ...validRegistration, phone: '06' }, 'phone'],
    [
      'different passwords',
      { ...validRegistration, passwordConfirm: 'Maison2027' },
      'passwordConfirm',
    ],
    [
      'markup in the description',
      { ...validRegistration, project: { ...validRegistration.project, description: '<b>x</b>' } },
      'project.description',
    ],
  ])('answers 400 in French to %s', async (_label, body, field) => {
    const { app, db } = await setup();
    const fields = await fieldErrorsOf(await register(app, body));
    expect(fields[field]).toBeTruthy();
    expect(await countFor(db, 'lea.bernard@exemple.fr')).toEqual({ users: 0, projects: 0 });
  });

  it('needs an Idempotency-Key and a signed-in caller for its project list', async () => {
    const { app } = await setup();
    expect((await register(app, validRegistration, null)).status).toBe(400);
    expect((await app.request('/api/projects/mine')).status).toBe(401);
  });
});
