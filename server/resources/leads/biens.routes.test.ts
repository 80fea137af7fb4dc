import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { validOwnerSubmission } from '../../../src/domain/owner-questionnaire.fixture';
import type { Db } from '../../db/database';
import { makeTestApp } from '../../test-app';

type App = Awaited<ReturnType<typeof makeTestApp>>;
let current: App | undefined;
afterEach(async () => {
  await current?.db.destroy();
  current = undefined;
});
async function setup() {
  current = await makeTestApp();
  return current;
}

function post(app: App['app'], body: unknown, key: string | null = randomUUID()) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (key) headers['Idempotency-Key'] = key;
  return app.request('/api/public/biens', {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function counts(db: Db) {
  const n = async (table: 'owner_property' | 'owner_contact') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { properties: await n('owner_property'), contacts: await n('owner_contact') };
}

describe('POST /api/public/biens', () => {
  it('stores one property and its owner, with the coded values, and e-mails both sides', async () => {
    const { app, db, mails } = await setup();
    const res = await post(app, validOwnerSubmission);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const property = await db
      .selectFrom('owner_property')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(property).toMatchObject({
      property_type: 'Résidence principale',
      department: '94',
      city: 'Vincennes',
      type_bien: 1,
      status: 'Ancien',
      surface: 3,
      room_count: 3,
      bedroom_count: 2,
      visit_count: 0,
      price: 520000,
      with_three_last_assembly: 1,
      with_four_last_charges_statements: 0,
      with_diagnostics: 1,
      disponible: 1,
    });
    const contact = await db.selectFrom('owner_contact').selectAll().executeTakeFirstOrThrow();
    expect(contact).toMatchObject({
      lastname: 'Martin',
      email: 'claire@exemple.fr',
      phone: '06 12 34 56 78',
      bien_count: 1,
    });
    expect(property.contact_id).toBe(contact.id);
    expect((await mails.list('claire@exemple.fr'))[0]?.text).toContain('sous 48 heures');
    expect((await mails.list('contact@chassimmo.fr'))[0]?.subject).toMatch(
      /Nouveau propriétaire vendeur/,
    );
    // The type and the condition on their own lines: no 'Appartement ancienne', 'Maison neuf'.
    const staffMail = (await mails.list('contact@chassimmo.fr'))[0]?.text ?? '';
    expect(staffMail).toContain('Bien\u00a0: Appartement, Vincennes (94)');
    expect(staffMail).toContain('État\u00a0: Ancien');
  });

  it('stores one of Paris’ arrondissements as its INSEE code, shown « Paris 11e »', async () => {
    const { app, db, mails } = await setup();
    const inParis = (city: string, department = '75') => ({
      ...validOwnerSubmission,
      bien: { ...validOwnerSubmission.bien, department, city },
    });
    // The list's answer (the code), and the official name sent by another client.
    for (const city of ['75111', 'Paris 11e Arrondissement']) {
      const res = await post(app, inParis(city));
      expect(res.status, city).toBe(201);
      const { id } = (await res.json()) as { id: number };
      const property = await db
        .selectFrom('owner_property')
        .select(['city', 'department', 'contact_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(property).toMatchObject({ city: '75111', department: '75' });
      const contact = await db
        .selectFrom('owner_contact')
        .select('search_text')
        .where('id', '=', property.contact_id)
        .executeTakeFirstOrThrow();
      expect(contact.search_text).toContain('paris 11e');
    }
    const staffMails = await mails.list('contact@chassimmo.fr');
    expect(staffMails[0]?.subject).toMatch(/, Paris 11e$/);
    expect(staffMails[0]?.text).toContain('Bien\u00a0: Appartement, Paris 11e (75)');
    // Paris as a whole stays a choice; an arrondissement is refused outside department 75.
    expect((await post(app, inParis('Paris'))).status).toBe(201);
    const outside = await post(app, inParis('75111', '92'));
    expect(outside.status).toBe(400);
    expect(((await outside.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual(
      {
        'bien.city': 'Cette ville n’est pas dans le département choisi.',
      },
    );
  });

  it('stores one lead for the same Idempotency-Key sent twice, answering the first answer', async () => {
    const { app, db, mails } = await setup();
    const key = randomUUID();
    const first = await post(app, validOwnerSubmission, key);
    const again = await post(app, validOwnerSubmission, key);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await counts(db)).toEqual({ properties: 1, contacts: 1 });
    expect(await mails.list('claire@exemple.fr')).toHaveLength(1);
  });

  it('answers 409 to the same key with other answers, storing nothing more', async () => {
    const { app, db } = await setup();
    const key = randomUUID();
    await post(app, validOwnerSubmission, key);
    const changed = { ...validOwnerSubmission, bien: { ...validOwnerSubmission.bien, surface: 5 } };
    const res = await post(app, changed, key);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/autres réponses/);
    expect(await counts(db)).toEqual({ properties: 1, contacts: 1 });
  });

  it('keeps one record when two tabs send the same draft at the same instant', async () => {
    const { app, db } = await setup();
    const key = randomUUID();
    const answers = await Promise.all([
      post(app, validOwnerSubmission, key),
      post(app, validOwnerSubmission, key),
    ]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    expect(await counts(db)).toEqual({ properties: 1, contacts: 1 });
  });

  const { description: _d, ...bienWithoutDescription } = validOwnerSubmission.bien;
  const { city: _c, ...bienWithoutCity } = validOwnerSubmission.bien;
  it.each([
    ['a missing field', { ...validOwnerSubmission, bien: bienWithoutCity }, 'bien.city'],
    [
      'a wrong type',
      { ...validOwnerSubmission, bien: { ...validOwnerSubmission.bien, surface: 'grand' } },
      'bien.surface',
    ],
    [
      'an unknown department',
      { ...validOwnerSubmission, bien: { ...validOwnerSubmission.bien, department: '13' } },
      'bien.department',
    ],
    [
      'a city outside the department',
      {
        ...validOwnerSubmission,
        bien: { ...validOwnerSubmission.bien, city: 'Évry-Courcouronnes' },
      },
      'bien.city',
    ],
    [
      'script tags in text',
      {
        ...validOwnerSubmission,
        bien: { ...validOwnerSubmission.bien, description: 'Beau <script>alert(1)</script>' },
      },
      'bien.description',
    ],
    [
      'script tags in a name',
      {
        ...validOwnerSubmission,
        contact: { ...validOwnerSubmission.contact, firstname: '<img src=x onerror=alert(1)>' },
      },
      'contact.firstname',
    ],
    [
      'an invalid phone',
      { ...validOwnerSubmission, contact: { ...validOwnerSubmission.contact, phone: '0012' } },
      'contact.phone',
    ],
    [
      'a property count given as a phone number',
      {
        ...validOwnerSubmission,
        contact: { ...validOwnerSubmission.contact, bienCount: '0612345678' },
      },
      'contact.bienCount',
    ],
  ])('answers 400 to %s with a French message and stores nothing', async (_label, body, field) => {
    const { app, db } = await setup();
    const res = await post(app, body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { message: string; fieldErrors: Record<string, string> };
    expect(answer.message).toMatch(/champs sont invalides/);
    expect(answer.fieldErrors[field]).toMatch(/[a-zé]/);
    expect(await counts(db)).toEqual({ properties: 0, contacts: 0 });
  });

  it('accepts a submission without description or price (free valuation)', async () => {
    const { app } = await setup();
    const res = await post(app, {
      ...validOwnerSubmission,
      bien: { ...bienWithoutDescription, price: null },
    });
    expect(res.status).toBe(201);
  });

  it('answers 413 to a 10 MB body and 400 to a missing key or broken JSON', async () => {
    const { app, db } = await setup();
    const huge = {
      ...validOwnerSubmission,
      bien: { ...validOwnerSubmission.bien, description: 'x'.repeat(10 * 1024 * 1024) },
    };
    expect((await post(app, huge)).status).toBe(413);
    const noKey = await post(app, validOwnerSubmission, null);
    expect(noKey.status).toBe(400);
    expect(((await noKey.json()) as { message: string }).message).toMatch(/Idempotency-Key/);
    expect((await post(app, '{"bien":')).status).toBe(400);
    expect(await counts(db)).toEqual({ properties: 0, contacts: 0 });
  });

  it('stores text as text: quotes, ampersands and angle brackets in prose stay as typed', async () => {
    const { app, db } = await setup();
    const description = 'Vue "dégagée" & calme ; charges < 200 € par mois.';
    const res = await post(app, {
      ...validOwnerSubmission,
      bien: { ...validOwnerSubmission.bien, description },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const row = await db
      .selectFrom('owner_property')
      .select('description')
      .executeTakeFirstOrThrow();
    expect(row.description).toBe(description);
  });
});
