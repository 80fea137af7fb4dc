import { describe, expect, it } from 'vitest';
import { addLead } from '../../staff/test-records';
import { ALL_CALLERS, staffApps } from '../../staff/test-staff';

const openApp = staffApps();

async function setup() {
  const t = await openApp();
  const mine = await addLead(t.db, 'Mien', t.ids.chasseur);
  const other = await addLead(t.db, 'Autre', t.ids.manager, 'Meaux');
  const nobody = await addLead(t.db, 'Personne', null);
  return { t, mine, other, nobody };
}

describe('staff owner leads', () => {
  it('answers 401 to anonymous and forged callers, 403 to clients, and scopes a chasseur to their leads', async () => {
    const { t, mine, other, nobody } = await setup();
    for (const [method, path, body] of [
      ['GET', '/api/staff/leads'],
      ['GET', `/api/staff/leads/${mine}`],
      ['POST', `/api/staff/leads/${mine}/assign`, { hunterId: null, version: 1 }],
      ['POST', `/api/staff/leads/${mine}/status`, { to: 'contacte', version: 1 }],
    ] as const) {
      for (const caller of ['anonymous', 'forged', 'client'] as const)
        expect((await t.call(caller, method, path, body)).status, `${caller} ${path}`).toBe(
          caller === 'client' ? 403 : 401,
        );
    }
    const seen: Record<string, number[]> = {};
    for (const caller of ALL_CALLERS) {
      const { status, body } = await t.call(caller, 'GET', '/api/staff/leads');
      seen[caller] = status === 200 ? (body.items as { id: number }[]).map((i) => i.id).sort() : [];
    }
    expect(seen.chasseur).toEqual([mine]);
    for (const supervisor of ['manager', 'directeur', 'admin'])
      expect(seen[supervisor]).toEqual([mine, other, nobody].sort());
    for (const id of [other, nobody, 999999, 'abc'])
      expect((await t.call('chasseur', 'GET', `/api/staff/leads/${id}`)).status, String(id)).toBe(
        404,
      );
    const fiche = await t.call('chasseur', 'GET', `/api/staff/leads/${mine}`);
    expect(fiche.status).toBe(200);
    expect(fiche.body.lead).toMatchObject({ lastname: 'Mien', status: 'nouveau', version: 1 });
    expect(fiche.body.properties[0].documents.length).toBeGreaterThan(0);
  });

  it('lets supervisors assign, the assigned hunter move the status one step, with 409 on a stale version', async () => {
    const { t, mine, nobody } = await setup();
    expect(
      (
        await t.call('chasseur', 'POST', `/api/staff/leads/${nobody}/assign`, {
          hunterId: t.ids.chasseur,
          version: 1,
        })
      ).status,
    ).toBe(403);
    const assigned = await t.call('manager', 'POST', `/api/staff/leads/${nobody}/assign`, {
      hunterId: t.ids.chasseur,
      version: 1,
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.lead).toMatchObject({ hunterId: t.ids.chasseur, version: 2 });
    expect(
      (
        await t.call('manager', 'POST', `/api/staff/leads/${mine}/assign`, {
          hunterId: t.ids.client,
          version: 1,
        })
      ).status,
    ).toBe(400);

    const path = `/api/staff/leads/${mine}/status`;
    expect((await t.call('chasseur', 'POST', path, { to: 'mandat', version: 1 })).status).toBe(400);
    const moved = await t.call('chasseur', 'POST', path, { to: 'contacte', version: 1 });
    expect(moved.status).toBe(200);
    expect(moved.body.lead.contactedAt).not.toBeNull();
    const stale = await t.call('manager', 'POST', path, { to: 'estimation', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.current.lead.version).toBe(2);
    expect(moved.body.audit[0]).toMatchObject({ action: 'status', actorName: 'Charles Chasseur' });
    for (const body of [{}, { to: 'nulle', version: 2 }, 'pas du json'])
      expect((await t.call('manager', 'POST', path, body)).status).toBe(400);
  });

  it('exports a chasseur’s own leads only as CSV', async () => {
    const { t } = await setup();
    const own = await t.call('chasseur', 'GET', '/api/staff/export/leads.csv');
    expect(own.status).toBe(200);
    const lines = own.text.split('\r\n').filter(Boolean);
    expect(lines[0]?.startsWith('Nom;Prénom;E-mail')).toBe(true);
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(['Mien']);
    expect(
      (await t.call('manager', 'GET', '/api/staff/export/leads.csv')).text
        .split('\r\n')
        .filter(Boolean),
    ).toHaveLength(4);
  });

  it('searches, filters and pages on the server; 400 on bad parameters', async () => {
    const { t, other, nobody } = await setup();
    const ids = async (query: string) =>
      (
        (await t.call('admin', 'GET', `/api/staff/leads?${query}`)).body.items as { id: number }[]
      ).map((i) => i.id);
    expect(await ids('q=meaux')).toEqual([other]);
    expect(await ids('hunter=none')).toEqual([nobody]);
    expect((await t.call('admin', 'GET', '/api/staff/leads?pageSize=1&page=2')).body).toMatchObject(
      {
        total: 3,
        page: 2,
      },
    );
    for (const bad of ['pageSize=500', 'status=bidon', 'sort=x', 'department=zz'])
      expect((await t.call('admin', 'GET', `/api/staff/leads?${bad}`)).status, bad).toBe(400);
  });
});
