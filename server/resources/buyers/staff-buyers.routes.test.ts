import { describe, expect, it } from 'vitest';
import { addBuyer } from '../../staff/test-records';
import { ALL_CALLERS, renameUser, staffApps, type Caller } from '../../staff/test-staff';
import { givePriorMandate } from '../mandates/test-mandates';

const openApp = staffApps();

async function setup() {
  const t = await openApp();
  // The demo client is already the demo chasseur's (seed): give it a project too.
  const mine = await addBuyer(t.db, 'Mina', t.ids.chasseur, { department: ['75'], city: 'Paris' });
  const other = await addBuyer(t.db, 'Otto', t.ids.manager, { hoursAgo: 60 });
  const nobody = await addBuyer(t.db, 'Nadia', null, { department: ['92'], city: 'Boulogne' });
  // Issue 30: « Mandat signé » and later need a signed mandate (signed before, as the demo's).
  await givePriorMandate(t.db, mine.userId, mine.projectId);
  return { t, mine, other, nobody };
}

describe('staff buyers: who may call what', () => {
  it('answers 401 to anonymous and forged callers, 403 to clients, on every endpoint', async () => {
    const { t, mine } = await setup();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/staff/buyers'],
      ['GET', `/api/staff/buyers/${mine.userId}`],
      ['POST', `/api/staff/buyers/${mine.userId}/assign`, { hunterId: null, version: 1 }],
      ['POST', `/api/staff/projects/${mine.projectId}/stage`, { to: 'MANDAT', version: 1 }],
      ['GET', '/api/staff/today'],
    ];
    for (const [method, path, body] of calls) {
      for (const caller of ['anonymous', 'forged', 'client'] as const) {
        const { status } = await t.call(caller, method, path, body);
        expect(status, `${caller} ${method} ${path}`).toBe(caller === 'client' ? 403 : 401);
      }
    }
  });

  it('shows a chasseur only their own clients, by list, by id, by today; supervisors all', async () => {
    const { t, mine, other, nobody } = await setup();
    const seen: Record<string, number[]> = {};
    for (const caller of ALL_CALLERS) {
      const { status, body } = await t.call(caller, 'GET', '/api/staff/buyers');
      seen[caller] =
        status === 200 ? (body.items as { projectId: number }[]).map((i) => i.projectId) : [];
    }
    expect(seen.chasseur).toEqual([mine.projectId]);
    for (const supervisor of ['manager', 'directeur', 'admin'])
      expect(seen[supervisor]?.sort()).toEqual(
        [mine.projectId, other.projectId, nobody.projectId].sort(),
      );

    const fiche = await t.call('chasseur', 'GET', `/api/staff/buyers/${mine.userId}`);
    expect(fiche.status).toBe(200);
    expect(fiche.body.projects[0].version).toBe(1);
    for (const id of [other.userId, nobody.userId, t.ids.admin, 'inconnu']) {
      const res = await t.call('chasseur', 'GET', `/api/staff/buyers/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.message).toMatch(/n’existe pas ou ne vous est pas attribué/);
    }
    expect((await t.call('manager', 'GET', `/api/staff/buyers/${nobody.userId}`)).status).toBe(200);
    // hunter=... cannot widen a chasseur's view.
    const widened = await t.call('chasseur', 'GET', `/api/staff/buyers?hunter=${t.ids.manager}`);
    expect(widened.body.items.map((i: { projectId: number }) => i.projectId)).toEqual([
      mine.projectId,
    ]);

    const today = await t.call('chasseur', 'GET', '/api/staff/today');
    expect(today.body.projects.map((p: { projectId: number }) => p.projectId)).toEqual([
      mine.projectId,
    ]);
  });

  it('lets only supervisors assign, to an active chasseur, and audits it', async () => {
    const { t, nobody } = await setup();
    const path = `/api/staff/buyers/${nobody.userId}/assign`;
    const assign = async (hunterId: string) => ({
      hunterId,
      version: await t.versionOf(nobody.userId),
    });
    expect((await t.call('chasseur', 'POST', path, await assign(t.ids.chasseur))).status).toBe(403);
    expect((await t.call('manager', 'POST', path, await assign(t.ids.client))).status).toBe(400);
    expect((await t.call('manager', 'POST', path, await assign('personne'))).status).toBe(400);
    for (const caller of ['manager', 'directeur', 'admin'] as const) {
      const res = await t.call(caller, 'POST', path, await assign(t.ids.chasseur));
      expect(res.status, caller).toBe(200);
      expect(res.body.hunter.id).toBe(t.ids.chasseur);
    }
    // Now the chasseur sees the client, in the fiche and in the list (copies kept by triggers).
    expect((await t.call('chasseur', 'GET', `/api/staff/buyers/${nobody.userId}`)).status).toBe(
      200,
    );
    const list = await t.call('chasseur', 'GET', '/api/staff/buyers');
    expect(list.body.items.map((i: { userId: string }) => i.userId)).toContain(nobody.userId);
    const trail = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('record_id', '=', nobody.userId)
      .execute();
    expect(trail).toHaveLength(3);
    expect(JSON.parse(trail[0]!.before!)).toEqual({ hunterId: null });
    expect(JSON.parse(trail[0]!.after!)).toEqual({ hunterId: t.ids.chasseur });
  });
});

describe('assignment on a version (issue 25)', () => {
  it('refuses an assignment made on a stale version: 409 with the fiche now, nothing changed', async () => {
    const { t, nobody } = await setup();
    const path = `/api/staff/buyers/${nobody.userId}/assign`;
    const fiche = await t.call('manager', 'GET', `/api/staff/buyers/${nobody.userId}`);
    expect(fiche.body.user.version).toBe(1);
    const first = await t.call('manager', 'POST', path, { hunterId: t.ids.chasseur, version: 1 });
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ idChasseur: t.ids.chasseur, version: 2 });
    const stale = await t.call('directeur', 'POST', path, { hunterId: null, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/vient d’être modifié par quelqu’un d’autre/);
    expect(stale.body.current.user).toMatchObject({ idChasseur: t.ids.chasseur, version: 2 });
    expect(stale.body.current.hunter.id).toBe(t.ids.chasseur);
    const after = await t.call('manager', 'GET', `/api/staff/buyers/${nobody.userId}`);
    expect(after.body.user).toMatchObject({ idChasseur: t.ids.chasseur, version: 2 });
    expect(after.body.audit).toHaveLength(1);
    // Without a version, the assignment is refused as invalid.
    expect((await t.call('manager', 'POST', path, { hunterId: null })).status).toBe(400);
  });
});

describe('CSV export', () => {
  it('exports the caller’s view only, UTF-8 with BOM, ; separated, French headers, accents intact', async () => {
    const { t, mine } = await setup();
    await t.db
      .updateTable('app_user')
      .set({ lastname: 'Lefèvre' })
      .where(
        'id',
        '=',
        (
          await t.db
            .selectFrom('buyer_project')
            .select('user_id')
            .where('id', '=', mine.projectId)
            .executeTakeFirstOrThrow()
        ).user_id,
      )
      .execute();
    const own = await t.call('chasseur', 'GET', '/api/staff/export/buyers.csv');
    expect(own.status).toBe(200);
    expect(own.res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = own.text.split('\r\n').filter(Boolean);
    // The BOM is in the bytes (a text decoder hides it).
    const raw = await t.app.request('/api/staff/export/buyers.csv', {
      headers: t.headers.chasseur,
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]).toBe(
      'Nom;Prénom;E-mail;Téléphone;Étape;Départements;Villes;Budget (€);Chasseur;Créé le',
    );
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toMatch(
      /^Lefèvre;Mina;.*;En cours de validation;75;Paris;650000;Charles Chasseur;/,
    );
    const all = await t.call('manager', 'GET', '/api/staff/export/buyers.csv?stage=VALIDATION');
    expect(all.text.split('\r\n').filter(Boolean)).toHaveLength(4);
    expect((await t.call('client', 'GET', '/api/staff/export/buyers.csv')).status).toBe(403);
    expect((await t.call('anonymous', 'GET', '/api/staff/export/buyers.csv')).status).toBe(401);
    expect((await t.call('manager', 'GET', '/api/staff/export/buyers.csv?sort=x')).status).toBe(
      400,
    );
  });
});

describe('a search in one of Paris’ arrondissements', () => {
  it('is kept as its INSEE code, found by « paris 11 » and exported as « Paris 11e »', async () => {
    const t = await openApp();
    const onze = await addBuyer(t.db, 'Ines', null, { department: ['75'], city: '75111' });
    await addBuyer(t.db, 'Paul', null, { department: ['75'], city: 'Paris' });
    const list = await t.call('admin', 'GET', '/api/staff/buyers?q=paris%2011');
    expect(list.status).toBe(200);
    const items = list.body.items as { projectId: number; cities: string[] }[];
    expect(items.map((i) => i.projectId)).toEqual([onze.projectId]);
    expect(items[0]?.cities).toEqual(['75111']);
    const csv = await t.call('admin', 'GET', '/api/staff/export/buyers.csv?q=ines');
    expect(csv.text.split('\r\n')[1]).toMatch(/;75;Paris 11e;/);
  });
});

describe('stage moves', () => {
  it('moves one step with a stored move, an audit entry and one French e-mail to the client', async () => {
    const { t, mine } = await setup();
    const path = `/api/staff/projects/${mine.projectId}/stage`;
    const res = await t.call('chasseur', 'POST', path, {
      to: 'MANDAT',
      note: 'Mandat signé ce jour',
      version: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.projects[0]).toMatchObject({ stage: 'MANDAT', version: 2 });
    expect(res.body.moves[0]).toMatchObject({
      from: 'VALIDATION',
      to: 'MANDAT',
      toLabel: 'Mandat signé',
      byName: 'Charles Chasseur',
      note: 'Mandat signé ce jour',
    });
    const mails = await t.mails.list('mina@exemple.fr');
    expect(mails).toHaveLength(1);
    // Headers carry plain spaces (headerSafe); the body keeps French typography.
    expect(mails[0]!.subject).toBe('Votre projet avance\u00a0: Mandat signé');
    const trail = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'stage')
      .execute();
    expect(trail.map((a) => [a.actor_id, a.record_id])).toEqual([[t.ids.chasseur, mine.userId]]);
    expect(mails[0]!.text).toContain('«\u00a0Mandat signé\u00a0»');
  });

  it('refuses a jump, a way back without a note, a stale version (409 with the record) and another hunter’s project', async () => {
    const { t, mine, other } = await setup();
    const path = `/api/staff/projects/${mine.projectId}/stage`;
    const jump = await t.call('chasseur', 'POST', path, { to: 'RECHERCHE', version: 1 });
    expect(jump.status).toBe(400);
    expect(jump.body.message).toMatch(/une étape à la fois/);
    expect((await t.call('chasseur', 'POST', path, { to: 'MANDAT', version: 1 })).status).toBe(200);
    const back = await t.call('chasseur', 'POST', path, { to: 'VALIDATION', version: 2 });
    expect(back.status).toBe(400);
    expect(back.body.message).toMatch(/note/);
    const stale = await t.call('manager', 'POST', path, { to: 'RECHERCHE', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ stage: 'MANDAT', version: 2 });
    expect(stale.body.message).toMatch(/vient d’être modifié/);
    const foreign = await t.call(
      'chasseur',
      'POST',
      `/api/staff/projects/${other.projectId}/stage`,
      {
        to: 'MANDAT',
        version: 1,
      },
    );
    expect(foreign.status).toBe(404);
    for (const body of [{}, { to: 'NULLE_PART', version: 1 }, { to: 'MANDAT' }, 'pas du json'])
      expect((await t.call('manager', 'POST', path, body)).status).toBe(400);
    expect(
      (
        await t.call('manager', 'POST', '/api/staff/projects/abc/stage', {
          to: 'MANDAT',
          version: 1,
        })
      ).status,
    ).toBe(404);
  });

  it('makes one move of two sent at once on the same version', async () => {
    const { t, mine } = await setup();
    const path = `/api/staff/projects/${mine.projectId}/stage`;
    const answers = await Promise.all([
      t.call('chasseur', 'POST', path, { to: 'MANDAT', version: 1 }),
      t.call('manager', 'POST', path, { to: 'MANDAT', version: 1 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const moves = await t.db.selectFrom('project_stage_move').selectAll().execute();
    expect(moves).toHaveLength(1);
  });
});

describe('notes', () => {
  const note = (recordId: string, text = 'Appelé, rappeler lundi') => ({
    recordType: 'buyer',
    recordId,
    text,
    visibleToClient: false,
  });

  it('stores a note once per Idempotency-Key, in the author’s scope only', async () => {
    const { t, mine, other } = await setup();
    const key = { 'Idempotency-Key': 'note-key-0123456789abcdef' };
    const send = (caller: Caller, body: unknown, headers: Record<string, string> = key) =>
      t.app.request('/api/staff/notes', {
        method: 'POST',
        headers: { ...t.headers[caller], ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await send('chasseur', note(mine.userId))).status).toBe(201);
    const again = await send('chasseur', note(mine.userId));
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    // The same key from another person is theirs, not a replay of this note.
    expect((await send('manager', note(mine.userId))).status).toBe(201);
    expect(
      (
        await send('chasseur', note(other.userId), {
          'Idempotency-Key': 'note-key-other-0123456789',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await send('chasseur', note(mine.userId, ''), {
          'Idempotency-Key': 'note-key-empty-0123456789',
        })
      ).status,
    ).toBe(400);
    expect((await send('client', note(mine.userId))).status).toBe(403);
    const fiche = await t.call('chasseur', 'GET', `/api/staff/buyers/${mine.userId}`);
    expect(fiche.body.notes).toHaveLength(2);
    expect(fiche.body.notes[1]).toMatchObject({
      text: 'Appelé, rappeler lundi',
      authorName: 'Charles Chasseur',
    });
  });
});

describe('lists', () => {
  it('searches, filters, sorts and pages on the server, and answers 400 to bad parameters', async () => {
    const { t, mine, other, nobody } = await setup();
    const ids = async (query: string) => {
      const res = await t.call('admin', 'GET', `/api/staff/buyers?${query}`);
      expect(res.status, query).toBe(200);
      return (res.body.items as { projectId: number }[]).map((i) => i.projectId);
    };
    expect(await ids('q=mina')).toEqual([mine.projectId]);
    expect(await ids('q=boulogne')).toEqual([nobody.projectId]);
    expect(await ids('q=50%25')).toEqual([]);
    expect(await ids('department=75')).toEqual([mine.projectId]);
    expect(await ids('hunter=none')).toEqual([nobody.projectId]);
    expect(await ids(`hunter=${t.ids.manager}`)).toEqual([other.projectId]);
    expect(await ids('sort=created')).toEqual([other.projectId, mine.projectId, nobody.projectId]);
    const page = await t.call('admin', 'GET', '/api/staff/buyers?pageSize=2&page=2');
    expect(page.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.body.items).toHaveLength(1);
    // Without case or accents, each word anywhere, a phone typed with spaces.
    await renameUser(t.db, mine.userId, { firstname: 'Élodie' });
    expect(await ids('q=elodie')).toEqual([mine.projectId]);
    expect(await ids('q=%C3%A9LODIE%20paris')).toEqual([mine.projectId]);
    expect(await ids('q=06%2001%2002')).toHaveLength(3);
    // An archived client leaves the list, and shows with archived=1.
    await t.db
      .updateTable('app_user')
      .set({ is_archived: 1 })
      .where('id', '=', other.userId)
      .execute();
    expect(await ids('archived=1')).toEqual([other.projectId]);
    expect(await ids('')).not.toContain(other.projectId);
    for (const bad of [
      'pageSize=101',
      'page=0',
      'stage=NULLE',
      'sort=hack',
      'department=abc',
      'archived=2',
    ])
      expect((await t.call('admin', 'GET', `/api/staff/buyers?${bad}`)).status, bad).toBe(400);
  });

  it('lists today’s callbacks with their 48-hour deadline, unassigned first for supervisors', async () => {
    const { t, other, nobody, mine } = await setup();
    const today = await t.call('manager', 'GET', '/api/staff/today');
    expect(today.status).toBe(200);
    const projects = today.body.projects as {
      projectId: number;
      overdue: boolean;
      deadline: string;
    }[];
    expect(projects[0]!.projectId).toBe(nobody.projectId);
    const late = projects.find((p) => p.projectId === other.projectId)!;
    expect(late.overdue).toBe(true);
    expect(projects.find((p) => p.projectId === mine.projectId)!.overdue).toBe(false);
  });
});
