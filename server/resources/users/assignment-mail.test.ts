import { describe, expect, it } from 'vitest';
import { addBuyer, addLead } from '../../staff/test-records';
import { staffApps } from '../../staff/test-staff';
import { addHunter, archive, assignees, hunterWithWork, type App } from './test-handover';

/** Assignment mails (issue 29), and an assignment racing an archive (handover.repo). */
const openApp = staffApps();

describe('an assignment tells the hunter who receives it, once (issue 29)', () => {
  const leadVersion = async (t: App, id: number) =>
    (
      await t.db
        .selectFrom('owner_contact')
        .select('version')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).version;

  it('a buyer: one mail to the hunter; the same again, a replay or taking it back: none', async () => {
    const t = await openApp();
    const karim = await addHunter(t, 'Karim', 'Benali');
    const { userId } = await addBuyer(t.db, 'Elodie', null, { lastname: 'Martin' });
    const path = `/api/staff/buyers/${userId}/assign`;
    const body = { hunterId: karim, version: await t.versionOf(userId) };
    expect((await t.call('manager', 'POST', path, body)).status).toBe(200);
    const mails = await t.mails.list('karim.benali@exemple.fr');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Nouveau dossier pour vous\u00a0: Elodie Martin (acquéreur)');
    expect(mails[0]!.text).toContain('Manon Manager vous a attribué ce dossier.');
    expect(mails[0]!.links).toEqual([
      expect.stringContaining(`/wh-dashboard/acquereurs/${userId}`),
    ]);
    // The same request again (replayed): stale, nothing written, no mail.
    expect((await t.call('manager', 'POST', path, body)).status).toBe(409);
    // Given to Karim again on the version now: already his, no mail.
    const again = { hunterId: karim, version: await t.versionOf(userId) };
    expect((await t.call('admin', 'POST', path, again)).status).toBe(200);
    // Taken back (nobody), then given to the demo hunter: one mail, to him only.
    const back = { hunterId: null, version: await t.versionOf(userId) };
    expect((await t.call('admin', 'POST', path, back)).status).toBe(200);
    const toCharles = { hunterId: t.ids.chasseur, version: await t.versionOf(userId) };
    expect((await t.call('admin', 'POST', path, toCharles)).status).toBe(200);
    expect(await t.mails.list('karim.benali@exemple.fr')).toHaveLength(1);
    expect(await t.mails.list('chasseur@demo.chassimmo.fr')).toHaveLength(1);
    expect(await t.mails.list()).toHaveLength(2);
  });

  it('an owner lead: one mail to the hunter, none for a replay', async () => {
    const t = await openApp();
    const karim = await addHunter(t, 'Karim', 'Benali');
    const lead = await addLead(t.db, 'Lefebvre', null);
    const path = `/api/staff/leads/${lead}/assign`;
    const body = { hunterId: karim, version: await leadVersion(t, lead) };
    expect((await t.call('directeur', 'POST', path, body)).status).toBe(200);
    expect((await t.call('directeur', 'POST', path, body)).status).toBe(409);
    const mails = await t.mails.list();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'karim.benali@exemple.fr' });
    expect(mails[0]!.subject).toMatch(
      /^Nouveau dossier pour vous\u00a0: .+ Lefebvre \(propriétaire\)$/,
    );
    expect(mails[0]!.links).toEqual([
      expect.stringContaining(`/wh-dashboard/proprietaires/${lead}`),
    ]);
  });

  it('an archive and an assignment to the same hunter at once never leave a record with them', async () => {
    const { t, hunter } = await hunterWithWork(openApp);
    const karim = await addHunter(t, 'Karim', 'Benali');
    const { userId } = await addBuyer(t.db, 'Nouvelle', null, { lastname: 'Cliente' });
    const lead = await addLead(t.db, 'Neuf', null);
    const [archived, buyer, owner] = await Promise.all([
      archive(t, hunter, { handTo: karim }),
      t.call('manager', 'POST', `/api/staff/buyers/${userId}/assign`, {
        hunterId: hunter,
        version: await t.versionOf(userId),
      }),
      t.call('manager', 'POST', `/api/staff/leads/${lead}/assign`, {
        hunterId: hunter,
        version: await leadVersion(t, lead),
      }),
    ]);
    expect(archived.status).toBe(200);
    // Each assignment either came first (then moved to Karim) or was refused.
    expect([200, 400, 409]).toContain(buyer.status);
    expect([200, 400, 409]).toContain(owner.status);
    const after = await assignees(t);
    expect(after.buyers.filter((b) => b.id_chasseur === hunter)).toEqual([]);
    expect(after.leads.filter((l) => l.assigned_to === hunter)).toEqual([]);
  });
});
