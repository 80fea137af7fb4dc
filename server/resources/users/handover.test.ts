import { describe, expect, it } from 'vitest';
import { addBuyer } from '../../staff/test-records';
import { staffApps } from '../../staff/test-staff';
import { addHunter, archive, assignees, hunterWithWork, type App } from './test-handover';

const openApp = staffApps();

const audits = (t: App, action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('archiving a hunter who still has work (issue 29)', () => {
  it('is refused without a target, with the counts in French, and changes nothing', async () => {
    const { t, hunter } = await hunterWithWork(openApp);
    const before = await assignees(t);
    const version = await t.versionOf(hunter);
    const refused = await archive(t, hunter);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Charles Chasseur suit encore 5\u00a0acquéreurs et 2\u00a0propriétaires\u00a0: choisissez à qui les confier.',
    );
    expect(refused.body.error.message).toBe(refused.body.message);
    expect(refused.body.handover).toEqual({ buyers: 5, leads: 2 });
    expect(await assignees(t)).toEqual(before);
    expect(await t.versionOf(hunter)).toBe(version);
    expect(await audits(t, 'user-archive')).toHaveLength(0);
    expect(await t.mails.list()).toHaveLength(0);
    // The hunter can still sign in: their sessions were not ended.
    const me = await t.db
      .selectFrom('app_user')
      .select(['is_archived', 'session_version'])
      .where('id', '=', hunter)
      .executeTakeFirstOrThrow();
    expect(me.is_archived).toBe(0);
  });

  it('refuses a target that cannot take the work: self, a client, an archived or unknown account', async () => {
    const { t, hunter } = await hunterWithWork(openApp);
    const archived = await addHunter(t, 'Ancien', 'Chasseur', { isArchived: true });
    const inactive = await addHunter(t, 'Pas', 'Active', { isActive: false });
    for (const handTo of [hunter, t.ids.client, archived, inactive, 'inconnu']) {
      const answer = await archive(t, hunter, { handTo });
      expect(answer.status, handTo).toBe(400);
      expect(answer.body.fieldErrors.handTo).toBe('Choisissez un chasseur immobilier actif.');
    }
    expect((await archive(t, hunter, { handTo: '' })).status).toBe(400);
    expect(await audits(t, 'user-archive')).toHaveLength(0);
  });

  it('moves every record to the hunter chosen, each with its audit, and mails them once', async () => {
    const { t, hunter, buyers, leads, other } = await hunterWithWork(openApp);
    const karim = await addHunter(t, 'Karim', 'Benali');
    // Two open tasks he had to do, and one done: the open ones go to Karim.
    const task = (done_at: string | null) => ({
      record_type: 'buyer' as const,
      buyer_id: buyers[0]!,
      lead_id: null,
      text: 'Rappeler pour le financement',
      due_at: new Date().toISOString(),
      created_by: hunter,
      created_at: new Date().toISOString(),
      assignee_id: hunter,
      done_at,
      done_by: done_at ? hunter : null,
    });
    await t.db
      .insertInto('staff_task')
      .values([task(null), task(null), task(new Date().toISOString())])
      .execute();
    const before = await assignees(t);
    const done = await archive(t, hunter, { handTo: karim });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ _id: hunter, isArchived: true });

    const after = await assignees(t);
    // Nothing is left with the archived hunter; each of theirs is Karim's, at a new version.
    expect(after.buyers.filter((b) => b.id_chasseur === hunter)).toEqual([]);
    expect(after.leads.filter((l) => l.assigned_to === hunter)).toEqual([]);
    const theirs = before.buyers.filter((b) => b.id_chasseur === hunter);
    expect(theirs).toHaveLength(5);
    for (const b of theirs) {
      const now = after.buyers.find((a) => a.id === b.id)!;
      expect(now).toMatchObject({ id_chasseur: karim, version: b.version + 1 });
    }
    expect(after.leads.filter((l) => leads.includes(l.id)).map((l) => l.assigned_to)).toEqual([
      karim,
      karim,
    ]);
    expect(after.buyers.find((b) => b.id === other.userId)).toBeUndefined();

    // One audit row per record, as a hand-made assignment writes it, and the archive's own.
    const assigned = await audits(t, 'assign');
    expect(assigned).toHaveLength(7);
    for (const id of [...buyers, ...theirs.map((b) => b.id)])
      expect(assigned.find((a) => a.record_type === 'buyer' && a.record_id === id)).toMatchObject({
        before: JSON.stringify({ hunterId: hunter }),
        after: JSON.stringify({ hunterId: karim }),
        actor_id: t.ids.admin,
      });
    for (const id of leads)
      expect(
        assigned.find((a) => a.record_type === 'owner' && a.record_id === String(id)),
      ).toMatchObject({
        before: JSON.stringify({ assigned_to: hunter }),
        after: JSON.stringify({ assigned_to: karim }),
      });
    const [archived] = await audits(t, 'user-archive');
    expect(JSON.parse(archived!.after!)).toEqual({
      isArchived: true,
      toHunterId: karim,
      buyers: 5,
      leads: 2,
      tasks: 2,
    });
    const tasks = await t.db
      .selectFrom('staff_task')
      .select(['assignee_id', 'done_at'])
      .orderBy('id')
      .execute();
    expect(tasks.map((x) => x.assignee_id)).toEqual([karim, karim, hunter]);

    // One mail, to Karim, listing what he received with a link to each fiche.
    const all = await t.mails.list();
    expect(all).toHaveLength(1);
    const [mail] = all;
    expect(mail!.to).toBe('karim.benali@exemple.fr');
    expect(mail!.subject).toBe(
      'Dossiers confiés\u00a0: 5\u00a0acquéreurs et 2\u00a0propriétaires de Charles Chasseur',
    );
    expect(mail!.text).toContain('Elodie Martin (acquéreur)');
    expect(mail!.text).toContain('Paul Durand (acquéreur)');
    expect(mail!.text).toContain('(propriétaire)');
    expect(mail!.links.filter((l) => l.includes('/wh-dashboard/acquereurs/'))).toHaveLength(5);
    expect(mail!.links.filter((l) => l.includes('/wh-dashboard/proprietaires/'))).toHaveLength(2);

    // The lists and « Aujourd’hui » name Karim, never the archived hunter.
    const list = await t.call('manager', 'GET', '/api/staff/buyers?pageSize=100');
    const rows = list.body.items as { userId: string; hunterId: string | null }[];
    expect(rows.some((r) => r.hunterId === hunter)).toBe(false);
    expect(rows.filter((r) => buyers.includes(r.userId)).map((r) => r.hunterId)).toEqual([
      karim,
      karim,
    ]);
    const today = await t.call('manager', 'GET', '/api/staff/today');
    const named = [...today.body.projects, ...today.body.leads] as { hunterId: string | null }[];
    expect(named.length).toBeGreaterThan(0);
    expect(named.some((r) => r.hunterId === hunter)).toBe(false);
    const leadList = await t.call('manager', 'GET', '/api/staff/leads?pageSize=100');
    expect(
      (leadList.body.items as { hunterId: string | null }[]).some((r) => r.hunterId === hunter),
    ).toBe(false);
    // Karim sees them as his; the archived hunter's token no longer opens anything.
    const karimsList = await t.call('manager', 'GET', `/api/${karim}/chasseurusers`);
    expect(karimsList.body.total).toBe(5);
    expect((await t.call('chasseur', 'GET', '/api/staff/buyers')).status).toBe(401);
  });

  it('hands everything to the managers’ pool (unassigned), without a mail', async () => {
    const { t, hunter, buyers, leads } = await hunterWithWork(openApp);
    const done = await archive(t, hunter, { handTo: null });
    expect(done.status).toBe(200);
    const after = await assignees(t);
    expect(after.buyers.some((b) => b.id_chasseur === hunter)).toBe(false);
    expect(after.leads.filter((l) => leads.includes(l.id)).map((l) => l.assigned_to)).toEqual([
      null,
      null,
    ]);
    const pool = await t.call('manager', 'GET', '/api/staff/buyers?hunter=none&pageSize=100');
    const ids = (pool.body.items as { userId: string }[]).map((r) => r.userId);
    for (const id of buyers) expect(ids).toContain(id);
    expect(await audits(t, 'assign')).toHaveLength(7);
    expect(await t.mails.list()).toHaveLength(0);
  });

  it('archives a hunter without work, or anybody else, as before: no target needed', async () => {
    const t = await openApp();
    const idle = await addHunter(t, 'Sans', 'Dossier');
    expect((await archive(t, idle)).status).toBe(200);
    expect((await archive(t, t.ids.client)).status).toBe(200);
    // Brought back, then archived again: nothing to hand over.
    const back = await t.call('admin', 'PUT', `/api/users/${idle}`, {
      isArchived: false,
      version: await t.versionOf(idle),
    });
    expect(back.body.isArchived).toBe(false);
    expect(await audits(t, 'user-unarchive')).toHaveLength(1);
    expect(await t.mails.list()).toHaveLength(0);
  });

  it('two archives at once: one wins, the other is stale; the state is whole and consistent', async () => {
    const { t, hunter } = await hunterWithWork(openApp);
    const karim = await addHunter(t, 'Karim', 'Benali');
    const ines = await addHunter(t, 'Ines', 'Garnier');
    const version = await t.versionOf(hunter);
    const answers = await Promise.all(
      [karim, ines].map((handTo) =>
        t.call('admin', 'PUT', `/api/users/${hunter}`, { isArchived: true, version, handTo }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers[0]!.status === 200 ? karim : ines;
    const stale = answers.find((a) => a.status === 409)!;
    expect(stale.body.current).toMatchObject({ _id: hunter, isArchived: true });
    const after = await assignees(t);
    expect(after.buyers.filter((b) => b.id_chasseur === hunter)).toEqual([]);
    expect(after.buyers.filter((b) => b.id_chasseur === winner)).toHaveLength(5);
    expect(after.leads.filter((l) => l.assigned_to === winner)).toHaveLength(2);
    expect(await audits(t, 'assign')).toHaveLength(7);
    expect(await audits(t, 'user-archive')).toHaveLength(1);
    expect(await t.mails.list()).toHaveLength(1);
  });

  it('two hunters archived at once, each handing to the other: one is, the other is refused its target', async () => {
    const { t, hunter } = await hunterWithWork(openApp);
    const karim = await addHunter(t, 'Karim', 'Benali');
    await addBuyer(t.db, 'Nora', karim, { lastname: 'Haddad' });
    const [versionOfHunter, versionOfKarim] = [await t.versionOf(hunter), await t.versionOf(karim)];
    const answers = await Promise.all([
      t.call('admin', 'PUT', `/api/users/${hunter}`, {
        isArchived: true,
        version: versionOfHunter,
        handTo: karim,
      }),
      t.call('admin', 'PUT', `/api/users/${karim}`, {
        isArchived: true,
        version: versionOfKarim,
        handTo: hunter,
      }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await audits(t, 'user-archive')).toHaveLength(1);
    // Nobody's work is left with an archived hunter.
    const archived = answers[0]!.status === 200 ? hunter : karim;
    const after = await assignees(t);
    expect(after.buyers.filter((b) => b.id_chasseur === archived)).toEqual([]);
    expect(after.leads.filter((l) => l.assigned_to === archived)).toEqual([]);
  });

  it('hands over the work a hunter archived before left behind, and says how much there is', async () => {
    const { t, hunter } = await hunterWithWork(openApp);
    // Archived as before issue 29: his records stayed with him.
    await t.db.updateTable('app_user').set({ is_archived: 1 }).where('id', '=', hunter).execute();
    const path = `/api/admin/users/${hunter}/handover`;
    expect((await t.call('admin', 'GET', path)).body).toEqual({ buyers: 5, leads: 2 });
    expect((await t.call('manager', 'GET', path)).status).toBe(403);
    expect((await t.call('admin', 'GET', '/api/admin/users/inconnu/handover')).status).toBe(404);
    const karim = await addHunter(t, 'Karim', 'Benali');
    expect((await archive(t, hunter, { handTo: karim })).status).toBe(200);
    expect((await t.call('admin', 'GET', path)).body).toEqual({ buyers: 0, leads: 0 });
    expect((await t.call('admin', 'GET', `/api/admin/users/${karim}/handover`)).body).toEqual({
      buyers: 5,
      leads: 2,
    });
    expect(await t.mails.list('karim.benali@exemple.fr')).toHaveLength(1);
  });
});
