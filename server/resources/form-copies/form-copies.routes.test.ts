import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  FORM_COPIES_PATH,
  FORM_COPY_MAX_BYTES,
  formCopyEmailPath,
  formCopyPath,
  type FormCopyCreated,
  type FormCopySaved,
  type FormCopySent,
  type FormCopyView,
} from '../../../src/domain/api/form-copies';
import { apiErrorSchema } from '../../../src/domain/api/errors';
import { validRegistration } from '../../../src/domain/buyer-signup.fixture';
import { validOwnerSubmission } from '../../../src/domain/owner-questionnaire.fixture';
import { closeAfterEach, fieldErrorsOf, makeTestApp, postJson } from '../../test-app';
import { isSecretLink } from '../../mail/secret-links';
import { formCopyTokenHash } from './form-copies.repo';

const keep = closeAfterEach();
const PUBLIC_URL = 'https://www.chassimmo.example';
const DAY = 24 * 60 * 60_000;

async function setup() {
  const clock = { now: Date.parse('2026-11-22T13:05:00Z') };
  // TRUST_PROXY: the tests speak for several addresses through X-Forwarded-For.
  const made = keep(
    await makeTestApp({
      now: () => clock.now,
      env: { TRUST_PROXY: '1', PUBLIC_URL, PUBLIC_FORM_HOURLY_LIMIT: '50' },
    }),
  );
  const from = (address = '203.0.113.7') => ({ 'X-Forwarded-For': address, Host: 'evil.example' });
  const create = (body: unknown, address?: string) =>
    made.app.request(FORM_COPIES_PATH, postJson(body, from(address)));
  const read = (token: string, address?: string) =>
    made.app.request(formCopyPath(token), { headers: from(address) });
  const update = (token: string, body: unknown, address?: string) =>
    made.app.request(formCopyPath(token), { ...postJson(body, from(address)), method: 'PUT' });
  const email = (token: string, body: unknown, address?: string) =>
    made.app.request(formCopyEmailPath(token), postJson(body, from(address)));
  return { ...made, clock, create, read, update, email };
}

const KEY = 'c0ffee00-0000-4000-8000-000000000033';
const buyerCopy = {
  flow: 'buyer',
  step: 9,
  idempotencyKey: KEY,
  answers: {
    USER: {
      firstname: 'Léa',
      email: 'lea.bernard@exemple.fr',
      password: 'Maison2026',
      passwordConfirm: 'Maison2026',
    },
    PROJECT: { budget: 650000, departments: ['94', '92'] },
  },
};

async function created(res: Response): Promise<FormCopyCreated> {
  expect(res.status).toBe(201);
  return (await res.json()) as FormCopyCreated;
}

async function frenchError(res: Response, status: number): Promise<string> {
  expect(res.status).toBe(status);
  const body = apiErrorSchema.parse(await res.json());
  expect(body.message).toMatch(/[éèàùâêîôûç’]/);
  return body.message;
}

describe('form copies (issue 33)', () => {
  it('makes a copy whose link is built on PUBLIC_URL, reads it back without the password, and follows the draft', async () => {
    const { create, read, update, clock } = await setup();
    const copy = await created(await create(buyerCopy));
    expect(copy.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Never the request's Host.
    expect(copy.url).toBe(`${PUBLIC_URL}/signup/reprendre/${copy.token}`);
    expect(copy.expiresAt).toBe(new Date(clock.now + 7 * DAY).toISOString());

    const res = await read(copy.token);
    expect(res.status).toBe(200);
    const view = (await res.json()) as FormCopyView;
    expect(view).toEqual({
      flow: 'buyer',
      step: 9,
      idempotencyKey: KEY,
      answers: {
        USER: { firstname: 'Léa', email: 'lea.bernard@exemple.fr' },
        PROJECT: { budget: 650000, departments: ['94', '92'] },
      },
      updatedAt: new Date(clock.now).toISOString(),
      expiresAt: copy.expiresAt,
    });

    clock.now += 3 * DAY;
    const saved = await update(copy.token, {
      step: 10,
      idempotencyKey: KEY,
      answers: { ...buyerCopy.answers, PROJECT: { budget: 700000 } },
    });
    expect(saved.status).toBe(200);
    // An update does not extend the 7 days.
    expect(((await saved.json()) as FormCopySaved).expiresAt).toBe(copy.expiresAt);
    const after = (await (await read(copy.token)).json()) as FormCopyView;
    expect(after.step).toBe(10);
    expect(after.answers).toEqual({
      USER: { firstname: 'Léa', email: 'lea.bernard@exemple.fr' },
      PROJECT: { budget: 700000 },
    });
    expect(after.updatedAt).toBe(new Date(clock.now).toISOString());
  });

  it('stores neither a password nor its confirmation, and only the token’s SHA-256', async () => {
    const { create, update, db } = await setup();
    const copy = await created(await create(buyerCopy));
    const nested = { ...buyerCopy.answers, extra: [{ password: 'x', passwordConfirm: 'y' }] };
    expect(
      (await update(copy.token, { step: 9, idempotencyKey: KEY, answers: nested })).status,
    ).toBe(200);
    const rows = await db.selectFrom('form_copy').selectAll().execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    const stored = JSON.stringify(row);
    expect(stored).not.toMatch(/password/i);
    expect(stored).not.toContain('Maison2026');
    expect(stored).not.toContain(copy.token);
    expect(row.token_hash).toBe(formCopyTokenHash(copy.token));
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is readable at 6 days 23 hours, gone at 7 days, and purged by a later copy', async () => {
    const { create, read, update, clock, db } = await setup();
    const start = clock.now;
    const copy = await created(await create(buyerCopy));
    clock.now = start + 7 * DAY - 60 * 60_000;
    expect((await read(copy.token)).status).toBe(200);
    clock.now = start + 7 * DAY;
    expect(await frenchError(await read(copy.token), 404)).toMatch(/7\u00a0jours/);
    expect((await update(copy.token, { step: 3, idempotencyKey: KEY, answers: {} })).status).toBe(
      404,
    );
    expect(await db.selectFrom('form_copy').select('token_hash').execute()).toHaveLength(1);
    await created(await create({ ...buyerCopy, idempotencyKey: randomUUID() }));
    const left = await db.selectFrom('form_copy').select('token_hash').execute();
    expect(left.map((r) => r.token_hash)).not.toContain(formCopyTokenHash(copy.token));
    expect(left).toHaveLength(1);
  });

  it('once the signup is sent under the draft’s key: 410 on the other device, no update, one account', async () => {
    const { app, db, create, read, update, email } = await setup();
    const copy = await created(await create(buyerCopy));
    const send = () =>
      app.request('/api/register', postJson(validRegistration, { 'Idempotency-Key': KEY }));
    expect((await send()).status).toBe(201);

    const res = await read(copy.token);
    expect(res.status).toBe(410);
    const sent = (await res.json()) as FormCopySent;
    expect(sent.sent).toBe(true);
    expect(Date.parse(sent.sentAt)).not.toBeNaN();
    const row = await db.selectFrom('form_copy').selectAll().executeTakeFirstOrThrow();
    expect(row.answers).toBe('{}');
    expect(row.sent_at).toBe(sent.sentAt);

    expect((await update(copy.token, { step: 9, idempotencyKey: KEY, answers: {} })).status).toBe(
      410,
    );
    expect((await email(copy.token, { email: 'lea@exemple.fr' })).status).toBe(410);
    expect(
      (await db.selectFrom('form_copy').select('answers').executeTakeFirstOrThrow()).answers,
    ).toBe('{}');

    // The other device sends the same draft under the same key: the stored answer, nothing new.
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const users = await db
      .selectFrom('app_user')
      .select('id')
      .where('email', '=', validRegistration.email)
      .execute();
    expect(users).toHaveLength(1);
    const projects = await db
      .selectFrom('buyer_project')
      .select('id')
      .where('user_id', '=', users[0]!.id)
      .execute();
    expect(projects).toHaveLength(1);
  });

  it('once the owner questionnaire is sent under the draft’s key: 410, and one lead only', async () => {
    const { app, db, create, read } = await setup();
    const ownerKey = randomUUID();
    const other = await created(
      await create({ flow: 'owner', step: 4, idempotencyKey: randomUUID(), answers: { a: 1 } }),
    );
    const copy = await created(
      await create({ flow: 'owner', step: 4, idempotencyKey: ownerKey, answers: { a: 1 } }),
    );
    expect(copy.url).toBe(`${PUBLIC_URL}/questions-proprietaire/reprendre/${copy.token}`);
    const send = () =>
      app.request(
        '/api/public/biens',
        postJson(validOwnerSubmission, { 'Idempotency-Key': ownerKey }),
      );
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    expect((await read(copy.token)).status).toBe(410);
    // Another draft's copy is left alone.
    expect((await read(other.token)).status).toBe(200);
    expect(await db.selectFrom('owner_property').select('id').execute()).toHaveLength(1);
  });

  it('answers 404 to the first 20 wrong tokens from an address, 429 with Retry-After from the 21st; other addresses go on', async () => {
    const { create, read, update, email } = await setup();
    const copy = await created(await create(buyerCopy, '198.51.100.1'));
    const unknown = () =>
      Buffer.from(randomUUID() + randomUUID())
        .toString('base64url')
        .slice(0, 43);
    const attacker = '203.0.113.99';
    // Unknown, malformed, on each of GET, PUT and the e-mail: every one counts.
    for (let i = 0; i < 20; i += 1) {
      const kind = i % 4;
      const res =
        kind === 0
          ? await read(unknown(), attacker)
          : kind === 1
            ? await read('pas-un-jeton', attacker)
            : kind === 2
              ? await update(unknown(), { step: 2, idempotencyKey: KEY, answers: {} }, attacker)
              : await email(unknown(), { email: 'x@exemple.fr' }, attacker);
      expect(res.status, `wrong try ${i + 1}`).toBe(404);
    }
    const refused = await read(unknown(), attacker);
    const message = await frenchError(refused, 429);
    expect(message).toMatch(/Réessayez dans \d+ minutes?/);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Blocked for every token from that address, even a right one.
    expect((await read(copy.token, attacker)).status).toBe(429);
    // Another address is not blocked.
    expect((await read(copy.token, '198.51.100.2')).status).toBe(200);
    expect((await read(unknown(), '198.51.100.2')).status).toBe(404);
  });

  it('gives back the count of a right token: a person carrying on is never blocked by their own saves', async () => {
    const { create, read, update } = await setup();
    const copy = await created(await create(buyerCopy));
    for (let i = 0; i < 30; i += 1) {
      const res = await update(copy.token, {
        step: 2 + (i % 10),
        idempotencyKey: KEY,
        answers: {},
      });
      expect(res.status).toBe(200);
    }
    expect((await read(copy.token)).status).toBe(200);
  });

  it('e-mails the link in French, signed Chassimmo, limited per copy', async () => {
    const { create, email, mails } = await setup();
    const copy = await created(await create(buyerCopy));
    const res = await email(copy.token, { email: '  Lea.Bernard@Exemple.fr ' });
    expect(res.status).toBe(202);
    const [mail] = await mails.list('lea.bernard@exemple.fr');
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Reprenez votre inscription sur un autre appareil');
    expect(mail!.links).toContain(copy.url);
    // The queue's readers (« Courriels ») never show the token.
    expect(isSecretLink(copy.url)).toBe(true);
    expect(mail!.text).toContain('L’équipe Chassimmo');
    expect(mail!.text).toContain('29\u00a0novembre\u00a02026');
    expect(mail!.text).not.toContain('Maison2026');
    expect((await email(copy.token, { email: 'lea.bernard@exemple.fr' })).status).toBe(202);
    expect((await email(copy.token, { email: 'autre@exemple.fr' })).status).toBe(202);
    const fourth = await email(copy.token, { email: 'encore@exemple.fr' });
    expect(await frenchError(fourth, 429)).toMatch(/QR code/);
    expect(fourth.headers.get('Retry-After')).toBeTruthy();
  });

  it('refuses bad bodies with French messages, never a 500', async () => {
    const { create, update, email, app } = await setup();
    const copy = await created(await create(buyerCopy));
    expect(await fieldErrorsOf(await create({ ...buyerCopy, flow: 'visit' }))).toEqual({
      flow: 'Ce formulaire ne peut pas être continué ailleurs.',
    });
    expect(Object.keys(await fieldErrorsOf(await create({ ...buyerCopy, step: 0 })))).toEqual([
      'step',
    ]);
    expect(Object.keys(await fieldErrorsOf(await create({ ...buyerCopy, answers: [1] })))).toEqual([
      'answers',
    ]);
    expect(
      Object.keys(await fieldErrorsOf(await create({ ...buyerCopy, idempotencyKey: 'x' }))),
    ).toEqual(['idempotencyKey']);
    await fieldErrorsOf(await create('pas du JSON'));
    await fieldErrorsOf(await create(null));
    const big = { ...buyerCopy, answers: { text: 'é'.repeat(FORM_COPY_MAX_BYTES / 2 + 10) } };
    expect(await frenchError(await create(big), 413)).toMatch(/trop volumineuses/);
    expect(
      await frenchError(
        await update(copy.token, { step: 2, idempotencyKey: KEY, answers: big.answers }),
        413,
      ),
    ).toMatch(/trop volumineuses/);
    await fieldErrorsOf(
      await update(copy.token, { step: 'deux', idempotencyKey: KEY, answers: {} }),
    );
    expect(await fieldErrorsOf(await email(copy.token, { email: 'pas-une-adresse' }))).toEqual({
      email: 'Saisissez une adresse e-mail valide.',
    });
    const wrongMethod = await app.request(formCopyPath(copy.token), { method: 'DELETE' });
    expect(wrongMethod.status).toBeLessThan(500);
  });
});
