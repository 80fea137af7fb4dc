import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { closeAfterEach, fieldErrorsOf, makeTestApp, postJson } from '../../test-app';

const valid = {
  name: 'Claire Martin',
  email: 'claire.martin@exemple.fr',
  phone: '06 12 34 56 78',
  subject: 'achat',
  message: 'Je cherche un trois-pièces lumineux à Vincennes, budget 450 000 €.',
  consent: true,
};

const keep = closeAfterEach();
const setup = async () => keep(await makeTestApp());
const send = (app: Awaited<ReturnType<typeof setup>>['app'], body: unknown) =>
  app.request('/api/contact', postJson(body));

const count = (d: Db) =>
  d
    .selectFrom('contact_message')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

describe('POST /api/contact', () => {
  it('stores a valid message and answers 201 with a French confirmation', async () => {
    const { app, db } = await setup();
    const res = await send(app, { ...valid, name: '  Claire Martin  ' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: number; message: string };
    expect(body.message).toMatch(/bien été envoyé/);
    const row = await db
      .selectFrom('contact_message')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row.ip_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(row).toMatchObject({
      name: 'Claire Martin',
      email: valid.email,
      subject: 'achat',
      brand: 'main',
    });
  });

  it('answers 400 with French field messages and stores nothing', async () => {
    const { app, db } = await setup();
    const res = await send(app, { ...valid, email: 'pas-un-mail', consent: false });
    const fields = await fieldErrorsOf(res);
    expect(fields.email).toMatch(/adresse e-mail valide/);
    expect(fields.consent).toMatch(/accepter/);
    expect((await count(db)).n).toBe(0);
  });

  it.each([
    ['not JSON', 'nom=Claire'],
    ['a JSON array', '[1,2]'],
    ['JSON null', 'null'],
  ])('answers 400 to %s', async (_label, raw) => {
    const { app } = await setup();
    const res = await send(app, raw);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/JSON/);
  });

  it('answers 415 to a body that is not declared as JSON, as a cross-site form would send', async () => {
    const { app, db } = await setup();
    const res = await app.request('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify(valid),
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toMatch(/format JSON/);
    expect((await count(db)).n).toBe(0);
  });

  it('answers 400 to wrong types', async () => {
    const { app } = await setup();
    const res = await send(app, { ...valid, name: 12, message: ['a'], subject: 'spam' });
    expect(res.status).toBe(400);
    const { fieldErrors } = (await res.json()) as { fieldErrors: Record<string, string> };
    expect(Object.keys(fieldErrors).sort()).toEqual(['message', 'name', 'subject']);
  });

  it('answers 413 to a body over 100 KB', async () => {
    const { app, db } = await setup();
    const res = await send(app, { ...valid, message: 'x'.repeat(200_000) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toMatch(/trop volumineuse/);
    expect((await count(db)).n).toBe(0);
  });

  it('keeps markup as plain text', async () => {
    const { app, db } = await setup();
    const message = '<script>alert("x")</script> Bonjour, je vends un deux-pièces.';
    const res = await send(app, { ...valid, message });
    expect(res.status).toBe(201);
    const row = await db.selectFrom('contact_message').select('message').executeTakeFirstOrThrow();
    expect(row.message).toBe(message);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('accepts but does not store what a bot sends through the honeypot', async () => {
    const { app, db } = await setup();
    const res = await send(app, { ...valid, website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect((await count(db)).n).toBe(0);
  });

  it('slows down a flood from one address with a French 429', async () => {
    const { app, db } = await setup();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await send(app, valid)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await count(db)).n).toBe(5);
  });
});
