import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Role } from '../../../src/domain/roles';
import { isoToParisLocal } from '../../../src/domain/paris-time';
import type { Db } from '../../db/database';
import { staffTestApp } from '../../staff/test-staff';
import { signedIn } from '../../test-app';
import { userSearchColumns } from '../users/users.repo';

let db: Db | undefined;
let root: string | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A tiny JPEG and PNG header: the server reads the type from the first bytes. */
const jpeg = (fill: number) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
    Buffer.alloc(2048, fill),
  ]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

/** A real app on a SQLite file with its documents in a fresh DATA_DIR, the demo accounts, another
 * client and another hunter (neither the demo client's). */
async function setup() {
  root = mkdtempSync(path.join(tmpdir(), 'chassimmo-visits-'));
  const dataDir = path.join(root, 'data');
  const t = await staffTestApp({ DATA_DIR: dataDir }, dataDir);
  db = t.db;
  const hunter = await t.db
    .selectFrom('app_user')
    .selectAll()
    .where('id', '=', t.ids.chasseur)
    .executeTakeFirstOrThrow();
  const otherHunterId = randomUUID();
  const otherHunter = {
    ...hunter,
    id: otherHunterId,
    email: 'autre.chasseur@demo.chassimmo.fr',
    firstname: 'Paul',
    lastname: 'Autre',
    roles: JSON.stringify([Role.CHASSEUR]),
  };
  const { search_text: _s, sort_name: _n, ...columns } = otherHunter;
  await t.db
    .insertInto('app_user')
    .values({ ...columns, ...userSearchColumns(otherHunter) })
    .execute();
  const other = await signedIn(t, 'nouveau@demo.chassimmo.fr');
  const another = await signedIn(t, 'autre.chasseur@demo.chassimmo.fr');
  const headers = { ...t.headers, otherClient: other.headers, otherHunter: another.headers };
  type Who = keyof typeof headers;

  const request = async (who: Who, method: string, url: string, body?: unknown, extra = {}) => {
    const res = await t.app.request(url, {
      method,
      headers: {
        ...headers[who],
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: json as any, res, text };
  };
  const putPhoto = (who: Who, ref: string, photoId: string, bytes: Buffer, key = photoId) =>
    t.app.request(`/api/staff/visit-reports/${ref}/photos/${photoId}`, {
      method: 'PUT',
      headers: { ...headers[who], 'Content-Type': 'image/jpeg', 'Idempotency-Key': key },
      body: new Uint8Array(bytes),
    });
  const stored = () => {
    try {
      return readdirSync(path.join(dataDir, 'documents'));
    } catch {
      return [];
    }
  };
  const mails = () =>
    t.db.selectFrom('mail_queue').select(['recipient', 'subject', 'text']).orderBy('id').execute();
  return { t, request, putPhoto, stored, mails, otherClientId: other.id, otherHunterId };
}

/** A visit an hour ago, in Paris time as the form gives it. */
const anHourAgo = () => isoToParisLocal(new Date(Date.now() - 60 * 60_000).toISOString());

function report(buyerId: string, photos: { id: string; size?: number }[], extra = {}) {
  return {
    ref: randomUUID(),
    buyerId,
    visitId: null,
    address: '12, rue des Lilas',
    department: '75',
    city: '75111',
    visitedAt: anHourAgo(),
    askingPrice: 520_000,
    livingArea: 48.5,
    rooms: 2,
    floor: 3,
    lift: true,
    energy: 245,
    emissions: 52,
    condition: 'travaux',
    works: 'Cuisine à refaire',
    worksEstimate: 15_000,
    rating: 4,
    strengths: 'Lumineux, traversant',
    weaknesses: 'Sur rue',
    recommendation: 'proposer',
    reason: 'Correspond au budget et au quartier demandés.',
    photos: photos.map((p) => ({ id: p.id, width: 1600, height: 1200, size: p.size ?? 2059 })),
    ...extra,
  };
}

const keyed = (key = randomUUID()) => ({ 'Idempotency-Key': key });

describe('visit reports with their photos', () => {
  it('publishes a report « à proposer » to its buyer once every photo arrived, each photo stored once', async () => {
    const { t, request, putPhoto, stored, mails } = await setup();
    const [a, b] = [randomUUID(), randomUUID()];
    const body = report(t.ids.client, [{ id: a }, { id: b }]);
    const key = randomUUID();
    const sent = await request('chasseur', 'POST', '/api/staff/visit-reports', body, keyed(key));
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ photosExpected: 2, photosReceived: 0, complete: false });
    // The same sending again (a lost answer): the same report, not a second one.
    const again = await request('chasseur', 'POST', '/api/staff/visit-reports', body, keyed(key));
    expect(again.body.id).toBe(sent.body.id);
    expect(again.res.headers.get('Idempotent-Replayed')).toBe('true');

    // Not visible to the buyer before its photos.
    expect((await request('client', 'GET', '/api/client/visits')).body.reports).toEqual([]);

    const first = await putPhoto('chasseur', body.ref, a, jpeg(1));
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ report: { photosReceived: 1, complete: false } });
    // The same photo again: a replay, nothing stored twice.
    const replay = await putPhoto('chasseur', body.ref, a, jpeg(1));
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(stored()).toHaveLength(1);
    // Other bytes under the same photo id: refused.
    expect((await putPhoto('chasseur', body.ref, a, jpeg(9))).status).toBe(409);
    expect(stored()).toHaveLength(1);

    const last = await putPhoto('chasseur', body.ref, b, jpeg(2));
    expect(await last.json()).toMatchObject({ report: { photosReceived: 2, complete: true } });
    expect(stored()).toHaveLength(2);

    const visits = await request('client', 'GET', '/api/client/visits');
    expect(visits.body.reports).toHaveLength(1);
    const seen = visits.body.reports[0];
    expect(seen).toMatchObject({ cityName: 'Paris 11e', askingPrice: 520_000, rating: 4 });
    expect(seen.photos.map((p: { id: string }) => p.id)).toEqual([a, b]);
    expect(seen).not.toHaveProperty('recommendation');
    const photo = await t.app.request(seen.photos[0].url, { headers: t.headers.client });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('Content-Type')).toBe('image/jpeg');
    expect(photo.headers.get('Cache-Control')).toMatch(/^private/);
    expect(Buffer.from(await photo.arrayBuffer()).equals(jpeg(1))).toBe(true);

    const told = (await mails()).filter((m) => m.recipient === 'client@demo.chassimmo.fr');
    expect(told.map((m) => m.subject)).toEqual(['Nouveau compte rendu de visite\u00a0: Paris 11e']);
  });

  it('takes photos that arrive before their report (the outbox moved the report back)', async () => {
    const { t, request, putPhoto } = await setup();
    const id = randomUUID();
    const body = report(t.ids.client, [{ id }]);
    const early = await putPhoto('chasseur', body.ref, id, jpeg(3));
    expect(early.status).toBe(201);
    expect(await early.json()).toMatchObject({ report: null });
    const sent = await request('chasseur', 'POST', '/api/staff/visit-reports', body, keyed());
    expect(sent.body).toMatchObject({ photosReceived: 1, complete: true });
    expect((await request('client', 'GET', '/api/client/visits')).body.reports).toHaveLength(1);
  });

  it('stores a photo sent twice at once exactly once', async () => {
    const { t, request, putPhoto, stored } = await setup();
    const id = randomUUID();
    const body = report(t.ids.client, [{ id }]);
    await request('chasseur', 'POST', '/api/staff/visit-reports', body, keyed());
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => putPhoto('chasseur', body.ref, id, jpeg(4))),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(stored()).toHaveLength(1);
    const rows = await t.db.selectFrom('visit_photo').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('never shows a report « écarté » to the buyer, nor its photos', async () => {
    const { t, request, putPhoto } = await setup();
    const id = randomUUID();
    const body = report(t.ids.client, [{ id }], { recommendation: 'ecarte' });
    await request('chasseur', 'POST', '/api/staff/visit-reports', body, keyed());
    await putPhoto('chasseur', body.ref, id, jpeg(5));
    expect((await request('client', 'GET', '/api/client/visits')).body.reports).toEqual([]);
    expect((await request('client', 'GET', `/api/visit-photos/${id}`)).status).toBe(404);
    const fiche = await request('chasseur', 'GET', `/api/staff/buyers/${t.ids.client}/visits`);
    expect(fiche.body.reports).toMatchObject([
      { recommendation: 'ecarte', complete: true, publishedAt: null },
    ]);
  });

  it('refuses what is not a photo, a photo past 10 MB and a photo the report does not list', async () => {
    const { t, request, putPhoto, stored } = await setup();
    const id = randomUUID();
    const body = report(t.ids.client, [{ id }]);
    await request('chasseur', 'POST', '/api/staff/visit-reports', body, keyed());
    const pdf = await putPhoto('chasseur', body.ref, id, PDF);
    expect(pdf.status).toBe(415);
    expect((await pdf.json()).message).toBe(
      'Cette photo n’est pas acceptée\u00a0: envoyez une image JPEG ou PNG.',
    );
    const huge = await putPhoto(
      'chasseur',
      body.ref,
      id,
      Buffer.concat([jpeg(6), Buffer.alloc(10 * 1024 * 1024)]),
    );
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toMatch(/10\u00a0Mo au plus/);
    const stranger = await putPhoto('chasseur', body.ref, randomUUID(), jpeg(7));
    expect(stranger.status).toBe(409);
    expect(stored()).toEqual([]);
  });

  it('answers bad reports with French messages on their fields, never a 500', async () => {
    const { t, request } = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [{ energy: 245, emissions: null }, 'emissions'],
      [{ city: 'Lyon' }, 'city'],
      [{ visitedAt: '2031-01-01T10:00' }, 'visitedAt'],
      [{ visitedAt: '2026-02-31T10:00' }, 'visitedAt'],
      [{ rating: 6 }, 'rating'],
      [{ reason: '' }, 'reason'],
      [{ photos: Array.from({ length: 13 }, () => ({ id: randomUUID() })) }, 'photos'],
    ];
    for (const [change, field] of cases) {
      const body = { ...report(t.ids.client, []), ...change };
      if (field === 'photos')
        body.photos = (change.photos as { id: string }[]).map((p) => ({
          id: p.id,
          width: 10,
          height: 10,
          size: 10,
        }));
      const answer = await request('chasseur', 'POST', '/api/staff/visit-reports', body, keyed());
      expect(answer.status, field).toBe(400);
      expect(Object.keys(answer.body.fieldErrors ?? {}), field).toContain(field);
      expect(JSON.stringify(answer.body.fieldErrors), field).toMatch(/[a-zé]/);
    }
    expect(
      (await request('chasseur', 'POST', '/api/staff/visit-reports', report(t.ids.client, [])))
        .status,
    ).toBe(400);
  });
});

describe('who may read and write visit reports', () => {
  it('keeps reports and photos to their buyer and the staff who may see that buyer', async () => {
    const { t, request, putPhoto } = await setup();
    const id = randomUUID();
    const body = report(t.ids.client, [{ id }]);
    // Another hunter may not write for the demo client, nor a client, nor anyone signed out.
    for (const who of ['otherHunter', 'client', 'anonymous', 'forged'] as const) {
      const refused = await request(who, 'POST', '/api/staff/visit-reports', body, keyed());
      expect([401, 403, 404], who).toContain(refused.status);
    }
    const sent = await request('chasseur', 'POST', '/api/staff/visit-reports', body, keyed());
    expect(sent.status).toBe(201);
    // Another hunter may not add photos to it.
    expect((await putPhoto('otherHunter', body.ref, id, jpeg(8))).status).toBe(404);
    expect((await putPhoto('client', body.ref, id, jpeg(8))).status).toBe(403);
    await putPhoto('chasseur', body.ref, id, jpeg(8));

    const photo = `/api/visit-photos/${id}`;
    const statuses = Object.fromEntries(
      await Promise.all(
        (
          [
            'client',
            'otherClient',
            'chasseur',
            'otherHunter',
            'manager',
            'anonymous',
            'forged',
          ] as const
        ).map(async (who) => [who, (await request(who, 'GET', photo)).status]),
      ),
    );
    expect(statuses).toEqual({
      client: 200,
      otherClient: 404,
      chasseur: 200,
      otherHunter: 404,
      manager: 200,
      anonymous: 401,
      forged: 401,
    });
    const list = `/api/staff/buyers/${t.ids.client}/visits`;
    expect((await request('otherHunter', 'GET', list)).status).toBe(404);
    expect((await request('client', 'GET', list)).status).toBe(403);
    expect((await request('otherClient', 'GET', '/api/client/visits')).body.reports).toEqual([]);
  });
});

describe('the buyer’s answer', () => {
  it('records « Ça m’intéresse » once per key, tells the hunter, and refuses another client', async () => {
    const { t, request, putPhoto, mails } = await setup();
    const id = randomUUID();
    const body = report(t.ids.client, [{ id }]);
    const sent = await request('chasseur', 'POST', '/api/staff/visit-reports', body, keyed());
    await putPhoto('chasseur', body.ref, id, jpeg(10));
    const url = `/api/client/visit-reports/${sent.body.id}/answer`;
    const answer = { answer: 'interesse', comment: 'Peut-on revoir la cave ?' };
    const key = randomUUID();
    const first = await request('client', 'POST', url, answer, keyed(key));
    expect(first.status).toBe(200);
    expect(first.body.answer).toMatchObject({ answer: 'interesse' });
    const replay = await request('client', 'POST', url, answer, keyed(key));
    expect(replay.res.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await request('otherClient', 'POST', url, answer, keyed())).status).toBe(404);
    expect((await request('client', 'POST', url, { answer: 'peut-être' }, keyed())).status).toBe(
      400,
    );

    const fiche = await request('chasseur', 'GET', `/api/staff/buyers/${t.ids.client}/visits`);
    expect(fiche.body.reports[0].answer).toMatchObject({
      answer: 'interesse',
      comment: 'Peut-on revoir la cave ?',
    });
    const toHunter = (await mails()).filter((m) => m.recipient === 'chasseur@demo.chassimmo.fr');
    expect(toHunter).toHaveLength(1);
    expect(toHunter[0]?.subject).toContain('«\u00a0Ça m’intéresse\u00a0»');
  });
});

describe('planned visits', () => {
  it('plans a visit, tells the buyer, gives a calendar file to the buyer only, lists it today', async () => {
    const { t, request, mails } = await setup();
    const inTwoHours = isoToParisLocal(new Date(Date.now() + 2 * 60 * 60_000).toISOString());
    const planned = await request('chasseur', 'POST', `/api/staff/buyers/${t.ids.client}/visits`, {
      address: '3, place de la Bastille',
      department: '75',
      city: '75111',
      startsAt: inTwoHours,
      withClient: true,
    });
    expect(planned.status).toBe(201);
    expect(planned.body).toMatchObject({ cityName: 'Paris 11e', withClient: true, duration: 45 });
    const mail = (await mails()).find((m) => m.recipient === 'client@demo.chassimmo.fr');
    expect(mail?.subject).toMatch(/^Visite prévue le /);
    expect(mail?.text).toContain(`/api/client/visits/${planned.body.id}/calendar.ics`);

    expect((await request('client', 'GET', '/api/client/visits')).body.visits).toHaveLength(1);
    const ics = await request(
      'client',
      'GET',
      `/api/client/visits/${planned.body.id}/calendar.ics`,
    );
    expect(ics.status).toBe(200);
    expect(ics.res.headers.get('Content-Type')).toMatch(/^text\/calendar/);
    expect(ics.text).toContain(
      `DTSTART:${planned.body.startsAt.replace(/[-:]/g, '').slice(0, 15)}Z`,
    );
    expect(
      (await request('otherClient', 'GET', `/api/client/visits/${planned.body.id}/calendar.ics`))
        .status,
    ).toBe(404);

    const today = await request('chasseur', 'GET', '/api/staff/today');
    // Two hours from now may be tomorrow in Paris: then it is not today's.
    const sameDay =
      inTwoHours.slice(0, 10) === isoToParisLocal(new Date().toISOString()).slice(0, 10);
    expect(today.body.visits.map((v: { id: number }) => v.id)).toEqual(
      sameDay ? [planned.body.id] : [],
    );
    expect((await request('otherHunter', 'GET', '/api/staff/today')).body.visits).toEqual([]);

    const cancelled = await request(
      'otherHunter',
      'POST',
      `/api/staff/visits/${planned.body.id}/cancel`,
    );
    expect(cancelled.status).toBe(404);
    const done = await request('chasseur', 'POST', `/api/staff/visits/${planned.body.id}/cancel`);
    expect(done.body.cancelled).toBe(true);
    expect((await request('client', 'GET', '/api/client/visits')).body.visits).toEqual([]);
    expect((await mails()).map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/^Visite annulée/),
    );
  });

  it('refuses a visit in the past or at a time that does not exist, in French', async () => {
    const { t, request } = await setup();
    const base = {
      address: '3, place de la Bastille',
      department: '75',
      city: '75111',
      withClient: false,
    };
    const url = `/api/staff/buyers/${t.ids.client}/visits`;
    const past = await request('chasseur', 'POST', url, { ...base, startsAt: '2020-01-01T10:00' });
    expect(past.status).toBe(400);
    expect(past.body.fieldErrors.startsAt).toMatch(/passée/);
    const impossible = await request('chasseur', 'POST', url, {
      ...base,
      startsAt: '2031-02-30T10:00',
    });
    expect(impossible.body.fieldErrors.startsAt).toMatch(/n’existe pas/);
  });
});
