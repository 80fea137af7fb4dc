import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validRegistration } from '../../../src/domain/buyer-signup.fixture';
import type { BuyerProject } from '../../../src/domain/buyer-signup.schema';
import { staffApps } from '../../staff/test-staff';
import { insertBuyerProject } from './buyer-projects.repo';
import { postJson } from '../../test-app';

const open = staffApps();

/** The demo app and the demo client (the demo hunter's) with one project. */
async function setup() {
  const t = await open();
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
  return { t, projectId: project.id, version: project.version };
}

describe('« Aujourd’hui »: what the clients did', () => {
  it('shows a client’s criteria edit to their hunter and the team until someone says « Vu »', async () => {
    const { t, projectId, version } = await setup();
    const before = await t.call('chasseur', 'GET', '/api/staff/today');
    expect(before.body.criteria).toEqual([]);
    const edit = await t.app.request(
      `/api/client/projects/${projectId}/criteria`,
      postJson(
        { ...validRegistration.project, budget: 720000, version },
        { ...t.headers.client, 'Idempotency-Key': randomUUID() },
      ),
    );
    expect(edit.status).toBe(200);

    const mine = await t.call('chasseur', 'GET', '/api/staff/today');
    expect(mine.body.criteria).toEqual([
      expect.objectContaining({
        userId: t.ids.client,
        clientName: 'Claire Cliente',
        projectId,
        hunterName: 'Charles Chasseur',
      }),
    ]);
    expect((await t.call('manager', 'GET', '/api/staff/today')).body.criteria).toHaveLength(1);

    // « Vu »: only staff who may see the client; then it leaves the day, for everyone.
    const seen = `/api/staff/buyers/${t.ids.client}/criteria-seen`;
    expect((await t.call('client', 'POST', seen)).status).toBe(403);
    expect((await t.call('anonymous', 'POST', seen)).status).toBe(401);
    expect((await t.call('forged', 'POST', seen)).status).toBe(401);
    expect(
      (await t.call('manager', 'POST', `/api/staff/buyers/${randomUUID()}/criteria-seen`)).status,
    ).toBe(404);
    expect((await t.call('chasseur', 'POST', seen)).status).toBe(204);
    expect((await t.call('chasseur', 'GET', '/api/staff/today')).body.criteria).toEqual([]);
    expect((await t.call('manager', 'GET', '/api/staff/today')).body.criteria).toEqual([]);
    const trail = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('record_id', '=', t.ids.client)
      .orderBy('id')
      .execute();
    expect(trail.map((e) => e.action)).toEqual(['criteria', 'criteria-seen']);
  });

  it('lists the documents waiting for review, per client', async () => {
    const { t } = await setup();
    const at = new Date().toISOString();
    for (const kind of ['identite', 'salaires'])
      await t.db
        .insertInto('client_document')
        .values({
          user_id: t.ids.client,
          kind,
          file_id: randomUUID(),
          original_name: `${kind}.pdf`,
          mime: 'application/pdf',
          size: 100,
          status: 'recu',
          reason: null,
          uploaded_at: at,
          reviewed_by: null,
          reviewed_at: null,
        })
        .execute();
    const mine = await t.call('chasseur', 'GET', '/api/staff/today');
    expect(mine.body.documents).toEqual([
      expect.objectContaining({
        userId: t.ids.client,
        clientName: 'Claire Cliente',
        kinds: ['identite', 'salaires'],
        since: at,
      }),
    ]);
    // Reviewed, it leaves the day.
    await t.db.updateTable('client_document').set({ status: 'valide' }).execute();
    expect((await t.call('chasseur', 'GET', '/api/staff/today')).body.documents).toEqual([]);
  });

  it('counts the client’s unread messages, with whose client it is for the team', async () => {
    const { t, projectId } = await setup();
    const sent = await t.app.request(
      `/api/client/projects/${projectId}/messages`,
      postJson(
        { text: 'Bonjour, la visite de samedi tient toujours ?' },
        {
          ...t.headers.client,
          'Idempotency-Key': randomUUID(),
        },
      ),
    );
    expect(sent.status).toBe(201);
    const mine = await t.call('chasseur', 'GET', '/api/staff/today');
    expect(mine.body.messages).toEqual([
      expect.objectContaining({ projectId, clientId: t.ids.client, count: 1 }),
    ]);
    const team = await t.call('manager', 'GET', '/api/staff/today');
    expect(team.body.messages[0]).toMatchObject({ hunterName: 'Charles Chasseur' });
  });
});
