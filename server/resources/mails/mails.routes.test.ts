import { describe, expect, it } from 'vitest';
import { ALL_CALLERS, staffApps } from '../../staff/test-staff';

const openApp = staffApps();

describe('« Courriels »: the mail queue for admins', () => {
  it('lists by status for admins only, and requeues a failed mail once', async () => {
    const t = await openApp();
    for (const to of ['a@exemple.fr', 'b@exemple.fr'])
      await t.mails.enqueue({ to, subject: 'Essai', text: 'Bonjour', html: '<p>Bonjour</p>' });
    const [failed] = await t.db.selectFrom('mail_queue').select('id').orderBy('id').execute();
    await t.db
      .updateTable('mail_queue')
      .set({ status: 'failed', attempts: 5, last_error: '550 boîte inconnue' })
      .where('id', '=', failed!.id)
      .execute();

    const statuses = Object.fromEntries(
      await Promise.all(
        ALL_CALLERS.map(async (caller) => [
          caller,
          (await t.call(caller, 'GET', '/api/admin/mails')).status,
        ]),
      ),
    );
    expect(statuses).toEqual({
      chasseur: 403,
      manager: 403,
      directeur: 403,
      admin: 200,
      client: 403,
      anonymous: 401,
      forged: 401,
    });
    const list = await t.call('admin', 'GET', '/api/admin/mails?status=failed');
    expect(list.body).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(list.body.items[0]).toMatchObject({
      to: 'a@exemple.fr',
      status: 'failed',
      attempts: 5,
      lastError: '550 boîte inconnue',
    });
    expect(list.body.items[0]).not.toHaveProperty('html');

    const retry = `/api/admin/mails/${failed!.id}/retry`;
    expect((await t.call('manager', 'POST', retry)).status).toBe(403);
    expect((await t.call('admin', 'POST', retry)).status).toBe(200);
    expect((await t.call('admin', 'POST', retry)).status).toBe(409);
    expect((await t.call('admin', 'POST', '/api/admin/mails/abc/retry')).status).toBe(409);
    const row = await t.db
      .selectFrom('mail_queue')
      .selectAll()
      .where('id', '=', failed!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await t.call('admin', 'GET', '/api/admin/mails?status=bidon')).status).toBe(400);
  });
});
