import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../src/domain/api/errors';
import { validRegistration } from '../../src/domain/buyer-signup.fixture';
import { validOwnerSubmission } from '../../src/domain/owner-questionnaire.fixture';
import { makeTestApp, postJson } from '../test-app';

type Made = Awaited<ReturnType<typeof makeTestApp>>;
let made: Made | undefined;
afterEach(async () => {
  await made?.db.destroy();
  made = undefined;
});

/** Words of zod's English messages (« Invalid option: expected one of "main"… »). */
const ENGLISH = /\b(invalid|expected|received|required|too (big|small)|must|one of)\b/i;

const idempotent = { 'Idempotency-Key': randomUUID() };

/** Bodies every public endpoint must refuse in French, field by field. */
const refusals: [string, string, unknown, Record<string, string>?][] = [
  [
    'contact, a brand that does not exist',
    '/api/contact',
    {
      name: 'Claire Martin',
      email: 'claire.martin@exemple.fr',
      subject: 'achat',
      message: 'Je cherche un trois-pièces lumineux à Vincennes.',
      consent: true,
      brand: 'autre',
    },
  ],
  ['contact, values of the wrong type', '/api/contact', { name: 3, email: [], consent: 'oui' }],
  [
    'register, values of the wrong type',
    '/api/register',
    {
      ...validRegistration,
      partnerCode: 42,
      project: {
        ...validRegistration.project,
        searchGoal: 'Autre',
        typeBien: ['x'],
        personCount: 'deux',
      },
    },
    idempotent,
  ],
  ['register, an empty body', '/api/register', {}, { 'Idempotency-Key': randomUUID() }],
  [
    'owner questionnaire, values of the wrong type',
    '/api/public/biens',
    {
      bien: { ...validOwnerSubmission.bien, status: 'Ruine', price: 'cher', disponible: 'oui' },
      contact: { ...validOwnerSubmission.contact, bienCount: -1 },
    },
    { 'Idempotency-Key': randomUUID() },
  ],
  ['sign-in, values of the wrong type', '/api/login', { email: 1, password: null }],
  ['forgotten password, no e-mail', '/api/auth/forgot-password', { email: { a: 1 } }],
];

describe('error answers', () => {
  it.each(refusals)('%s: 400, the documented shape, French only', async (_, url, body, headers) => {
    made ??= await makeTestApp();
    const res = await made.app.request(url, postJson(body, headers));
    expect(res.status).toBe(400);
    const answer = apiErrorSchema.parse(await res.json());
    expect(answer.error.message).toBe(answer.message);
    expect(answer.error.fields).toEqual(answer.fieldErrors);
    const messages = [answer.message, ...Object.values(answer.error.fields ?? {})];
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) {
      expect(message).not.toMatch(ENGLISH);
      // French spacing: never a plain space before « : ».
      expect(message).not.toMatch(/ :/);
    }
  });

  it('answers a payment request of the wrong shape in French too', async () => {
    made = await makeTestApp();
    for (const body of [[], { lineItems: 'x', url: 3 }]) {
      const res = await made.app.request('/api/payment', postJson(body));
      expect(res.status).toBe(400);
      const answer = apiErrorSchema.parse(await res.json());
      expect(answer.error.message).not.toMatch(ENGLISH);
      expect(answer.error.message).toMatch(/panier|paiement/);
    }
  });

  it('gives a 404 of the API and a 409 the same shape', async () => {
    made = await makeTestApp();
    const missing = await made.app.request('/api/nulle-part');
    expect(missing.status).toBe(404);
    expect(apiErrorSchema.parse(await missing.json()).error.message).toMatch(/n’existe pas/);
    const register = () =>
      made!.app.request(
        '/api/register',
        postJson(validRegistration, { 'Idempotency-Key': randomUUID() }),
      );
    expect((await register()).status).toBe(201);
    const again = await register();
    expect(again.status).toBe(409);
    const answer = apiErrorSchema.parse(await again.json());
    expect(answer.error.fields?.email).toMatch(/Un compte existe déjà/);
  });
});
