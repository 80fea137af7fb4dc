import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { validRegistration } from '../../../src/domain/buyer-signup.fixture';
import { validOwnerSubmission } from '../../../src/domain/owner-questionnaire.fixture';
import { headerSafe } from '../../mail/templates';
import { makeTestApp, postJson } from '../../test-app';

/**
 * Issue 11, points 6 and 8: the public forms must not become an e-mail relay nor a way to flood
 * the staff, and what a visitor types must not reach a mail header or greet someone with a link.
 */
type App = Awaited<ReturnType<typeof makeTestApp>>;
let current: App | undefined;
afterEach(async () => {
  await current?.db.destroy();
  current = undefined;
});

const clock = { now: Date.now() };
async function setup() {
  clock.now = Date.now();
  current = await makeTestApp({ now: () => clock.now, env: { TRUST_PROXY: '1' } });
  return current;
}

const lead = (email: string, firstname = 'Claire') => ({
  ...validOwnerSubmission,
  contact: { ...validOwnerSubmission.contact, email, firstname },
});
const owner = (app: App['app'], body: unknown, address: string, key = randomUUID()) =>
  app.request(
    '/api/public/biens',
    postJson(body, { 'Idempotency-Key': key, 'X-Forwarded-For': address }),
  );

describe('public forms under abuse', () => {
  it('take 5 owner leads an hour from one address, then answer 429 with Retry-After, in French', async () => {
    const { app, db } = await setup();
    const statuses = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await owner(app, lead(`proprio${i}@exemple.fr`), '203.0.113.5')).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);

    const refused = await owner(app, lead('encore@exemple.fr'), '203.0.113.5');
    expect(refused.headers.get('Retry-After')).toBe('3600');
    const { message } = (await refused.json()) as { message: string };
    expect(message).toMatch(/Vos réponses sont gardées\u00a0: réessayez dans 1 heure/);
    const stored = await db.selectFrom('owner_contact').select('id').execute();
    expect(stored).toHaveLength(5);

    // Another visitor is not concerned, and the hour passes.
    expect((await owner(app, lead('voisin@exemple.fr'), '198.51.100.8')).status).toBe(201);
    clock.now += 3_600_000;
    expect((await owner(app, lead('plus-tard@exemple.fr'), '203.0.113.5')).status).toBe(201);
  });

  it('count a replay of a stored lead (same Idempotency-Key) as the same lead, not a new one', async () => {
    const { app } = await setup();
    const key = randomUUID();
    for (let i = 0; i < 5; i += 1) {
      const res = await owner(app, lead('rejoue@exemple.fr'), '203.0.113.6', key);
      expect(res.status).toBe(201);
    }
    expect((await owner(app, lead('autre@exemple.fr'), '203.0.113.6')).status).toBe(201);
  });

  it('send one confirmation an hour to an address, however many leads name it; the staff get each lead', async () => {
    const { app, mails } = await setup();
    for (let i = 0; i < 3; i += 1)
      expect((await owner(app, lead('victime@exemple.fr'), `198.51.100.${i + 1}`)).status).toBe(
        201,
      );
    expect(await mails.list('victime@exemple.fr')).toHaveLength(1);
    expect(
      (await mails.list('contact@chassimmo.fr')).filter((m) =>
        m.subject.startsWith('Nouveau propriétaire'),
      ),
    ).toHaveLength(3);
  });

  it('take 5 registrations an hour from one address', async () => {
    const { app } = await setup();
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await app.request(
        '/api/register',
        postJson(
          { ...validRegistration, email: `acheteur${i}@exemple.fr` },
          { 'Idempotency-Key': randomUUID(), 'X-Forwarded-For': '203.0.113.9' },
        ),
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('acknowledge a contact message to its sender once an hour, without echoing what was typed', async () => {
    const { app, mails } = await setup();
    const message = (name: string) => ({
      name,
      email: 'cible@exemple.fr',
      subject: 'autre',
      message: 'Bonjour, pouvez-vous me rappeler demain matin ?',
      consent: true,
    });
    const withLink = await app.request(
      '/api/contact',
      postJson(message('Allez sur https://pirate.example'), { 'X-Forwarded-For': '192.0.2.9' }),
    );
    expect(withLink.status).toBe(400);
    for (const [i, name] of ['Votre compte est bloqué, rappelez ce numéro', 'Léa'].entries()) {
      const res = await app.request(
        '/api/contact',
        postJson(message(name), { 'X-Forwarded-For': `192.0.2.${i + 1}` }),
      );
      expect(res.status).toBe(201);
    }
    const toSender = await mails.list('cible@exemple.fr');
    expect(toSender).toHaveLength(1);
    expect(toSender[0]?.text).not.toMatch(/bloqué|rappelez/);
    expect(
      (await mails.list('contact@chassimmo.fr')).filter((m) =>
        m.subject.startsWith('Message du site'),
      ),
    ).toHaveLength(2);
  });
});

describe('what a visitor types, where a mail goes', () => {
  it('refuses control characters and links in names, so nothing reaches a subject line or a greeting', async () => {
    const { app, mails } = await setup();
    for (const firstname of [
      'Claire\r\nBcc: tous@exemple.fr',
      'Claire\u0000',
      'Allez sur https://pirate.example',
      'Claire\u202e',
    ]) {
      const res = await owner(app, lead('nom@exemple.fr', firstname), '198.51.100.50');
      expect(res.status, JSON.stringify(firstname)).toBe(400);
      const body = (await res.json()) as { fieldErrors: Record<string, string> };
      expect(body.fieldErrors['contact.firstname']).toMatch(/ne peut contenir que des lettres/);
    }
    expect(await mails.list()).toEqual([]);
    const named = await owner(
      app,
      lead('nom@exemple.fr', 'Marie-Thérèse d’Aubigné'),
      '198.51.100.50',
    );
    expect(named.status).toBe(201);
  });

  it('refuses an e-mail that is not one mailbox (a list, a display name, a header)', async () => {
    const { app } = await setup();
    for (const email of [
      'a@exemple.fr,b@exemple.fr',
      'a,b@exemple.fr',
      'Pirate <a@exemple.fr>',
      'a@exemple.fr\r\nBcc: b@exemple.fr',
      '"a b"@exemple.fr',
      'a@exemple',
    ]) {
      const res = await owner(app, lead(email), '198.51.100.60');
      expect(res.status, email).toBe(400);
    }
  });

  it('flattens what reaches a subject line even if a rule upstream failed', async () => {
    expect(headerSafe('Nouveau : Jean\r\nBcc: x@y.fr\u0000 ')).toBe('Nouveau : Jean Bcc: x@y.fr');
    expect(headerSafe('x'.repeat(300))).toHaveLength(150);
    // French typography survives: the no-break spaces before « : » and « ? » are not spaces to collapse.
    expect(headerSafe('Nouvel acquéreur\u00a0: Léa  Bernard, prête\u202f?')).toBe(
      'Nouvel acquéreur\u00a0: Léa Bernard, prête\u202f?',
    );
    expect(headerSafe('a\u2028b\u2029c')).toBe('a b c');
  });
});
