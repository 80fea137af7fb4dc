import { describe, expect, it } from 'vitest';
import { staffApps } from '../../staff/test-staff';

const openApp = staffApps();

const hours = (n: number) => new Date(Date.now() - n * 3_600_000).toISOString();

describe('GET /api/staff/figures', () => {
  it('counts in the caller’s scope: the agency for supervisors, their own for a chasseur', async () => {
    const t = await openApp();
    const lead = (assigned: string | null, created: string, contacted: string | null) =>
      t.db
        .insertInto('owner_contact')
        .values({
          lastname: 'Durand',
          firstname: 'Paul',
          email: 'paul@exemple.fr',
          phone: '06 11 22 33 44',
          bien_count: 1,
          created_at: created,
          assigned_to: assigned,
          contacted_at: contacted,
          lead_status: contacted ? 'contacte' : 'nouveau',
        })
        .execute();
    // Chasseur: one on time (called after 10 h), one late (called after 60 h), one overdue.
    await lead(t.ids.chasseur, hours(100), hours(90));
    await lead(t.ids.chasseur, hours(100), hours(40));
    await lead(t.ids.chasseur, hours(72), null);
    // Another hunter's, on time; and a fresh one still within its 48 hours (left out).
    await lead(t.ids.manager, hours(30), hours(29));
    await lead(null, hours(2), null);

    const statuses: Record<string, number> = {};
    for (const caller of [
      'anonymous',
      'forged',
      'client',
      'chasseur',
      'manager',
      'directeur',
      'admin',
    ] as const)
      statuses[caller] = (await t.call(caller, 'GET', '/api/staff/figures')).status;
    expect(statuses).toEqual({
      anonymous: 401,
      forged: 401,
      client: 403,
      chasseur: 200,
      manager: 200,
      directeur: 200,
      admin: 200,
    });

    const own = (await t.call('chasseur', 'GET', '/api/staff/figures')).body;
    expect(own.scope).toBe('personnel');
    expect(own.contactedWithin48h).toEqual({ due: 3, onTime: 1, share: 1 / 3 });
    expect(own.perHunter.map((h: { hunterId: string }) => h.hunterId)).toEqual([t.ids.chasseur]);
    expect(own.leadsPerWeek).toHaveLength(12);
    expect(own.leadsPerWeek.reduce((s: number, w: { leads: number }) => s + w.leads, 0)).toBe(3);
    expect(own.projectsByStage).toHaveLength(9);

    const all = (await t.call('directeur', 'GET', '/api/staff/figures')).body;
    expect(all.scope).toBe('agence');
    expect(all.contactedWithin48h).toMatchObject({ due: 4, onTime: 2 });
    expect(all.leadsPerWeek.reduce((s: number, w: { leads: number }) => s + w.leads, 0)).toBe(5);
    const demoHunter = all.perHunter.find(
      (h: { hunterId: string }) => h.hunterId === t.ids.chasseur,
    );
    expect(demoHunter).toMatchObject({ name: 'Charles Chasseur', leadsDue: 3 });
    // Only hunters are listed per hunter.
    expect(all.perHunter.every((h: { hunterId: string }) => h.hunterId !== t.ids.admin)).toBe(true);
  });
});
