import { describe, expect, it } from 'vitest';
import { MASKED_LINK } from '../../../src/domain/api/mails';
import { passwordResetMail } from '../../mail/templates';
import { ALL_CALLERS, staffApps } from '../../staff/test-staff';
import { isSecretLink, maskSecretLinks } from '../../mail/secret-links';

const openApp = staffApps();

type App = Awaited<ReturnType<typeof openApp>>;

async function statuses(t: App, method: string, path: string) {
  return Object.fromEntries(
    await Promise.all(
      ALL_CALLERS.map(async (caller) => [caller, (await t.call(caller, method, path)).status]),
    ),
  );
}

/** Marks the mail as delivered, as the worker would. */
const markSent = (t: App, id: number) =>
  t.db
    .updateTable('mail_queue')
    .set({ status: 'sent', attempts: 1, sent_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();

const ids = async (t: App) =>
  (await t.db.selectFrom('mail_queue').select('id').orderBy('id').execute()).map((r) => r.id);

describe('« Courriels »: the mail queue for managers, directeurs and admins', () => {
  it('lists by status for supervisors only, and requeues a failed mail once', async () => {
    const t = await openApp();
    for (const to of ['a@exemple.fr', 'b@exemple.fr'])
      await t.mails.enqueue({ to, subject: 'Essai', text: 'Bonjour', html: '<p>Bonjour</p>' });
    const [failed] = await t.db.selectFrom('mail_queue').select('id').orderBy('id').execute();
    await t.db
      .updateTable('mail_queue')
      .set({ status: 'failed', attempts: 5, last_error: '550 boîte inconnue' })
      .where('id', '=', failed!.id)
      .execute();

    // Chasseurs see none of it: the queue holds everybody's mails (clients of other hunters,
    // account links); their own arrive in their inbox.
    expect(await statuses(t, 'GET', '/api/admin/mails')).toEqual({
      chasseur: 403,
      manager: 200,
      directeur: 200,
      admin: 200,
      client: 403,
      anonymous: 401,
      forged: 401,
    });
    const list = await t.call('manager', 'GET', '/api/admin/mails?status=failed');
    expect(list.body).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(list.body.items[0]).toMatchObject({
      to: 'a@exemple.fr',
      status: 'failed',
      attempts: 5,
      lastError: '550 boîte inconnue',
    });
    expect(list.body.items[0]).not.toHaveProperty('html');
    expect(list.body.items[0]).not.toHaveProperty('text');

    const retry = `/api/admin/mails/${failed!.id}/retry`;
    expect((await t.call('chasseur', 'POST', retry)).status).toBe(403);
    expect((await t.call('client', 'POST', retry)).status).toBe(403);
    expect((await t.call('manager', 'POST', retry)).status).toBe(200);
    expect((await t.call('admin', 'POST', retry)).status).toBe(409);
    expect((await t.call('admin', 'POST', '/api/admin/mails/abc/retry')).status).toBe(409);
    const row = await t.db
      .selectFrom('mail_queue')
      .selectAll()
      .where('id', '=', failed!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'mail-retry')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(t.ids.manager);
    expect((await t.call('admin', 'GET', '/api/admin/mails?status=bidon')).status).toBe(400);
  });

  it('searches by recipient: part of the address, any case, % and _ taken as letters', async () => {
    const t = await openApp();
    for (const to of ['elodie.martin@exemple.fr', 'paul@exemple.fr', 'el_odie@autre.fr'])
      await t.mails.enqueue({ to, subject: 'Essai', text: 'Bonjour', html: '<p>Bonjour</p>' });
    const found = async (q: string) =>
      (
        (await t.call('manager', 'GET', `/api/admin/mails?q=${encodeURIComponent(q)}`)).body
          .items as { to: string }[]
      ).map((m) => m.to);
    expect(await found('MARTIN')).toEqual(['elodie.martin@exemple.fr']);
    expect(await found('exemple.fr')).toEqual(['paul@exemple.fr', 'elodie.martin@exemple.fr']);
    expect(await found('el_o')).toEqual(['el_odie@autre.fr']);
    expect(await found('%')).toEqual([]);
    expect(await found('')).toHaveLength(3);
    const both = await t.call('manager', 'GET', '/api/admin/mails?q=paul&status=failed');
    expect(both.body.total).toBe(0);
    expect((await t.call('manager', 'GET', `/api/admin/mails?q=${'a'.repeat(101)}`)).status).toBe(
      400,
    );
  });

  it('opens a mail with its body, personal links masked in the text and the HTML', async () => {
    const t = await openApp();
    const code = 'Xy7_abcDEF0123456789ghijKLMNOPqrstuvWXyz012';
    await t.mails.enqueue(
      passwordResetMail(
        'claire@exemple.fr',
        'Claire',
        `https://chassimmo.fr/reinitialiser-mot-de-passe/${code}`,
      ),
    );
    await t.mails.enqueue({
      to: 'b@exemple.fr',
      subject: 'Votre projet',
      text: 'Suivez-le ici : https://chassimmo.fr/dashboard',
      html: '<p><a href="https://chassimmo.fr/dashboard">Suivre</a></p>',
    });
    const [reset, plain] = await ids(t);
    const read = await t.call('directeur', 'GET', `/api/admin/mails/${reset}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ to: 'claire@exemple.fr', masked: 1 });
    expect(read.body.subject).toContain('mot de passe');
    expect(read.body.text).toContain('Bonjour Claire,');
    expect(read.body.text).toContain(MASKED_LINK);
    expect(read.text).not.toContain(code);
    expect(read.body.html).toContain('<!doctype html>');
    expect(read.body.html).not.toContain(code);
    expect(read.body).not.toHaveProperty('links');

    const other = await t.call('manager', 'GET', `/api/admin/mails/${plain}`);
    expect(other.body).toMatchObject({ masked: 0, html: expect.stringContaining('/dashboard') });
    expect(other.body.text).toContain('https://chassimmo.fr/dashboard');

    expect(await statuses(t, 'GET', `/api/admin/mails/${plain}`)).toEqual({
      chasseur: 403,
      manager: 200,
      directeur: 200,
      admin: 200,
      client: 403,
      anonymous: 401,
      forged: 401,
    });
    expect((await t.call('admin', 'GET', '/api/admin/mails/999999')).status).toBe(404);
    expect((await t.call('admin', 'GET', '/api/admin/mails/1%20or%201=1')).status).toBe(404);
  });

  it('tells secret links from plain ones', () => {
    expect(isSecretLink('https://chassimmo.fr/activation/abc')).toBe(true);
    expect(isSecretLink('https://x.fr/p?token=Xy7abcDEF0123456789ghijKLMNOPqrstuv')).toBe(true);
    expect(isSecretLink('https://chassimmo.fr/dashboard#mes-visites')).toBe(false);
    expect(
      isSecretLink(
        'https://chassimmo.fr/wh-dashboard/acquereurs/0b5c3c1e-54a4-4d53-a3c4-3f1f0b7a9e21',
      ),
    ).toBe(false);
    expect(isSecretLink('https://chassimmo.fr/conseils/comment-bien-acheter-son-appartement')).toBe(
      false,
    );
    expect(maskSecretLinks('a https://x.fr/activation/zz b https://x.fr/ c')).toEqual({
      text: `a ${MASKED_LINK} b https://x.fr/ c`,
      masked: 1,
    });
  });

  it('resends a sent mail as a new queued copy, audited, a few times an hour at most', async () => {
    const t = await openApp();
    await t.mails.enqueue({
      to: 'a@exemple.fr',
      subject: 'Votre visite',
      text: 'Bonjour',
      html: '<p>Bonjour</p>',
    });
    await t.mails.enqueue({ to: 'b@exemple.fr', subject: 'Autre', text: 'x', html: '<p>x</p>' });
    const [sent, pending] = await ids(t);
    await markSent(t, sent!);

    expect((await t.call('chasseur', 'POST', `/api/admin/mails/${sent}/resend`)).status).toBe(403);
    expect((await t.call('client', 'POST', `/api/admin/mails/${sent}/resend`)).status).toBe(403);
    // Only a sent mail: a pending one goes out anyway.
    const early = await t.call('manager', 'POST', `/api/admin/mails/${pending}/resend`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Seul un courriel déjà envoyé peut être renvoyé.');

    const copy = await t.call('manager', 'POST', `/api/admin/mails/${sent}/resend`);
    expect(copy.status).toBe(200);
    expect(copy.body).toEqual({ resent: true, id: expect.any(Number) });
    const rows = await t.db.selectFrom('mail_queue').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(3);
    const [original, , made] = rows;
    expect(made).toMatchObject({
      id: copy.body.id,
      recipient: 'a@exemple.fr',
      subject: 'Votre visite',
      text: original!.text,
      html: original!.html,
      status: 'pending',
      attempts: 0,
    });
    expect(made!.message_id).not.toBe(original!.message_id);
    expect(original).toMatchObject({ status: 'sent' });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'mail-resend')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: t.ids.manager, record_id: `mail:${sent}` });
    expect(JSON.parse(audit[0]!.after!)).toEqual({ mailId: sent, copyId: copy.body.id });

    // Two copies of one mail an hour, whoever asks.
    expect((await t.call('admin', 'POST', `/api/admin/mails/${sent}/resend`)).status).toBe(200);
    const limited = await t.call('directeur', 'POST', `/api/admin/mails/${sent}/resend`);
    expect(limited.status).toBe(429);
    expect(limited.res.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(limited.body.message).toContain('Réessayez plus tard');
    expect(await ids(t)).toHaveLength(4);
    expect((await t.call('admin', 'POST', '/api/admin/mails/999999/resend')).status).toBe(404);
  });

  it('refuses to resend a delivered mail whose personal link was not kept', async () => {
    const t = await openApp();
    await t.mails.enqueue(
      passwordResetMail('claire@exemple.fr', 'Claire', 'https://chassimmo.fr/activation/abc'),
    );
    const [id] = await ids(t);
    // As production keeps it once delivered (MailWorker): the link masked.
    await t.db
      .updateTable('mail_queue')
      .set({ status: 'sent', sent_at: new Date().toISOString(), text: `Lien : ${MASKED_LINK}` })
      .where('id', '=', id!)
      .execute();
    const refused = await t.call('admin', 'POST', `/api/admin/mails/${id}/resend`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('demandez plutôt un nouveau lien');
    expect(await ids(t)).toHaveLength(1);
  });

  it('limits one person’s resends in an hour', async () => {
    const t = await openApp();
    for (let i = 0; i < 11; i += 1)
      await t.mails.enqueue({ to: `p${i}@exemple.fr`, subject: 'S', text: 't', html: '<p>t</p>' });
    const sent = await ids(t);
    for (const id of sent) await markSent(t, id);
    const answers = [];
    for (const id of sent)
      answers.push((await t.call('manager', 'POST', `/api/admin/mails/${id}/resend`)).status);
    expect(answers).toEqual([...Array(10).fill(200), 429]);
    // Another person is not held back by the first one's count.
    expect((await t.call('admin', 'POST', `/api/admin/mails/${sent[10]}/resend`)).status).toBe(200);
  });
});
