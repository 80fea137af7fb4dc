import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LocalTransport, MailWorker } from '../../mail/mail-worker';
import { addBuyer, addLead } from '../../staff/test-records';
import { staffApps } from '../../staff/test-staff';
import { givePriorMandate } from '../mandates/test-mandates';

/**
 * Stage moves (issue 29): at most one client e-mail per project an hour, the latest stage
 * winning; « ne pas prévenir » sends none; a move sent with an Idempotency-Key (the outbox's
 * replay of a move made offline) is made once, and a replay of a stale one is refused in words.
 */
const openApp = staffApps();

async function setup() {
  const t = await openApp();
  const mine = await addBuyer(t.db, 'Mina', t.ids.chasseur);
  // Issue 30: « Mandat signé » and later need a signed mandate (signed before, as the demo's).
  await givePriorMandate(t.db, mine.userId, mine.projectId);
  const path = `/api/staff/projects/${mine.projectId}/stage`;
  /** A move by the demo hunter, on the project's version now. */
  const move = async (to: string, extra: Record<string, unknown> = {}) => {
    const { version } = await t.db
      .selectFrom('buyer_project')
      .select('version')
      .where('id', '=', mine.projectId)
      .executeTakeFirstOrThrow();
    return t.call('chasseur', 'POST', path, { to, version, ...extra });
  };
  /** A mail worker whose clock is `aheadMs` ahead of now, until nothing is due for it. */
  const deliver = async (aheadMs = 0) => {
    const clock = () => Date.now() + aheadMs;
    const worker = new MailWorker(t.db, t.mails, new LocalTransport(), { now: clock });
    worker.start();
    const due = () =>
      t.db
        .selectFrom('mail_queue')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('status', '=', 'sending'),
            eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', clock())]),
          ]),
        )
        .execute();
    for (let tries = 0; (await due()).length > 0; tries++) {
      if (tries > 250) throw new Error('Délai dépassé : e-mails dus non envoyés');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await worker.stop();
  };
  const stageMails = async () =>
    (await t.mails.list('mina@exemple.fr')).filter((m) => m.subject.startsWith('Votre projet'));
  return { t, mine, path, move, deliver, stageMails };
}

describe('stage moves: the client’s e-mails', () => {
  it('two moves in two minutes: one mail now, then one an hour after it with the latest stage only', async () => {
    const { t, mine, move, deliver, stageMails } = await setup();
    expect((await move('MANDAT')).status).toBe(200);
    await deliver();
    const [first] = await stageMails();
    expect(first).toMatchObject({
      status: 'sent',
      subject: 'Votre projet avance\u00a0: Mandat signé',
    });

    // Two more moves within the hour: the second replaces the first's waiting mail.
    expect((await move('RECHERCHE')).status).toBe(200);
    expect((await move('OFFRE_SENT')).status).toBe(200);
    const waiting = (await stageMails()).filter((m) => m.status === 'pending');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.subject).toBe('Votre projet avance\u00a0: Offre d’achat');
    const row = await t.db
      .selectFrom('mail_queue')
      .select(['next_attempt_at', 'group_key'])
      .where('id', '=', waiting[0]!.id)
      .executeTakeFirstOrThrow();
    expect(row.group_key).toBe(`stage:${mine.projectId}`);
    const hourAfterFirst = Date.parse(first!.sentAt!) + 60 * 60_000;
    expect(row.next_attempt_at).toBe(hourAfterFirst);

    // Not before the hour is over: a worker now sends nothing, one an hour later sends it.
    await deliver();
    expect((await stageMails()).filter((m) => m.status === 'sent')).toHaveLength(1);
    await deliver(61 * 60_000);
    const all = await stageMails();
    expect(all.map((m) => [m.status, m.subject])).toEqual([
      ['sent', 'Votre projet avance\u00a0: Offre d’achat'],
      ['sent', 'Votre projet avance\u00a0: Mandat signé'],
    ]);
    // Each move is kept and audited all the same.
    const moves = await t.db.selectFrom('project_stage_move').select('to_stage').execute();
    expect(moves.map((m) => m.to_stage)).toEqual(['MANDAT', 'RECHERCHE', 'OFFRE_SENT']);
  });

  it('« ne pas prévenir »: the move is made, no mail is queued', async () => {
    const { move, stageMails } = await setup();
    const res = await move('MANDAT', { notify: false });
    expect(res.status).toBe(200);
    expect(res.body.projects[0]).toMatchObject({ stage: 'MANDAT' });
    expect(await stageMails()).toEqual([]);
    expect((await move('RECHERCHE', { notify: 'non' })).status).toBe(400);
  });

  it('a move made without telling the client drops the earlier stage’s mail still waiting', async () => {
    const { move, deliver, stageMails } = await setup();
    expect((await move('MANDAT')).status).toBe(200);
    await deliver();
    expect((await move('RECHERCHE')).status).toBe(200);
    expect((await stageMails()).map((m) => m.status)).toEqual(['pending', 'sent']);
    // The latest stage wins: told nothing of it, the client is not told of « Recherche » either.
    expect((await move('OFFRE_SENT', { notify: false })).status).toBe(200);
    await deliver(61 * 60_000);
    expect((await stageMails()).map((m) => [m.status, m.subject])).toEqual([
      ['sent', 'Votre projet avance\u00a0: Mandat signé'],
    ]);
  });

  it('another project’s mails are not held by this one’s', async () => {
    const { t, move, deliver } = await setup();
    const other = await addBuyer(t.db, 'Otto', t.ids.chasseur);
    await givePriorMandate(t.db, other.userId, other.projectId);
    expect((await move('MANDAT')).status).toBe(200);
    await deliver();
    const res = await t.call('chasseur', 'POST', `/api/staff/projects/${other.projectId}/stage`, {
      to: 'MANDAT',
      version: 1,
    });
    expect(res.status).toBe(200);
    await deliver();
    expect((await t.mails.list('otto@exemple.fr')).map((m) => m.status)).toEqual(['sent']);
  });
});

describe('stage moves through the outbox (Idempotency-Key)', () => {
  const keyed =
    (t: Awaited<ReturnType<typeof setup>>['t'], key: string) =>
    async (caller: 'chasseur' | 'manager', path: string, body: unknown) => {
      const res = await t.app.request(path, {
        method: 'POST',
        headers: {
          ...t.headers[caller],
          'Content-Type': 'application/json',
          'Idempotency-Key': key,
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown>, res };
    };

  it('a move replayed with its key is made once, with one mail, and answered the same', async () => {
    const { t, path, stageMails } = await setup();
    const send = keyed(t, randomUUID());
    const body = { to: 'MANDAT', version: 1, note: 'Signé au café' };
    const [a, b] = await Promise.all([send('chasseur', path, body), send('chasseur', path, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const again = await send('chasseur', path, body);
    expect(again.status).toBe(200);
    expect(again.res.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await t.db.selectFrom('project_stage_move').selectAll().execute()).toHaveLength(1);
    expect(await stageMails()).toHaveLength(1);
    // The same key with another body is a conflict, never a second move.
    expect((await send('chasseur', path, { ...body, to: 'VALIDATION' })).status).toBe(409);
    // Keys are each person's: the manager's request under the same key is a new move, refused
    // as stale, not the hunter's stored answer.
    const manager = await send('manager', path, body);
    expect(manager.status).toBe(409);
    expect(manager.res.headers.get('Idempotent-Replayed')).toBeNull();
  });

  it('a move made offline on a project moved meanwhile is refused, saying where it is now', async () => {
    const { t, path, move } = await setup();
    expect((await move('MANDAT')).status).toBe(200); // by someone else, while the hunter was offline
    const replay = await keyed(t, randomUUID())('chasseur', path, { to: 'MANDAT', version: 1 });
    expect(replay.status).toBe(409);
    expect(replay.body.message).toBe(
      'Ce dossier vient d’être modifié par quelqu’un d’autre\u00a0: le projet est maintenant à l’étape «\u00a0Mandat signé\u00a0», votre passage à «\u00a0Mandat signé\u00a0» n’a pas été fait. Vérifiez la fiche puis refaites votre changement si besoin.',
    );
    expect(replay.body.error).toEqual({ message: replay.body.message });
    expect(replay.body.current).toMatchObject({ stage: 'MANDAT', version: 2 });
    // Another hunter's project, with a key: not found, as without one.
    const other = await addBuyer(t.db, 'Otto', t.ids.manager);
    const foreign = await keyed(t, randomUUID())(
      'chasseur',
      `/api/staff/projects/${other.projectId}/stage`,
      { to: 'MANDAT', version: 1 },
    );
    expect(foreign.status).toBe(404);
    expect(await t.db.selectFrom('project_stage_move').selectAll().execute()).toHaveLength(1);
  });
});

describe('assignments through the outbox', () => {
  it('a keyed assignment replayed after it arrived is answered done, written once (buyer and lead)', async () => {
    const { t } = await setup();
    const nobody = await addBuyer(t.db, 'Nadia', null);
    const send = async (path: string, body: unknown) => {
      const res = await t.app.request(path, {
        method: 'POST',
        headers: {
          ...t.headers.manager,
          'Content-Type': 'application/json',
          'Idempotency-Key': randomUUID(),
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const buyerPath = `/api/staff/buyers/${nobody.userId}/assign`;
    const body = { hunterId: t.ids.chasseur, version: await t.versionOf(nobody.userId) };
    expect((await send(buyerPath, body)).status).toBe(200);
    const again = await send(buyerPath, body);
    expect(again.status).toBe(200);
    expect(again.body.hunter).toMatchObject({ id: t.ids.chasseur });
    const trail = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('record_id', '=', nobody.userId)
      .where('action', '=', 'assign')
      .execute();
    expect(trail).toHaveLength(1);
    // Another hunter on the stale version is still refused.
    expect((await send(buyerPath, { ...body, hunterId: null })).status).toBe(409);

    const leadId = await addLead(t.db, 'Propriétaire', null);
    const lead = await t.db
      .selectFrom('owner_contact')
      .select(['id', 'version'])
      .where('id', '=', leadId)
      .executeTakeFirstOrThrow();
    const leadPath = `/api/staff/leads/${lead.id}/assign`;
    const leadBody = { hunterId: t.ids.chasseur, version: lead.version };
    expect((await send(leadPath, leadBody)).status).toBe(200);
    expect((await send(leadPath, leadBody)).status).toBe(200);
    const leadTrail = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('record_id', '=', String(lead.id))
      .where('action', '=', 'assign')
      .execute();
    expect(leadTrail).toHaveLength(1);
  });
});
