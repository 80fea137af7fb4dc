import { describe, expect, it } from 'vitest';
import { Role } from '../../../src/domain/roles';
import { staffApps } from '../../staff/test-staff';

const open = staffApps();

describe('deleting a bare staff account (DELETE /api/admin/users/:id)', () => {
  it('takes what the back office kept of them (issue 31): departments, absence, notifications, notices, the rule they chose', async () => {
    const t = await open();
    const created = await t.call('admin', 'POST', '/api/admin/users', {
      lastname: 'Passagère',
      firstname: 'Odette',
      email: 'odette.passagere@exemple.fr',
      phone: '06 22 33 44 56',
      roles: [Role.CHASSEUR, Role.MANAGER],
    });
    expect(created.status).toBe(201);
    const id = (created.body as { _id: string })._id;
    const at = new Date().toISOString();
    await t.db
      .insertInto('hunter_availability')
      .values({ hunter_id: id, is_absent: 1, last_routed_at: at })
      .execute();
    await t.db
      .insertInto('hunter_department')
      .values({ hunter_id: id, department: '94' })
      .execute();
    await t.db
      .insertInto('staff_notification')
      .values({
        user_id: id,
        kind: 'reminder-managers',
        record_type: 'buyer',
        record_id: t.ids.client,
        text: 'Nouvel acquéreur pas contacté en 40\u00a0heures.',
        created_at: at,
        read_at: null,
      })
      .execute();
    await t.db
      .insertInto('routing_setting')
      .values({ id: 1, rule: 'claim', updated_by: id, updated_at: at })
      .onConflict((oc) => oc.column('id').doUpdateSet({ updated_by: id, updated_at: at }))
      .execute();

    const deleted = await t.call('admin', 'DELETE', `/api/admin/users/${id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    const left = await Promise.all([
      t.db
        .selectFrom('hunter_availability')
        .select('hunter_id')
        .where('hunter_id', '=', id)
        .execute(),
      t.db
        .selectFrom('hunter_department')
        .select('hunter_id')
        .where('hunter_id', '=', id)
        .execute(),
      t.db.selectFrom('staff_notification').select('id').where('user_id', '=', id).execute(),
      t.db.selectFrom('match_notice').select('lead_id').where('hunter_id', '=', id).execute(),
    ]);
    expect(left.map((rows) => rows.length)).toEqual([0, 0, 0, 0]);
    // The rule stays; who chose it is in the audit trail.
    expect(
      await t.db.selectFrom('routing_setting').select(['rule', 'updated_by']).executeTakeFirst(),
    ).toEqual({ rule: 'claim', updated_by: null });
  });
});
