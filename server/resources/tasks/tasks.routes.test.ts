import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isoToParisLocal } from '../../../src/domain/paris-time';
import { Role } from '../../../src/domain/roles';
import { staffApps } from '../../staff/test-staff';
import { addBuyer, addLead } from '../../staff/test-records';
import { signedIn } from '../../test-app';
import { todayView } from '../buyers/today.repo';
import { userSearchColumns } from '../users/users.repo';
import { insertTask } from './tasks.repo';

const open = staffApps();
const HOUR = 3_600_000;

/** The demo app, a buyer and a lead of the demo hunter, and another hunter who has neither. */
async function setup() {
  const t = await open();
  const hunter = await t.db
    .selectFrom('app_user')
    .selectAll()
    .where('id', '=', t.ids.chasseur)
    .executeTakeFirstOrThrow();
  const other = {
    ...hunter,
    id: randomUUID(),
    email: 'autre.chasseur@demo.chassimmo.fr',
    firstname: 'Paul',
    lastname: 'Autre',
    roles: JSON.stringify([Role.CHASSEUR]),
  };
  const { search_text: _s, sort_name: _n, ...columns } = other;
  await t.db
    .insertInto('app_user')
    .values({ ...columns, ...userSearchColumns(other) })
    .execute();
  const otherHunter = await signedIn(t, other.email);
  const buyer = await addBuyer(t.db, 'Tasktest', t.ids.chasseur, { lastname: 'Martin' });
  const leadId = await addLead(t.db, 'Proprio', t.ids.chasseur, 'Vincennes', 'Odile');
  /** A request as a demo caller, or as the other hunter. */
  async function call(
    who: Parameters<typeof t.call>[0] | 'otherHunter',
    method: string,
    path: string,
    body?: unknown,
    key: string | null = randomUUID(),
  ) {
    const headers: Record<string, string> = {
      ...(who === 'otherHunter' ? otherHunter.headers : t.headers[who]),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(key ? { 'Idempotency-Key': key } : {}),
    };
    const res = await t.app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let json: any = text;
    try {
      json = JSON.parse(text);
    } catch {
      // empty
    }
    return { status: res.status, body: json };
  }
  return { t, buyer, leadId, otherHunterId: other.id, call };
}

/** A task's « when » as the form sends it: the Paris local time of `ms`. */
const localOf = (ms: number) => isoToParisLocal(new Date(ms).toISOString());

describe('tasks on a buyer or a lead', () => {
  it('lets the hunter add and tick tasks on their own records, with the audit', async () => {
    const { t, buyer, leadId, call } = await setup();
    const due = localOf(Date.now() + 2 * HOUR);
    const added = await call('chasseur', 'POST', '/api/staff/tasks', {
      recordType: 'buyer',
      recordId: buyer.userId,
      text: '  Rappeler pour la contre-visite  ',
      dueAt: due,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      recordType: 'buyer',
      recordId: buyer.userId,
      text: 'Rappeler pour la contre-visite',
      assigneeId: t.ids.chasseur,
      assigneeName: 'Charles Chasseur',
      createdByName: 'Charles Chasseur',
      doneAt: null,
    });
    expect(isoToParisLocal(added.body.dueAt)).toBe(due);

    const onLead = await call('chasseur', 'POST', '/api/staff/tasks', {
      recordType: 'owner',
      recordId: String(leadId),
      text: 'Envoyer l’estimation',
      dueAt: due,
    });
    expect(onLead.status).toBe(201);

    const list = await call(
      'chasseur',
      'GET',
      `/api/staff/tasks?recordType=buyer&recordId=${buyer.userId}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.open.map((x: { id: number }) => x.id)).toEqual([added.body.id]);
    expect(list.body.done).toEqual([]);

    const done = await call('chasseur', 'POST', `/api/staff/tasks/${added.body.id}/done`, {
      done: true,
    });
    expect(done.status).toBe(200);
    expect(done.body.doneAt).not.toBeNull();
    expect(done.body.doneByName).toBe('Charles Chasseur');
    // Ticked again from another device (another key): nothing changes, no second entry.
    const again = await call('chasseur', 'POST', `/api/staff/tasks/${added.body.id}/done`, {
      done: true,
    });
    expect(again.body.doneAt).toBe(done.body.doneAt);
    const undone = await call('chasseur', 'POST', `/api/staff/tasks/${added.body.id}/done`, {
      done: false,
    });
    expect(undone.body.doneAt).toBeNull();

    const trail = await t.db
      .selectFrom('audit_log')
      .select(['action', 'record_type', 'record_id', 'actor_id'])
      .where('action', 'like', 'task%')
      .orderBy('id')
      .execute();
    expect(trail).toEqual([
      { action: 'task', record_type: 'buyer', record_id: buyer.userId, actor_id: t.ids.chasseur },
      { action: 'task', record_type: 'owner', record_id: String(leadId), actor_id: t.ids.chasseur },
      {
        action: 'task-done',
        record_type: 'buyer',
        record_id: buyer.userId,
        actor_id: t.ids.chasseur,
      },
      {
        action: 'task-undone',
        record_type: 'buyer',
        record_id: buyer.userId,
        actor_id: t.ids.chasseur,
      },
    ]);
  });

  it('stores a task once per key, however many times the outbox replays it', async () => {
    const { t, buyer, call } = await setup();
    const key = randomUUID();
    const body = {
      recordType: 'buyer',
      recordId: buyer.userId,
      text: 'Relancer la banque',
      dueAt: localOf(Date.now() + HOUR),
    };
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('chasseur', 'POST', '/api/staff/tasks', body, key)),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const rows = await t.db.selectFrom('staff_task').select('id').execute();
    expect(rows).toHaveLength(1);
    // The same key with another text is refused, not stored.
    const other = await call(
      'chasseur',
      'POST',
      '/api/staff/tasks',
      { ...body, text: 'Autre' },
      key,
    );
    expect(other.status).toBe(409);
    // Without a key, nothing is stored.
    const keyless = await call('chasseur', 'POST', '/api/staff/tasks', body, null);
    expect(keyless.status).toBe(400);
    expect(await t.db.selectFrom('staff_task').select('id').execute()).toHaveLength(1);
  });

  it('refuses another hunter, a client, anonymous and a forged token; supervisors may', async () => {
    const { t, buyer, leadId, call } = await setup();
    const body = {
      recordType: 'buyer',
      recordId: buyer.userId,
      text: 'Vérifier le financement',
      dueAt: localOf(Date.now() + HOUR),
    };
    const mine = await call('chasseur', 'POST', '/api/staff/tasks', body);
    expect(mine.status).toBe(201);
    const listPath = `/api/staff/tasks?recordType=buyer&recordId=${buyer.userId}`;
    const tickPath = `/api/staff/tasks/${mine.body.id}/done`;

    // Another hunter: as if the record did not exist (404), for reading, adding and ticking.
    expect((await call('otherHunter', 'GET', listPath)).status).toBe(404);
    expect((await call('otherHunter', 'POST', '/api/staff/tasks', body)).status).toBe(404);
    expect(
      (
        await call('otherHunter', 'POST', '/api/staff/tasks', {
          ...body,
          recordType: 'owner',
          recordId: String(leadId),
        })
      ).status,
    ).toBe(404);
    expect((await call('otherHunter', 'POST', tickPath, { done: true })).status).toBe(404);
    // A client (even the buyer themselves), anonymous, a forged token: never.
    for (const who of ['client', 'anonymous', 'forged'] as const) {
      const expected = who === 'client' ? 403 : 401;
      expect((await call(who, 'GET', listPath)).status).toBe(expected);
      expect((await call(who, 'POST', '/api/staff/tasks', body)).status).toBe(expected);
      expect((await call(who, 'POST', tickPath, { done: true })).status).toBe(expected);
    }
    // Forged ids: a task or a record that does not exist, an id that is not one.
    expect(
      (await call('manager', 'POST', '/api/staff/tasks/999999/done', { done: true })).status,
    ).toBe(404);
    expect(
      (await call('manager', 'POST', '/api/staff/tasks/1e3/done', { done: true })).status,
    ).toBe(404);
    expect(
      (await call('manager', 'POST', '/api/staff/tasks', { ...body, recordId: randomUUID() }))
        .status,
    ).toBe(404);
    expect(
      (
        await call('manager', 'POST', '/api/staff/tasks', {
          ...body,
          recordType: 'owner',
          recordId: 'x',
        })
      ).status,
    ).toBe(404);
    // A hunter cannot hand a task to someone else; a supervisor names an active staff member.
    const handed = await call('chasseur', 'POST', '/api/staff/tasks', {
      ...body,
      assigneeId: t.ids.manager,
    });
    expect(handed.status).toBe(403);
    const toClient = await call('manager', 'POST', '/api/staff/tasks', {
      ...body,
      assigneeId: t.ids.client,
    });
    expect(toClient.status).toBe(400);
    expect(toClient.body.fieldErrors.assigneeId).toMatch(/membre actif/);
    for (const who of ['manager', 'directeur', 'admin'] as const) {
      const added = await call(who, 'POST', '/api/staff/tasks', body);
      expect(added.status).toBe(201);
      // By default, the record's hunter must do it.
      expect(added.body.assigneeId).toBe(t.ids.chasseur);
      expect(
        (await call(who, 'POST', `/api/staff/tasks/${added.body.id}/done`, { done: true })).status,
      ).toBe(200);
    }
    expect(await t.db.selectFrom('staff_task').select('id').execute()).toHaveLength(4);
  });

  it('checks what and when: text, a real Paris time, not years away', async () => {
    const { buyer, call } = await setup();
    const base = { recordType: 'buyer', recordId: buyer.userId, text: 'Appeler' };
    const refused = async (body: Record<string, unknown>) => {
      const answer = await call('chasseur', 'POST', '/api/staff/tasks', { ...base, ...body });
      expect(answer.status).toBe(400);
      return answer.body.fieldErrors as Record<string, string>;
    };
    expect((await refused({ text: '  ', dueAt: localOf(Date.now()) })).text).toMatch(/Écrivez/);
    expect((await refused({ text: '<b>x</b>', dueAt: localOf(Date.now()) })).text).toBeTruthy();
    expect((await refused({ dueAt: '2026-02-31T10:00' })).dueAt).toMatch(/n’existe pas/);
    expect((await refused({ dueAt: 'demain' })).dueAt).toMatch(/jour et l’heure/);
    expect((await refused({ dueAt: localOf(Date.now() + 3 * 366 * 24 * HOUR) })).dueAt).toMatch(
      /deux ans/,
    );
  });
});

describe('due tasks on « Aujourd’hui »', () => {
  it('lists the overdue and today’s open tasks of the hunter’s records, not later ones nor done ones', async () => {
    const { t, buyer, leadId, call } = await setup();
    const add = async (text: string, ms: number, recordType = 'buyer') =>
      (
        await call('chasseur', 'POST', '/api/staff/tasks', {
          recordType,
          recordId: recordType === 'buyer' ? buyer.userId : String(leadId),
          text,
          dueAt: localOf(ms),
        })
      ).body as { id: number };
    const overdue = await add('En retard', Date.now() - 3 * 24 * HOUR);
    const overdueLead = await add('En retard aussi', Date.now() - 2 * 24 * HOUR, 'owner');
    await add('Plus tard', Date.now() + 3 * 24 * HOUR);
    const done = await add('Déjà faite', Date.now() - 24 * HOUR);
    await call('chasseur', 'POST', `/api/staff/tasks/${done.id}/done`, { done: true });

    const mine = await call('chasseur', 'GET', '/api/staff/today');
    expect(mine.status).toBe(200);
    expect(mine.body.tasks.map((x: { id: number }) => x.id)).toEqual([overdue.id, overdueLead.id]);
    expect(mine.body.tasks[0]).toMatchObject({ recordName: 'Tasktest Martin', text: 'En retard' });
    expect(mine.body.tasks[1]).toMatchObject({ recordName: 'Odile Proprio' });
    // Another hunter sees none of them; a manager sees the team's, with whose they are.
    expect((await call('otherHunter', 'GET', '/api/staff/today')).body.tasks).toEqual([]);
    const team = await call('manager', 'GET', '/api/staff/today');
    expect(team.body.tasks.map((x: { id: number }) => x.id)).toEqual([overdue.id, overdueLead.id]);
    expect(team.body.tasks[0].assigneeName).toBe('Charles Chasseur');

    // The buyer handed to the other hunter: the tasks follow the file.
    await t.db
      .updateTable('app_user')
      .set({
        id_chasseur: (
          await t.db
            .selectFrom('app_user')
            .select('id')
            .where('email', '=', 'autre.chasseur@demo.chassimmo.fr')
            .executeTakeFirstOrThrow()
        ).id,
      })
      .where('id', '=', buyer.userId)
      .execute();
    expect(
      (await call('otherHunter', 'GET', '/api/staff/today')).body.tasks.map(
        (x: { id: number }) => x.id,
      ),
    ).toEqual([overdue.id]);
    expect(
      (await call('chasseur', 'GET', '/api/staff/today')).body.tasks.map(
        (x: { id: number }) => x.id,
      ),
    ).toEqual([overdueLead.id]);
  });

  it('draws the day in Paris time around midnight and the clock changes', async () => {
    const { t, buyer } = await setup();
    const hunter = { id: t.ids.chasseur, roles: [Role.CHASSEUR] };
    const add = (text: string, dueAt: string) =>
      t.db.transaction().execute((trx) =>
        insertTask(
          trx,
          t.ids.chasseur,
          {
            recordType: 'buyer',
            recordId: buyer.userId,
            text,
            dueAt,
            assigneeId: t.ids.chasseur,
          },
          '2026-11-20T10:00:00.000Z',
        ),
      );
    // Thursday 26 November 2026 in Paris (UTC+1): the day runs from 25 Nov 23:00 UTC to 26 Nov 23:00 UTC.
    await add('mercredi 23 h 30', '2026-11-25T22:30:00.000Z');
    await add('jeudi 0 h 30', '2026-11-25T23:30:00.000Z');
    await add('jeudi 23 h 59', '2026-11-26T22:59:00.000Z');
    await add('vendredi 0 h 00', '2026-11-26T23:00:00.000Z');
    await add('vendredi 0 h 30', '2026-11-26T23:30:00.000Z');
    const texts = async (at: string) =>
      (await todayView(t.db, hunter, Date.parse(at))).tasks.map((x) => x.text);
    // Thursday 00:10 in Paris (Wednesday 23:10 UTC): Wednesday's is overdue, Thursday's are today's.
    expect(await texts('2026-11-25T23:10:00.000Z')).toEqual([
      'mercredi 23 h 30',
      'jeudi 0 h 30',
      'jeudi 23 h 59',
    ]);
    // Wednesday 23:50 in Paris: Thursday's are tomorrow's, not shown yet.
    expect(await texts('2026-11-25T22:50:00.000Z')).toEqual(['mercredi 23 h 30']);
    // Friday 00:00 in Paris: everything up to Friday's end.
    expect(await texts('2026-11-26T23:00:00.000Z')).toHaveLength(5);
    // The night the clocks go back (25 October 2026, 25 hours): 23:30 is still the same day.
    await add('dimanche 23 h 30', '2026-10-25T22:30:00.000Z');
    await add('lundi 0 h 30', '2026-10-25T23:30:00.000Z');
    const sunday = await texts('2026-10-24T22:30:00.000Z');
    expect(sunday).toContain('dimanche 23 h 30');
    expect(sunday).not.toContain('lundi 0 h 30');
  });
});
