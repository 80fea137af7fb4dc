import { describe, expect, it } from 'vitest';
import { validRegistration } from '../../../src/domain/buyer-signup.fixture';
import type { BuyerProject } from '../../../src/domain/buyer-signup.schema';
import { DEMO_PASSWORD } from '../../db/seed';
import { insertBuyerProject } from '../buyers/buyer-projects.repo';
import { givePriorMandate } from '../mandates/test-mandates';
import { closeAfterEach, postJson } from '../../test-app';
import { ALL_CALLERS, staffTestApp } from '../../staff/test-staff';

const keep = closeAfterEach();

/** The demo client (the demo chasseur's) with one project at VALIDATION. */
async function setup() {
  const t = keep(await staffTestApp());
  await t.db
    .transaction()
    .execute((trx) =>
      insertBuyerProject(trx, t.ids.client, validRegistration.project as BuyerProject, undefined),
    );
  const project = await t.db
    .selectFrom('buyer_project')
    .select(['id', 'version'])
    .where('user_id', '=', t.ids.client)
    .executeTakeFirstOrThrow();
  return { t, projectId: project.id };
}

const criteria = (version: number, changes: Partial<BuyerProject> = {}) => ({
  ...validRegistration.project,
  ...changes,
  version,
});

describe('client area: who may call', () => {
  it('serves the client their own data only: 401 without a valid token, 403 for staff', async () => {
    const { t, projectId } = await setup();
    for (const [method, path, body] of [
      ['GET', '/api/client/overview'],
      ['GET', '/api/client/export'],
      ['POST', '/api/client/delete-account', { password: 'x' }],
    ] as const) {
      for (const caller of ALL_CALLERS) {
        if (caller === 'client') continue;
        const { status } = await t.call(caller, method, path, body);
        expect(status, `${caller} ${path}`).toBe(
          caller === 'anonymous' || caller === 'forged' ? 401 : 403,
        );
      }
    }
    // Another client's project, by id: not found.
    const other = await t.db
      .selectFrom('app_user')
      .select('id')
      .where('email', '=', 'nouveau@demo.chassimmo.fr')
      .executeTakeFirstOrThrow();
    await t.db
      .transaction()
      .execute((trx) =>
        insertBuyerProject(trx, other.id, validRegistration.project as BuyerProject, undefined),
      );
    const foreign = await t.db
      .selectFrom('buyer_project')
      .select('id')
      .where('user_id', '=', other.id)
      .executeTakeFirstOrThrow();
    const res = await t.app.request(
      `/api/client/projects/${foreign.id}/criteria`,
      postJson(criteria(1), {
        ...t.headers.client,
        'Idempotency-Key': 'criteria-foreign-0123456789',
      }),
    );
    expect(res.status).toBe(404);
    expect(projectId).not.toBe(foreign.id);
  });
});

describe('Mon projet', () => {
  it('shows the timeline at the stage the hunter set, the hunter, and only the notes meant for the client', async () => {
    const { t, projectId } = await setup();
    // Issue 30: « Mandat signé » needs a signed mandate (signed before, as the demo's).
    await givePriorMandate(t.db, t.ids.client, projectId);
    await t.call('chasseur', 'POST', `/api/staff/projects/${projectId}/stage`, {
      to: 'MANDAT',
      note: 'Mandat signé',
      version: 1,
    });
    for (const [text, visibleToClient, key] of [
      ['Visite samedi à 10 h, 12 rue des Lilas', true, 'note-visible-0123456789'],
      ['Client hésitant sur le budget', false, 'note-internal-0123456789'],
    ] as const)
      await t.app.request(
        '/api/staff/notes',
        postJson(
          { recordType: 'buyer', recordId: t.ids.client, text, visibleToClient },
          { ...t.headers.chasseur, 'Idempotency-Key': key },
        ),
      );
    const { status, body } = await t.call('client', 'GET', '/api/client/overview');
    expect(status).toBe(200);
    expect(body.projects[0].stage).toBe('MANDAT');
    expect(body.projects[0].timeline.map((s: { stage: string }) => s.stage)).toEqual([
      'VALIDATION',
      'MANDAT',
    ]);
    expect(body.hunter).toMatchObject({ firstname: 'Charles', initials: 'CC' });
    expect(body.callbackBefore).toBeNull();
    expect(body.messages.map((m: { text: string }) => m.text)).toEqual([
      'Visite samedi à 10 h, 12 rue des Lilas',
    ]);
  });
});

describe('Mes critères', () => {
  it('saves with the wizard’s schema once per key, bumps the version, and the hunter sees the change', async () => {
    const { t, projectId } = await setup();
    const send = (body: unknown, key: string) =>
      t.app.request(
        `/api/client/projects/${projectId}/criteria`,
        postJson(body, { ...t.headers.client, 'Idempotency-Key': key }),
      );
    const edit = criteria(1, { budget: 720000, cities: ['Vincennes', 'Saint-Mandé'] });
    const first = await send(edit, 'criteria-edit-0123456789');
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ budget: 720000, version: 2 });
    // The same edit replayed by the outbox: the first answer again, nothing changed twice.
    const replay = await send(edit, 'criteria-edit-0123456789');
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    const stale = await send(criteria(1, { budget: 1 }), 'criteria-stale-0123456789');
    expect(stale.status).toBe(400);
    const staleVersion = await send(criteria(1, { budget: 500000 }), 'criteria-stale2-0123456789');
    expect(staleVersion.status).toBe(409);
    expect(await staleVersion.json()).toMatchObject({ current: { budget: 720000, version: 2 } });

    const fiche = await t.call('chasseur', 'GET', `/api/staff/buyers/${t.ids.client}`);
    expect(fiche.body.projects[0]).toMatchObject({
      budget: 720000,
      cities: ['Vincennes', 'Saint-Mandé'],
    });
    expect(fiche.body.audit[0]).toMatchObject({ action: 'criteria', actorName: 'Claire Cliente' });
    const searched = await t.call('chasseur', 'GET', '/api/staff/buyers?q=saint-mande');
    expect(searched.body.items).toHaveLength(1);
  });
});

describe('Mon compte: RGPD', () => {
  it('exports everything stored about the client as a JSON download, and says so by e-mail', async () => {
    const { t } = await setup();
    const { status, body, res } = await t.call('client', 'GET', '/api/client/export');
    expect(status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(body.account).toMatchObject({ email: 'client@demo.chassimmo.fr', firstname: 'Claire' });
    expect(body.projects).toHaveLength(1);
    expect(body.account).not.toHaveProperty('password_hash');
    expect(JSON.stringify(body)).not.toMatch(/scrypt\$/);
    expect(await t.mails.list('client@demo.chassimmo.fr')).toHaveLength(1);
    // Taken again and again: the file each time, three e-mails an hour at most.
    for (let i = 0; i < 5; i++)
      expect((await t.call('client', 'GET', '/api/client/export')).status).toBe(200);
    expect(await t.mails.list('client@demo.chassimmo.fr')).toHaveLength(3);
  });

  it('deletes the account only with the password: anonymised, signed out, sign-in impossible, shown deleted to staff', async () => {
    const { t } = await setup();
    const wrong = await t.call('client', 'POST', '/api/client/delete-account', {
      password: 'Mauvais1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors.password).toMatch(/incorrect/);
    const done = await t.call('client', 'POST', '/api/client/delete-account', {
      password: DEMO_PASSWORD,
    });
    expect(done.status).toBe(200);
    expect((await t.call('client', 'GET', '/api/client/overview')).status).toBe(401);
    const login = await t.app.request(
      '/api/login',
      postJson({ username: 'client@demo.chassimmo.fr', password: DEMO_PASSWORD }),
    );
    expect(((await login.json()) as { success?: boolean }).success).not.toBe(true);
    const mails = await t.mails.list('client@demo.chassimmo.fr');
    expect(mails.map((m) => m.subject)).toContain('Votre compte Chassimmo est supprimé');
    const listed = await t.call('manager', 'GET', '/api/staff/buyers?archived=1');
    expect(listed.body.items[0]).toMatchObject({
      isDeleted: true,
      firstname: 'Compte',
      email: expect.stringMatching(/\.invalid$/),
    });
  });
});
