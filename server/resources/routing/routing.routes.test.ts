import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { validOwnerSubmission } from '../../../src/domain/owner-questionnaire.fixture';
import {
  CLAIMABLE_PATH,
  claimPath,
  hunterAvailabilityPath,
  NOTIFICATIONS_PATH,
  NOTIFICATIONS_READ_PATH,
  ROUTING_PATH,
} from '../../../src/domain/api/routing';
import { Role } from '../../../src/domain/roles';
import { TokenService } from '../../auth/tokens';
import { addBuyer } from '../../staff/test-records';
import { staffTestApp } from '../../staff/test-staff';
import { UsersRepo } from '../users/users.repo';
import { setAvailability } from './routing.repo';

type App = Awaited<ReturnType<typeof staffTestApp>>;
let current: App | undefined;
afterEach(async () => {
  await current?.db.destroy();
  current = undefined;
});

async function postLead(t: App) {
  const res = await t.app.request('/api/public/biens', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify(validOwnerSubmission),
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const row = await t.db
    .selectFrom('owner_property as p')
    .innerJoin('owner_contact as c', 'c.id', 'p.contact_id')
    .select(['c.id', 'c.assigned_to'])
    .where('p.id', '=', id)
    .executeTakeFirstOrThrow();
  return row;
}

/** « Rappel 0 » and « Rappel 1 » for the chasseur, « Rappel 2 » for the manager: their ids. */
async function threeNotifications(t: Awaited<ReturnType<typeof staffTestApp>>) {
  const ids: number[] = [];
  for (const [i, who] of [t.ids.chasseur, t.ids.chasseur, t.ids.manager].entries()) {
    const row = await t.db
      .insertInto('staff_notification')
      .values({
        user_id: who,
        kind: 'reminder-hunter',
        record_type: 'owner',
        record_id: String(i),
        text: `Rappel ${i}`,
        created_at: new Date().toISOString(),
        read_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

describe('routing API', () => {
  it('the managers choose the rule; a posted lead is routed and audited; reminders planned', async () => {
    const t = (current = await staffTestApp());
    expect((await t.call('chasseur', 'GET', ROUTING_PATH)).body).toEqual({
      rule: 'manual',
      updatedAt: null,
    });
    const refused = await t.call('chasseur', 'PUT', ROUTING_PATH, { rule: 'round-robin' });
    expect(refused.status).toBe(403);
    expect((await t.call('manager', 'PUT', ROUTING_PATH, { rule: 'partout' })).status).toBe(400);
    const chosen = await t.call('manager', 'PUT', ROUTING_PATH, { rule: 'round-robin' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.rule).toBe('round-robin');

    // Nobody covers the 94 yet: the lead is left to the managers.
    expect((await postLead(t)).assigned_to).toBeNull();

    // The hunter says which departments they cover (another hunter could not).
    const path = hunterAvailabilityPath(t.ids.chasseur);
    expect(
      (await t.call('client', 'PUT', path, { departments: ['94'], absent: false })).status,
    ).toBe(403);
    const set = await t.call('chasseur', 'PUT', path, { departments: ['94', '75'], absent: false });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ departments: ['75', '94'], absent: false });
    expect((await t.call('manager', 'GET', path)).body).toEqual(set.body);
    expect(
      (
        await t.call('manager', 'PUT', hunterAvailabilityPath(t.ids.manager), {
          departments: [],
          absent: true,
        })
      ).status,
    ).toBe(404);

    const lead = await postLead(t);
    expect(lead.assigned_to).toBe(t.ids.chasseur);
    const trail = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'after'])
      .where('record_type', '=', 'owner')
      .where('record_id', '=', String(lead.id))
      .execute();
    expect(trail).toEqual([
      {
        actor_id: null,
        action: 'assign',
        after: JSON.stringify({ assigned_to: t.ids.chasseur, rule: 'round-robin' }),
      },
    ]);
    const jobs = await t.db
      .selectFrom('job')
      .select('job_key')
      .where('job_key', 'like', `%:owner:${lead.id}`)
      .execute();
    expect(jobs.map((j) => j.job_key).sort()).toEqual([
      `reminder-hunter:owner:${lead.id}`,
      `reminder-managers:owner:${lead.id}`,
    ]);

    // Absent: skipped, the next lead waits for the managers.
    await t.call('manager', 'PUT', path, { departments: ['94'], absent: true });
    expect((await postLead(t)).assigned_to).toBeNull();
  });

  it('« Je le prends »: one claim wins, the second is refused in French', async () => {
    const t = (current = await staffTestApp());
    await t.call('manager', 'PUT', ROUTING_PATH, { rule: 'claim' });
    await t.call('chasseur', 'PUT', hunterAvailabilityPath(t.ids.chasseur), {
      departments: ['94'],
      absent: false,
    });
    const lead = await postLead(t);
    expect(lead.assigned_to).toBeNull();
    // A second hunter of the 94, signed in.
    const bruno = await new UsersRepo(t.db).create({
      email: 'bruno@exemple.fr',
      passwordHash: 'x',
      firstname: 'Bruno',
      lastname: 'Chasseur',
      roles: [Role.CHASSEUR],
      isActive: true,
    });
    await setAvailability(t.db, bruno.id, { departments: ['94'], absent: false });
    const { token } = await new TokenService(t.db, t.jwtSecret).issue({
      id: bruno.id,
      roles: [Role.CHASSEUR],
      sessionVersion: bruno.session_version,
    });
    const brunoClaims = async () => {
      const res = await t.app.request(claimPath('owner', lead.id), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      });
      return { status: res.status, body: (await res.json()) as { message?: string } };
    };
    const results = await Promise.all([
      t.call('chasseur', 'POST', claimPath('owner', lead.id)),
      brunoClaims(),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const lost = results.find((r) => r.status === 409)!;
    expect(lost.body.message).toBe('Un autre chasseur a déjà pris ce dossier.');
    const won = await t.db
      .selectFrom('owner_contact')
      .select('assigned_to')
      .where('id', '=', lead.id)
      .executeTakeFirstOrThrow();
    expect([t.ids.chasseur, bruno.id]).toContain(won.assigned_to);
    // The winner claiming again is told it is theirs; the loser again refused.
    const first =
      won.assigned_to === bruno.id
        ? await brunoClaims()
        : await t.call('chasseur', 'POST', claimPath('owner', lead.id));
    const second =
      won.assigned_to === bruno.id
        ? await t.call('chasseur', 'POST', claimPath('owner', lead.id))
        : await brunoClaims();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      recordType: 'owner',
      recordId: String(lead.id),
      hunterId: won.assigned_to,
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('Un autre chasseur a déjà pris ce dossier.');
    expect((await t.call('chasseur', 'POST', claimPath('owner', 999_999))).status).toBe(404);
  });

  it('lists the caller’s notifications, newest first', async () => {
    const t = (current = await staffTestApp());
    await threeNotifications(t);
    const res = await t.call('chasseur', 'GET', NOTIFICATIONS_PATH);
    expect(res.status).toBe(200);
    expect(
      res.body.notifications.map((n: { text: string; recordName: string | null }) => [
        n.text,
        n.recordName,
      ]),
    ).toEqual([
      ['Rappel 1', null],
      ['Rappel 0', null],
    ]);
    // The record's name is read when listed, never stored in the line.
    const lead = await postLead(t);
    await t.db
      .updateTable('staff_notification')
      .set({ record_id: String(lead.id) })
      .where('text', '=', 'Rappel 1')
      .execute();
    const named = await t.call('chasseur', 'GET', NOTIFICATIONS_PATH);
    expect(named.body.notifications[0].recordName).toBe(
      `${validOwnerSubmission.contact.firstname} ${validOwnerSubmission.contact.lastname}`,
    );
    expect((await t.call('client', 'GET', NOTIFICATIONS_PATH)).status).toBe(403);
  });

  it('lists the records a hunter may take under « Je le prends », without their names', async () => {
    const t = (current = await staffTestApp());
    const lead = await postLead(t);
    // Under the default rule nothing is to take.
    const manual = await t.call('chasseur', 'GET', CLAIMABLE_PATH);
    expect(manual.status).toBe(200);
    expect(manual.body).toEqual({ rule: 'manual', absent: false, departments: [], records: [] });

    await t.call('manager', 'PUT', ROUTING_PATH, { rule: 'claim' });
    await t.call('chasseur', 'PUT', hunterAvailabilityPath(t.ids.chasseur), {
      departments: ['75', '92', '93', '94', '91'],
      absent: false,
    });
    // A buyer of the 94 without a hunter is to take too.
    const buyer = await addBuyer(t.db, 'Camille', null);
    const open = await t.call('chasseur', 'GET', CLAIMABLE_PATH);
    expect(open.body.rule).toBe('claim');
    const records = open.body.records as { recordType: string; recordId: string }[];
    const owner = records.find((r) => r.recordType === 'owner' && r.recordId === String(lead.id));
    expect(owner).toMatchObject({ department: '94', city: expect.any(String) });
    expect(records.some((r) => r.recordType === 'buyer' && r.recordId === buyer.userId)).toBe(true);
    expect(JSON.stringify(open.body)).not.toContain(validOwnerSubmission.contact.lastname);

    // Taken, it leaves the list; absent, the hunter has nothing to take.
    expect((await t.call('chasseur', 'POST', claimPath('owner', lead.id))).status).toBe(200);
    const after = await t.call('chasseur', 'GET', CLAIMABLE_PATH);
    expect(
      (after.body.records as { recordId: string }[]).some((r) => r.recordId === String(lead.id)),
    ).toBe(false);
    await t.call('chasseur', 'PUT', hunterAvailabilityPath(t.ids.chasseur), {
      departments: ['94'],
      absent: true,
    });
    expect((await t.call('chasseur', 'GET', CLAIMABLE_PATH)).body).toMatchObject({
      absent: true,
      records: [],
    });
    expect((await t.call('client', 'GET', CLAIMABLE_PATH)).status).toBe(403);
  });

  it('marks the caller’s notifications read, one or all, never someone else’s', async () => {
    const t = (current = await staffTestApp());
    const ids = await threeNotifications(t);
    expect((await t.call('chasseur', 'GET', NOTIFICATIONS_PATH)).body.unread).toBe(2);
    expect(
      (await t.call('chasseur', 'POST', NOTIFICATIONS_READ_PATH, { ids: ['un'] })).status,
    ).toBe(400);
    // The manager's id among them is left alone.
    const one = await t.call('chasseur', 'POST', NOTIFICATIONS_READ_PATH, {
      ids: [ids[0], ids[2]],
    });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ unread: 1 });
    const listed = await t.call('chasseur', 'GET', NOTIFICATIONS_PATH);
    expect(
      listed.body.notifications.map((n: { text: string; readAt: string | null }) => [
        n.text,
        n.readAt === null,
      ]),
    ).toEqual([
      ['Rappel 1', true],
      ['Rappel 0', false],
    ]);
    expect((await t.call('chasseur', 'POST', NOTIFICATIONS_READ_PATH, {})).body).toEqual({
      unread: 0,
    });
    expect((await t.call('manager', 'GET', NOTIFICATIONS_PATH)).body.unread).toBe(1);
    expect((await t.call('client', 'POST', NOTIFICATIONS_READ_PATH, {})).status).toBe(403);
  });
});
