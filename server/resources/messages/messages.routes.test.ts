import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { afterEach, describe, expect, it } from 'vitest';
import { PUSH_SUBSCRIPTIONS_PATH } from '../../../src/domain/api/push';
import { validRegistration } from '../../../src/domain/buyer-signup.fixture';
import type { BuyerProject } from '../../../src/domain/buyer-signup.schema';
import { company } from '../../../src/domain/company';
import { MESSAGE_BURST, MESSAGE_MAIL_WINDOW_MS } from '../../../src/domain/api/messages';
import { Role } from '../../../src/domain/roles';
import { insertBuyerProject } from '../buyers/buyer-projects.repo';
import { addBuyer } from '../../staff/test-records';
import { staffApps, type Caller } from '../../staff/test-staff';
import { signedIn } from '../../test-app';
import { UsersRepo } from '../users/users.repo';
import { removeBuyerMessages, unreadMessagesForStaff } from './messages.repo';

const open = staffApps();

/**
 * The demo accounts, a project of the demo client (followed by the demo hunter), another client
 * of the same hunter with a project, and another hunter with a client of their own.
 */
async function setup(env: Record<string, string> = {}) {
  const t = await open(env);
  await t.db
    .transaction()
    .execute((trx) =>
      insertBuyerProject(trx, t.ids.client, validRegistration.project as BuyerProject, undefined),
    );
  const { id: projectId } = await t.db
    .selectFrom('buyer_project')
    .select('id')
    .where('user_id', '=', t.ids.client)
    .executeTakeFirstOrThrow();
  const other = await addBuyer(t.db, 'Olivier', t.ids.chasseur);
  const hunter = await new UsersRepo(t.db).create({
    email: 'autre.chasseur@demo.chassimmo.fr',
    passwordHash: 'x',
    firstname: 'Paul',
    lastname: 'Autre',
    roles: [Role.CHASSEUR],
    isActive: true,
  });
  const foreign = await addBuyer(t.db, 'Bruno', hunter.id);
  const headers: Record<string, Record<string, string>> = {
    ...t.headers,
    otherClient: (await signedIn(t, 'olivier@exemple.fr')).headers,
    otherHunter: (await signedIn(t, 'autre.chasseur@demo.chassimmo.fr')).headers,
    foreignClient: (await signedIn(t, 'bruno@exemple.fr')).headers,
  };
  type Who = Caller | 'otherClient' | 'otherHunter' | 'foreignClient';

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
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: json as any, res };
  };
  const side = (who: Who) => (/client/i.test(who) ? 'client' : 'staff');
  const path = (who: Who, project: number) => `/api/${side(who)}/projects/${project}/messages`;
  /** A message from `who` in `project` (the demo client's by default), under `key`. */
  const write = (who: Who, text: string, project = projectId, key = randomUUID()) =>
    request(who, 'POST', path(who, project), { text }, { 'Idempotency-Key': key });
  const read = (who: Who, project = projectId) => request(who, 'GET', path(who, project));
  const mails = () =>
    t.db.selectFrom('mail_queue').select(['recipient', 'subject', 'text']).orderBy('id').execute();
  const stored = async (project = projectId) =>
    t.db
      .selectFrom('message')
      .selectAll()
      .where('project_id', '=', project)
      .orderBy('id')
      .execute();
  /** As if the last mail about `project` had been sent longer ago than the window. */
  const windowPassed = (project = projectId) =>
    t.db
      .updateTable('message_mail')
      .set({
        mailed_at: new Date(Date.now() - MESSAGE_MAIL_WINDOW_MS - 60_000).toISOString(),
      })
      .where('project_id', '=', project)
      .execute();
  return {
    t,
    headers,
    projectId,
    other,
    foreign,
    hunterId: hunter.id,
    request,
    write,
    read,
    mails,
    stored,
    windowPassed,
  };
}

describe('the conversation of a buyer project', () => {
  it('carries messages both ways, newest last, with read receipts and one mail each way', async () => {
    const { t, projectId, write, read, request, mails } = await setup();
    const first = await write('chasseur', 'Bonjour Claire, deux biens à voir samedi\u202f?');
    expect(first.status).toBe(201);
    expect(first.body.message).toMatchObject({
      side: 'staff',
      authorName: 'Charles Chasseur',
      readAt: null,
    });

    const seen = await read('client');
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      projectId,
      clientName: 'Claire Cliente',
      hunterName: 'Charles Chasseur',
      older: 0,
    });
    expect(seen.body.messages.map((m: { text: string }) => m.text)).toEqual([
      'Bonjour Claire, deux biens à voir samedi\u202f?',
    ]);
    const marked = await request(
      'client',
      'POST',
      `/api/client/projects/${projectId}/messages/read`,
      { lastId: first.body.message.id },
    );
    expect(marked.body).toEqual({ marked: 1 });
    // Reading again marks nothing more: the first reading's moment stays.
    const again = await request(
      'client',
      'POST',
      `/api/client/projects/${projectId}/messages/read`,
      { lastId: first.body.message.id },
    );
    expect(again.body).toEqual({ marked: 0 });

    const answer = await write('client', 'Oui, samedi matin me va.');
    expect(answer.status).toBe(201);
    const staffView = await read('chasseur');
    expect(staffView.body.messages.map((m: { side: string }) => m.side)).toEqual([
      'staff',
      'client',
    ]);
    expect(staffView.body.messages[0].readAt).toEqual(expect.any(String));
    expect(staffView.body.messages[1]).toMatchObject({
      authorName: 'Claire Cliente',
      readAt: null,
    });

    const sent = await mails();
    expect(sent.map((m) => [m.recipient, m.subject])).toEqual([
      ['client@demo.chassimmo.fr', 'Un nouveau message de Charles Chasseur'],
      ['chasseur@demo.chassimmo.fr', 'Un nouveau message de Claire Cliente'],
    ]);
    expect(sent[0]!.text).toContain('/dashboard#messages');
    expect(sent[1]!.text).toContain(
      `/wh-dashboard/acquereurs/${t.ids.client}#messages-${projectId}`,
    );
    // What was said stays in the conversation: never in the mails nor the audit trail.
    expect(sent.map((m) => m.text).join()).not.toContain('samedi matin');
    const trail = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', '=', 'message')
      .execute();
    expect(trail).toHaveLength(2);
    expect(trail.map((e) => e.after).join()).not.toContain('samedi');
  });

  it('opens a conversation only to its client and the staff who may see the project', async () => {
    const { projectId, foreign, write, read, request, stored } = await setup();
    for (const who of ['anonymous', 'forged'] as const) {
      expect((await read(who)).status).toBe(401);
      expect((await write(who, 'Intrus')).status).toBe(401);
    }
    // Another client, another hunter: as if the project did not exist.
    for (const who of ['otherClient', 'otherHunter'] as const) {
      expect((await read(who)).status).toBe(404);
      expect((await write(who, 'Intrus')).status).toBe(404);
      const mark = await request(
        who,
        'POST',
        `/api/${who === 'otherClient' ? 'client' : 'staff'}/projects/${projectId}/messages/read`,
        { lastId: 1 },
      );
      expect(mark.status).toBe(404);
    }
    // A client on the staff's path, a hunter on the client's.
    expect(
      (await request('client', 'GET', `/api/staff/projects/${projectId}/messages`)).status,
    ).toBe(403);
    expect(
      (await request('chasseur', 'GET', `/api/client/projects/${projectId}/messages`)).status,
    ).toBe(403);
    // The demo hunter cannot reach another hunter's client; forged and absent ids are not found.
    expect((await read('chasseur', foreign.projectId)).status).toBe(404);
    expect((await read('chasseur', 999_999)).status).toBe(404);
    expect((await request('chasseur', 'GET', '/api/staff/projects/abc/messages')).status).toBe(404);
    expect((await read('client', foreign.projectId)).status).toBe(404);
    expect(await stored()).toHaveLength(0);

    // The supervisors see and write every conversation.
    for (const who of ['manager', 'directeur', 'admin'] as const) {
      expect((await read(who)).status).toBe(200);
      expect((await write(who, `Bonjour, ici ${who}.`)).status).toBe(201);
    }
    expect(await stored()).toHaveLength(3);
    expect((await read('otherHunter', foreign.projectId)).status).toBe(200);
  });

  it('refuses an empty text, markup, a missing key and a burst', async () => {
    const { write, request, projectId, stored } = await setup();
    expect((await write('client', '   ')).status).toBe(400);
    expect((await write('client', 'Voici <script>alert(1)</script>')).status).toBe(400);
    const keyless = await request('client', 'POST', `/api/client/projects/${projectId}/messages`, {
      text: 'Sans clé',
    });
    expect(keyless.status).toBe(400);
    expect(await stored()).toHaveLength(0);
    for (let i = 0; i < MESSAGE_BURST; i++)
      expect((await write('client', `Message ${i + 1}`)).status).toBe(201);
    const burst = await write('client', 'Un de trop');
    expect(burst.status).toBe(429);
    expect(burst.res.headers.get('Retry-After')).toBeTruthy();
    expect(await stored()).toHaveLength(MESSAGE_BURST);
  });
});

describe('a message sent again', () => {
  it('is stored once under its Idempotency-Key, even five times at once, with one mail', async () => {
    const { write, stored, mails } = await setup();
    const key = randomUUID();
    const first = await write('chasseur', 'Le compromis est prêt.', undefined, key);
    const replay = await write('chasseur', 'Le compromis est prêt.', undefined, key);
    expect(replay.status).toBe(201);
    expect(replay.res.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.body.message.id).toBe(first.body.message.id);
    // The same key with another text: refused, nothing stored.
    expect((await write('chasseur', 'Autre chose', undefined, key)).status).toBe(409);

    const burstKey = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => write('client', 'Parfait, merci.', undefined, burstKey)),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.message.id)).size).toBe(1);
    expect((await stored()).map((m) => m.text)).toEqual([
      'Le compromis est prêt.',
      'Parfait, merci.',
    ]);
    expect((await mails()).map((m) => m.recipient)).toEqual([
      'client@demo.chassimmo.fr',
      'chasseur@demo.chassimmo.fr',
    ]);
  });
});

describe('the e-mails of new messages', () => {
  it('sends at most one mail per conversation and recipient in 15 minutes, then one saying how many wait', async () => {
    const { t, write, mails, windowPassed, other } = await setup();
    await write('chasseur', 'Premier message');
    await write('chasseur', 'Deuxième message');
    await write('manager', 'Un mot de la manager');
    const toClient = async () =>
      (await mails()).filter((m) => m.recipient === 'client@demo.chassimmo.fr');
    expect((await toClient()).map((m) => m.subject)).toEqual([
      'Un nouveau message de Charles Chasseur',
    ]);
    // Another conversation is another window.
    await write('chasseur', 'Pour Olivier', other.projectId);
    expect((await mails()).filter((m) => m.recipient === 'olivier@exemple.fr')).toHaveLength(1);

    await windowPassed();
    await write('chasseur', 'Quatrième message');
    const told = await toClient();
    expect(told).toHaveLength(2);
    expect(told[1]!.subject).toBe('4\u00a0nouveaux messages de Charles Chasseur');
    expect(told[1]!.text).toContain('4\u00a0messages non lus');
    expect(told[1]!.text).toContain('/dashboard#messages');
    await write('chasseur', 'Cinquième message');
    expect(await toClient()).toHaveLength(2);

    // The client's answer goes to the hunter; with the hunter archived, to the agency.
    await write('client', 'Bien reçu');
    await t.db
      .updateTable('app_user')
      .set({ is_archived: 1 })
      .where('id', '=', t.ids.chasseur)
      .execute();
    await windowPassed();
    await write('client', 'Vous êtes là\u202f?');
    const hunterSide = (await mails()).filter((m) => m.recipient !== 'client@demo.chassimmo.fr');
    expect(hunterSide.map((m) => m.recipient)).toEqual([
      'olivier@exemple.fr',
      'chasseur@demo.chassimmo.fr',
      company.email,
    ]);
  });
});

describe('messages written at once', () => {
  it('make one mail between them: the window is claimed by one of them only', async () => {
    const { write, stored, mails } = await setup();
    const sent = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        write(i % 2 === 0 ? 'chasseur' : 'manager', `Message ${i + 1}`),
      ),
    );
    expect(sent.map((s) => s.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await stored()).toHaveLength(6);
    expect((await mails()).filter((m) => m.recipient === 'client@demo.chassimmo.fr')).toHaveLength(
      1,
    );
  });
});

describe('unreadMessagesForStaff (« Aujourd’hui »)', () => {
  it('counts the clients’ unread messages of the projects each staff member may see', async () => {
    const { t, projectId, other, foreign, hunterId, write, request } = await setup();
    await write('client', 'Première question');
    const last = await write('client', 'Seconde question, un peu plus longue que la première.');
    await write('otherClient', 'Bonjour', other.projectId);
    await write('foreignClient', 'Bonjour Paul', foreign.projectId);
    await write('chasseur', 'Une réponse ne compte pas');

    const hunter = { id: t.ids.chasseur, roles: [Role.CHASSEUR] };
    const mine = await unreadMessagesForStaff(t.db, hunter);
    expect(mine.map((u) => [u.projectId, u.count])).toEqual(
      expect.arrayContaining([
        [projectId, 2],
        [other.projectId, 1],
      ]),
    );
    expect(mine).toHaveLength(2);
    expect(mine.find((u) => u.projectId === projectId)).toMatchObject({
      clientId: t.ids.client,
      clientName: 'Claire Cliente',
      lastText: 'Seconde question, un peu plus longue que la première.',
      lastAt: last.body.message.createdAt,
    });
    const everyone = await unreadMessagesForStaff(t.db, {
      id: t.ids.manager,
      roles: [Role.MANAGER],
    });
    expect(everyone).toHaveLength(3);
    expect(
      await unreadMessagesForStaff(t.db, { id: hunterId, roles: [Role.CHASSEUR] }),
    ).toMatchObject([{ projectId: foreign.projectId, count: 1 }]);
    expect(await unreadMessagesForStaff(t.db, { id: t.ids.client, roles: [Role.CLIENT] })).toEqual(
      [],
    );

    // Read by the hunter: no longer waiting.
    await request('chasseur', 'POST', `/api/staff/projects/${projectId}/messages/read`, {
      lastId: last.body.message.id,
    });
    expect((await unreadMessagesForStaff(t.db, hunter)).map((u) => u.projectId)).toEqual([
      other.projectId,
    ]);
  });

  it('forgets the conversations of a deleted account', async () => {
    const { t, projectId, write, stored } = await setup();
    await write('client', 'À effacer');
    await t.db.transaction().execute((trx) => removeBuyerMessages(trx, t.ids.client));
    expect(await stored(projectId)).toEqual([]);
    expect(
      await t.db
        .selectFrom('message_mail')
        .selectAll()
        .where('project_id', '=', projectId)
        .execute(),
    ).toEqual([]);
  });
});

/** A local HTTP server standing in for a push service: it keeps each request's body. */
const services: Server[] = [];
afterEach(async () => {
  for (const server of services.splice(0))
    await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function pushService() {
  const received: Buffer[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push(Buffer.concat(chunks));
      res.writeHead(201).end();
    });
  });
  services.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}/wpush/v2/test`, received };
}

describe('the Web Push of a new message', () => {
  it('tells the other side’s device once the message is stored, never for a replay', async () => {
    const { t, headers, projectId, write } = await setup({ PUSH_ALLOW_LOCAL_ENDPOINTS: '1' });
    const service = await pushService();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    const subscribed = await t.app.request(PUSH_SUBSCRIPTIONS_PATH, {
      method: 'POST',
      headers: {
        ...headers.client,
        'Content-Type': 'application/json',
        'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36',
      },
      body: JSON.stringify({
        endpoint: service.endpoint,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      }),
    });
    expect(subscribed.status).toBe(201);

    const key = randomUUID();
    const text = 'La visite de samedi est confirmée à 10\u00a0h, devant le 12, rue Gallieni.';
    expect((await write('chasseur', text, undefined, key)).status).toBe(201);
    await expect.poll(() => service.received.length).toBe(1);
    const clear = ece.decrypt(service.received[0]!, {
      version: 'aes128gcm',
      privateKey: ecdh,
      authSecret: auth,
    });
    expect(JSON.parse(clear.toString('utf8'))).toEqual({
      title: 'Nouveau message de Charles Chasseur',
      body: text,
      url: '/dashboard#messages',
      tag: `messages-${projectId}`,
    });

    // The same message again (a replay) and the client's own answer: nothing more to her device.
    expect((await write('chasseur', text, undefined, key)).status).toBe(201);
    expect((await write('client', 'Parfait.')).status).toBe(201);
    expect((await write('chasseur', 'Autre précision')).status).toBe(201);
    await expect.poll(() => service.received.length).toBe(2);
    expect(service.received).toHaveLength(2);
  });
});
