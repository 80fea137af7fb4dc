import { describe, expect, it } from 'vitest';
import { auditWords } from '../../src/domain/audit-wording';
import type { AuditView } from '../../src/domain/staff-views';
import { addBuyer, addLead } from './test-records';
import { renameUser, staffApps } from './test-staff';

const openApp = staffApps();

/** The history a fiche shows, in words, newest first. */
const sentences = (audit: AuditView[]) => audit.map((e) => auditWords(e).text);

describe('a fiche’s history names people, never their ids (issue 29)', () => {
  it('says to whom a buyer was given and who had them before, « Prénom Nom »', async () => {
    const t = await openApp();
    await renameUser(t.db, t.ids.chasseur, { firstname: 'Karim', lastname: 'Benali' });
    await renameUser(t.db, t.ids.manager, { firstname: 'Julie', lastname: 'Martin' });
    // The manager hunts too: a second hunter to hand the buyer to.
    await t.db
      .updateTable('app_user')
      .set({ roles: JSON.stringify([3, 2]) })
      .where('id', '=', t.ids.manager)
      .execute();
    const buyer = await addBuyer(t.db, 'Nadia', null);
    const path = `/api/staff/buyers/${buyer.userId}/assign`;
    for (const hunterId of [t.ids.chasseur, t.ids.manager]) {
      const res = await t.call('admin', 'POST', path, {
        hunterId,
        version: await t.versionOf(buyer.userId),
      });
      expect(res.status).toBe(200);
    }
    const fiche = await t.call('manager', 'GET', `/api/staff/buyers/${buyer.userId}`);
    const audit = fiche.body.audit as AuditView[];
    expect(audit[0]!.names).toEqual({
      [t.ids.chasseur]: 'Karim Benali',
      [t.ids.manager]: 'Julie Martin',
    });
    const [latest, first] = audit.map((e) => auditWords(e));
    expect(latest!.text).toMatch(/^Affecté à Julie Martin, par /);
    expect(latest!.details).toEqual(['Auparavant\u00a0: Karim Benali']);
    expect(first!.text).toMatch(/^Affecté à Karim Benali, par /);
    expect(JSON.stringify(sentences(audit))).not.toMatch(/hunterId|[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  it('names the hunter of a lead’s assignment, and says a stage move and a note in words', async () => {
    const t = await openApp();
    await renameUser(t.db, t.ids.chasseur, { firstname: 'Karim', lastname: 'Benali' });
    const lead = await addLead(t.db, 'Odile', null);
    const assigned = await t.call('manager', 'POST', `/api/staff/leads/${lead}/assign`, {
      hunterId: t.ids.chasseur,
      version: 1,
    });
    expect(assigned.status).toBe(200);
    const status = await t.call('chasseur', 'POST', `/api/staff/leads/${lead}/status`, {
      to: 'contacte',
      version: 2,
    });
    expect(status.status).toBe(200);
    const note = await t.app.request('/api/staff/notes', {
      method: 'POST',
      headers: {
        ...t.headers.chasseur,
        'Idempotency-Key': 'audit-note-0123456789abcdef',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        recordType: 'owner',
        recordId: String(lead),
        text: 'Rappeler jeudi',
        visibleToClient: false,
      }),
    });
    expect(note.status).toBe(201);
    const fiche = await t.call('chasseur', 'GET', `/api/staff/leads/${lead}`);
    expect(sentences(fiche.body.audit)).toEqual([
      'Note interne ajoutée, par Karim Benali',
      'Statut\u00a0: Nouveau → Contacté, par Karim Benali',
      expect.stringMatching(/^Affecté à Karim Benali, par \p{Lu}/u),
    ]);
  });
});
