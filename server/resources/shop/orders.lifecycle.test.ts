import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HOMESTYLZ_CGV_PATH,
  HOMESTYLZ_CGV_VERSION,
  orderNumber,
  type OrderView,
} from '../../../src/domain/api/orders';
import { parisDay } from '../../../src/domain/paris-time';
import type { Db } from '../../db/database';
import { JobWorker } from '../../jobs/job-worker';
import { slotLabel } from '../../mail/templates';
import { company } from '../../../src/domain/company';
import { publicBaseUrl } from '../../env';
import { makeTestApp, postJson, signedIn } from '../../test-app';
import { orderExpiryHandlers, payTestOrder } from './fulfilment';
import { ORDER_EXPIRY_JOB } from './payment';
import { checkoutDetails, parisDateIn, signedWebhook } from './shop.test-support';

/**
 * An order's life after the basket (issue 32, docs/shop.md): the checkout's details and CGV,
 * Stripe's session parameters, gap-free numbers, the 24 h expiry, the buyer's resume and cancel,
 * refunds, and the mails signed homestylz.
 */

const WEBHOOK_SECRET = 'whsec_test_orders_secret';
const PAGE = 'http://127.0.0.1:3000/homestylz/pack/1';
const env = { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_FORM_HOURLY_LIMIT: '1000' };
const HOUR = 3_600_000;

const dbs: Db[] = [];
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((d) => d.destroy()));
});

async function setup(options: { stripe?: Stripe; seed?: boolean } = {}) {
  const made = await makeTestApp({ env, ...options });
  dbs.push(made.db);
  return made;
}
type Made = Awaited<ReturnType<typeof setup>>;

const line = (productId: number, unitAmount: number, quantity = 1) => ({
  price_data: {
    currency: 'eur',
    product_data: { name: 'Article', metadata: { productId } },
    unit_amount: unitAmount,
  },
  quantity,
});
const basket = [line(2, 69000)];

const payment = (checkout: object = checkoutDetails()) => ({
  lineItems: basket,
  url: PAGE,
  checkout,
});

async function placeOrder(made: Made, headers?: Record<string, string>, checkout?: object) {
  const res = await made.app.request('/api/payment', postJson(payment(checkout), headers));
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const id = /([0-9a-f-]{36})$/.exec(url)?.[1];
  if (id) return id;
  const row = await made.db
    .selectFrom('orders')
    .select('id')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

const orderRow = (d: Db, id: string) =>
  d.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const messageOf = async (res: Response) =>
  ((await res.json()) as { error: { message: string } }).error.message;

const payForm = (email = 'acheteur@exemple.fr') => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: `email=${encodeURIComponent(email)}`,
});

/**
 * A recorded fake of Stripe at the SDK's HTTP boundary (no network): sessions are created open,
 * read back, expired; each call is kept. `fail` makes every call after creation answer 500.
 */
function fakeStripe() {
  const calls: { method: string; path: string; body: URLSearchParams }[] = [];
  const sessions = new Map<string, { status: 'open' | 'expired' | 'complete' }>();
  const state = { fail: false, next: 0, intentMetadata: {} as Record<string, string> };
  const answer = (body: object, status = 200) =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json', 'Request-Id': 'req_fake' },
      }),
    );
  const session = (id: string) => ({
    id,
    object: 'checkout.session',
    status: sessions.get(id)?.status,
    url: `https://checkout.stripe.com/c/pay/${id}`,
  });
  const fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname, body: new URLSearchParams(String(init?.body ?? '')) });
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = `cs_test_${++state.next}`;
      sessions.set(id, { status: 'open' });
      return answer(session(id));
    }
    if (state.fail) return answer({ error: { message: 'boom', type: 'api_error' } }, 500);
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname)?.[1];
    if (intent)
      return answer({ id: intent, object: 'payment_intent', metadata: state.intentMetadata });
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
    const known = match?.[1] ? sessions.get(match[1]) : undefined;
    if (!match?.[1] || !known) return answer({ error: { message: 'No such session' } }, 404);
    if (match[2]) {
      if (known.status !== 'open')
        return answer(
          { error: { message: 'Session not open', type: 'invalid_request_error' } },
          400,
        );
      known.status = 'expired';
    }
    return answer(session(match[1]));
  };
  const stripe = new Stripe('sk_test_fake', {
    httpClient: Stripe.createFetchHttpClient(fetch as typeof globalThis.fetch),
    maxNetworkRetries: 0,
  });
  return { stripe, calls, sessions, state };
}

describe('POST /api/payment: the checkout’s details', () => {
  it('refuses a missing or unticked CGV box with the schema’s French message, and stores nothing', async () => {
    const made = await setup();
    const { acceptCgv: _, ...withoutBox } = checkoutDetails();
    for (const checkout of [withoutBox, { ...withoutBox, acceptCgv: false }]) {
      const res = await made.app.request('/api/payment', postJson(payment(checkout)));
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe(
        'Cochez la case pour accepter les conditions générales de vente de homestylz.',
      );
    }
    const { n } = await made.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  });

  it.each([
    ['today', 0, 'Choisissez un créneau à partir de demain.'],
    ['past the horizon', 61, 'Choisissez un créneau dans les 60 prochains jours.'],
  ])('refuses a slot %s (Paris date) in French', async (_, days, message) => {
    const made = await setup();
    const checkout = checkoutDetails({ slots: [{ date: parisDateIn(days), period: 'matin' }] });
    const res = await made.app.request('/api/payment', postJson(payment(checkout)));
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(message);
  });

  it('stores the details, the CGV version and its moment, the express request, a 24 h expiry and its job', async () => {
    const made = await setup();
    const before = Date.now();
    const id = await placeOrder(made, undefined, checkoutDetails({ expressStart: true }));
    const row = await orderRow(made.db, id);
    expect(JSON.parse(row.address ?? 'null')).toEqual(checkoutDetails().address);
    expect(JSON.parse(row.slots ?? 'null')).toEqual(checkoutDetails().slots);
    expect(row).toMatchObject({
      surface_m2: 54,
      phone: '06 12 34 56 78',
      cgv_version: HOMESTYLZ_CGV_VERSION,
      cgv_accepted_at: row.created_at,
      express_start_at: row.created_at,
      number: null,
    });
    const created = Date.parse(row.created_at);
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(row.expires_at ?? '')).toBe(created + 24 * HOUR);
    const job = await made.db
      .selectFrom('job')
      .selectAll()
      .where('kind', '=', ORDER_EXPIRY_JOB)
      .executeTakeFirstOrThrow();
    expect(Number(job.due_at)).toBe(created + 24 * HOUR);
    expect(JSON.parse(job.payload)).toEqual({ orderId: id });
    // Without the express request, no moment is stored.
    const other = await placeOrder(made);
    expect((await orderRow(made.db, other)).express_start_at).toBeNull();
  });

  it('shows the CGV and the withdrawal notice on the test checkout', async () => {
    const made = await setup();
    const id = await placeOrder(made);
    const html = await (await made.app.request(`/checkout/${id}`)).text();
    expect(html).toContain(`${HOMESTYLZ_CGV_PATH}#formulaire-de-retractation`);
    expect(html).toContain('L221-18');
    expect(html).toMatch(/\(version du \d{1,2}(?:er)? \p{L}+ \d{4}\)/u);
    expect(html).toContain('L221-25');
  });
});

describe('POST /api/payment with Stripe: the session', () => {
  it('expires with the order, requires the terms of service and says the CGV and the withdrawal right', async () => {
    const fake = fakeStripe();
    const made = await setup({ stripe: fake.stripe });
    const id = await placeOrder(made, undefined, checkoutDetails({ expressStart: true }));
    const row = await orderRow(made.db, id);
    expect(fake.calls).toHaveLength(1);
    const form = Object.fromEntries(fake.calls[0]!.body);
    expect(Number(form.expires_at)).toBe(Math.floor(Date.parse(row.expires_at ?? '') / 1000));
    expect(form['consent_collection[terms_of_service]']).toBe('required');
    const terms = form['custom_text[terms_of_service_acceptance][message]'] ?? '';
    const site = publicBaseUrl(made.env, company.siteUrl);
    expect(terms).toContain(`(${site}${HOMESTYLZ_CGV_PATH})`);
    expect(terms).toContain('conditions générales de vente de homestylz');
    const submit = form['custom_text[submit][message]'] ?? '';
    expect(submit).toContain('14\u00a0jours');
    expect(submit).toContain('L221-18');
    expect(submit).toMatch(/Vous avez demandé .* L221-25/);
    expect(form['payment_intent_data[metadata][orderId]']).toBe(id);
  });
});

describe('order numbers', () => {
  it('gives 20 concurrent payments HS-YYYY-0001 to 0020: no gap, no double', async () => {
    const made = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await placeOrder(made));
    const answers = await Promise.all(
      ids.map((id) => made.app.request(`/checkout/${id}/pay`, payForm())),
    );
    expect(answers.map((r) => r.status)).toEqual(ids.map(() => 303));
    const rows = await made.db.selectFrom('orders').select(['number', 'fulfilment']).execute();
    const year = Number(parisDay(new Date().toISOString()).slice(0, 4));
    expect(rows.map((r) => r.number).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => orderNumber(year, i + 1)),
    );
    expect(new Set(rows.map((r) => r.fulfilment))).toEqual(new Set(['a_planifier']));
    const counter = await made.db
      .selectFrom('order_number_counter')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(counter).toEqual({ year, last_value: 20 });
  });

  it('keeps one number for an order paid twice at once, and numbers by the payment’s year in Paris', async () => {
    const made = await setup();
    const id = await placeOrder(made);
    const deps = { mails: made.mails, publicUrl: 'https://www.exemple.fr' };
    // 31 December 23:30 UTC is already 1 January in Paris.
    const at = '2031-12-31T23:30:00.000Z';
    const paid = await Promise.all([
      payTestOrder(made.db, deps, id, 'a@exemple.fr', at),
      payTestOrder(made.db, deps, id, 'a@exemple.fr', at),
    ]);
    expect(paid.filter(Boolean)).toHaveLength(1);
    expect((await orderRow(made.db, id)).number).toBe('HS-2032-0001');
    const counter = await made.db
      .selectFrom('order_number_counter')
      .selectAll()
      .where('year', '=', 2032)
      .executeTakeFirstOrThrow();
    expect(counter.last_value).toBe(1);
  });
});

describe('expiry after 24 hours', () => {
  const silent = { error: () => undefined };

  it('is still pending at 23 h 59, expired after 24 h (the job, with a controlled clock)', async () => {
    const made = await setup();
    const id = await placeOrder(made);
    const created = Date.parse((await orderRow(made.db, id)).created_at);
    let clock = created + 24 * HOUR - 60_000;
    const worker = new JobWorker(made.db, orderExpiryHandlers({ stripe: undefined, log: silent }), {
      now: () => clock,
    });
    await worker.drain();
    expect((await orderRow(made.db, id)).status).toBe('pending');
    clock = created + 24 * HOUR;
    await worker.drain();
    expect((await orderRow(made.db, id)).status).toBe('expired');
    const job = await made.db.selectFrom('job').selectAll().executeTakeFirstOrThrow();
    expect(job.status).toBe('done');
  });

  it('leaves a paid order paid', async () => {
    const made = await setup();
    const id = await placeOrder(made);
    expect((await made.app.request(`/checkout/${id}/pay`, payForm())).status).toBe(303);
    const worker = new JobWorker(made.db, orderExpiryHandlers({ stripe: undefined, log: silent }), {
      now: () => Date.now() + 25 * HOUR,
    });
    await worker.drain();
    expect((await orderRow(made.db, id)).status).toBe('paid');
  });

  it('refuses to pay an expired order on the test checkout, with the « expirée » page', async () => {
    const made = await setup();
    const id = await placeOrder(made);
    // Its 24 hours are over, the job has not run yet.
    await made.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const page = await (await made.app.request(`/checkout/${id}`)).text();
    expect(page).toContain('Cette commande est expirée');
    expect(page).not.toContain('Payer (test)');
    const res = await made.app.request(`/checkout/${id}/pay`, payForm());
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('expirée');
    const row = await orderRow(made.db, id);
    expect(row).toMatchObject({ status: 'expired', number: null });
    expect(await made.mails.list()).toHaveLength(0);
  });

  it('expires the Stripe session too; a Stripe error is logged and the order expires all the same', async () => {
    const fake = fakeStripe();
    const made = await setup({ stripe: fake.stripe });
    const first = await placeOrder(made);
    const second = await placeOrder(made);
    const errors: string[] = [];
    const handlers = orderExpiryHandlers({
      stripe: fake.stripe,
      log: {
        error: (_fields: object, message: string) => {
          errors.push(message);
        },
      },
    });
    const later = Date.now() + 24 * HOUR + 1000;
    await new JobWorker(made.db, handlers, { now: () => later }).drain();
    // Both due at once: run them again one by one to fail the second's Stripe call.
    expect(fake.sessions.get('cs_test_1')?.status).toBe('expired');
    expect(fake.calls.some((c) => c.path === '/v1/checkout/sessions/cs_test_1/expire')).toBe(true);
    expect((await orderRow(made.db, first)).status).toBe('expired');
    expect((await orderRow(made.db, second)).status).toBe('expired');
    expect(errors).toEqual([]);

    const third = await placeOrder(made);
    fake.state.fail = true;
    await new JobWorker(made.db, handlers, { now: () => Date.now() + 24 * HOUR + 1000 }).drain();
    expect((await orderRow(made.db, third)).status).toBe('expired');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('n’a pas pu être expirée');
  });
});

describe('the buyer’s orders: list, resume, cancel', () => {
  async function client(made: Made, email = 'client@demo.chassimmo.fr') {
    return (await signedIn(made, email)).headers;
  }

  it('lists OrderView with the number, the address, the slots and what can be done', async () => {
    const made = await setup({ seed: true });
    const auth = await client(made);
    const pending = await placeOrder(made, auth);
    const paid = await placeOrder(made, auth);
    expect((await made.app.request(`/checkout/${paid}/pay`, payForm())).status).toBe(303);
    const res = await made.app.request('/api/orders/mine', { headers: auth });
    expect(res.status).toBe(200);
    const views = (await res.json()) as OrderView[];
    const byId = new Map(views.map((v) => [v.id, v]));
    expect(byId.get(pending)).toMatchObject({
      status: 'pending',
      number: null,
      canPay: true,
      hasInvoice: false,
      address: checkoutDetails().address,
      slots: checkoutDetails().slots,
      surfaceM2: 54,
      fulfilment: null,
      appointment: null,
    });
    expect(byId.get(pending)?.expiresAt).toBeTruthy();
    expect(byId.get(paid)).toMatchObject({
      status: 'paid',
      number: expect.stringMatching(/^HS-\d{4}-0001$/) as string,
      canPay: false,
      hasInvoice: true,
      fulfilment: 'a_planifier',
      expiresAt: null,
    });
    expect(byId.get(paid)).not.toHaveProperty('stripeSessionId');
  });

  it('resumes a pending order on the test checkout, cancels it, and refuses a paid one in French', async () => {
    const made = await setup({ seed: true });
    const auth = await client(made);
    const id = await placeOrder(made, auth);
    const resume = await made.app.request(`/api/orders/${id}/resume`, {
      method: 'POST',
      headers: auth,
    });
    expect(resume.status).toBe(200);
    expect(await resume.json()).toEqual({ url: `/checkout/${id}` });

    const cancel = await made.app.request(`/api/orders/${id}/cancel`, {
      method: 'POST',
      headers: auth,
    });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({ id, status: 'cancelled', canPay: false });
    expect((await orderRow(made.db, id)).cancelled_at).toBeTruthy();
    const again = await made.app.request(`/api/orders/${id}/resume`, {
      method: 'POST',
      headers: auth,
    });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toContain('ne peut plus être payée');

    const paid = await placeOrder(made, auth);
    await made.app.request(`/checkout/${paid}/pay`, payForm());
    const refused = await made.app.request(`/api/orders/${paid}/cancel`, {
      method: 'POST',
      headers: auth,
    });
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toContain('Cette commande est payée');
    expect((await orderRow(made.db, paid)).status).toBe('paid');
  });

  it('answers 404 in French for another person’s order, 401 without a session', async () => {
    const made = await setup({ seed: true });
    const mine = await placeOrder(made, await client(made));
    const other = await client(made, 'manager@demo.chassimmo.fr');
    for (const action of ['resume', 'cancel']) {
      const res = await made.app.request(`/api/orders/${mine}/${action}`, {
        method: 'POST',
        headers: other,
      });
      expect(res.status).toBe(404);
      expect(await messageOf(res)).toBe('Cette commande est introuvable dans votre compte.');
      expect(
        (await made.app.request(`/api/orders/${mine}/${action}`, { method: 'POST' })).status,
      ).toBe(401);
    }
    expect((await orderRow(made.db, mine)).status).toBe('pending');
  });

  it('with Stripe: resumes on the open session, cancels by expiring it, 409 once it is no longer open', async () => {
    const fake = fakeStripe();
    const made = await setup({ stripe: fake.stripe, seed: true });
    const auth = await client(made);
    const id = await placeOrder(made, auth);
    const resume = () =>
      made.app.request(`/api/orders/${id}/resume`, { method: 'POST', headers: auth });
    const res = await resume();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });

    fake.sessions.set('cs_test_1', { status: 'expired' });
    const closed = await resume();
    expect(closed.status).toBe(409);
    expect(await messageOf(closed)).toContain('n’est plus ouverte');

    const second = await placeOrder(made, auth);
    const cancel = await made.app.request(`/api/orders/${second}/cancel`, {
      method: 'POST',
      headers: auth,
    });
    expect(cancel.status).toBe(200);
    expect(fake.sessions.get('cs_test_2')?.status).toBe('expired');
    expect((await orderRow(made.db, second)).status).toBe('cancelled');
  });
});

function signedCharge(eventId: string, orderId: string, charge: object) {
  return signedWebhook(
    {
      id: eventId,
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: {
          id: 'ch_test',
          object: 'charge',
          amount: 69000,
          currency: 'eur',
          metadata: { orderId },
          payment_intent: 'pi_test',
          ...charge,
        },
      },
    },
    WEBHOOK_SECRET,
  );
}

describe('refunds (charge.refunded)', () => {
  it('marks a fully refunded order refunded; a partial refund leaves it paid', async () => {
    const made = await setup();
    const full = await placeOrder(made);
    const partial = await placeOrder(made);
    for (const id of [full, partial]) await made.app.request(`/checkout/${id}/pay`, payForm());
    const res = await made.app.request(
      '/api/stripe/webhook',
      signedCharge('evt_ref_full', full, { refunded: true, amount_refunded: 69000 }),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { outcome: string }).outcome).toBe('handled');
    const row = await orderRow(made.db, full);
    expect(row.status).toBe('refunded');
    expect(row.refunded_at).toBeTruthy();
    await made.app.request(
      '/api/stripe/webhook',
      signedCharge('evt_ref_part', partial, { refunded: false, amount_refunded: 10000 }),
    );
    expect((await orderRow(made.db, partial)).status).toBe('paid');
    // A refunded order cannot be paid again: it keeps its number and its status.
    expect((await made.app.request(`/checkout/${full}/pay`, payForm())).status).toBe(409);
    expect((await orderRow(made.db, full)).status).toBe('refunded');
  });
});

describe('refunds with Stripe', () => {
  it('reads the order id from the PaymentIntent when the charge does not carry it', async () => {
    const fake = fakeStripe();
    const made = await setup({ stripe: fake.stripe });
    const id = await placeOrder(made);
    fake.state.intentMetadata = { orderId: id };
    const completed = {
      id: 'evt_paid',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_1',
          object: 'checkout.session',
          client_reference_id: id,
          metadata: { orderId: id },
          payment_status: 'paid',
          amount_total: 69000,
          currency: 'eur',
          customer_details: { email: 'acheteur@exemple.fr' },
        },
      },
    };
    const res = await made.app.request(
      '/api/stripe/webhook',
      signedWebhook(completed, WEBHOOK_SECRET),
    );
    expect(res.status).toBe(200);
    expect((await orderRow(made.db, id)).status).toBe('paid');
    await made.app.request(
      '/api/stripe/webhook',
      signedCharge('evt_ref', id, { metadata: {}, refunded: true, amount_refunded: 69000 }),
    );
    expect((await orderRow(made.db, id)).status).toBe('refunded');
    expect(fake.calls.some((c) => c.path === '/v1/payment_intents/pi_test')).toBe(true);
  });
});

describe('mails of a paid order', () => {
  it('confirms to the buyer, signed homestylz, with the number, address, slots, next step and withdrawal right', async () => {
    const made = await setup({ seed: true });
    const id = await placeOrder(made);
    await made.app.request(`/checkout/${id}/pay`, payForm('claire@exemple.fr'));
    const { number } = await orderRow(made.db, id);
    const [mail] = await made.mails.list('claire@exemple.fr');
    expect(mail?.subject).toBe(`Votre commande homestylz ${number} est confirmée`);
    const text = mail?.text ?? '';
    expect(text).toContain(`Merci pour votre commande ${number}.`);
    expect(text).toContain('Pack Essentiel');
    expect(text).toMatch(/Total TTC\u00a0: 690\u00a0€/);
    expect(text).toContain('12 rue Oberkampf, 75011 Paris 11e Arrondissement');
    expect(text).toMatch(
      /Vos créneaux préférés\u00a0: \p{L}+ \d+(?:er)? \p{L}+ \d{4}, matin \(9\u00a0h\u00a0–\u2060\u00a012\u00a0h\) · \p{L}+ \d+(?:er)? \p{L}+ \d{4}, après-midi/u,
    );
    expect(text).toContain('Nous vous appelons sous 48 heures ouvrées pour fixer le rendez-vous');
    expect(text).toContain('L221-18');
    expect(text).toContain(`${HOMESTYLZ_CGV_PATH}#formulaire-de-retractation`);
    expect(text).not.toMatch(/ 1 \p{L}/u); // « 1er décembre », never « 1 décembre »
    expect(text).not.toContain('L221-25');
    expect(text).toMatch(/L’équipe homestylz\n/);
    expect(text).not.toContain('L’équipe Chassimmo');
    expect(mail?.html).toContain('L’équipe homestylz');
  });

  it('says what the express request means (L221-25) when the client made it', async () => {
    const made = await setup();
    const id = await placeOrder(made, undefined, checkoutDetails({ expressStart: true }));
    await made.app.request(`/checkout/${id}/pay`, payForm('claire@exemple.fr'));
    const [mail] = await made.mails.list('claire@exemple.fr');
    expect(mail?.text).toContain('L221-25');
    expect(mail?.text).toContain('Vous avez demandé expressément');
  });

  it('tells each active manager, with a link to the order in the staff area', async () => {
    const made = await setup({ seed: true });
    const id = await placeOrder(made);
    await made.app.request(`/checkout/${id}/pay`, payForm());
    const { number } = await orderRow(made.db, id);
    for (const email of ['admin', 'directeur', 'manager'].map((n) => `${n}@demo.chassimmo.fr`)) {
      const sent = await made.mails.list(email);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.subject).toBe(`Nouvelle commande homestylz ${number}`);
      expect(sent[0]?.text).toContain(`/wh-dashboard/commandes/${id}`);
    }
    expect(await made.mails.list('chasseur@demo.chassimmo.fr')).toHaveLength(0);
  });
});

describe('slotLabel', () => {
  it('writes a slot in French, the first of the month « 1er »', () => {
    expect(slotLabel({ date: '2026-12-01', period: 'matin' })).toBe(
      'mardi 1er décembre 2026, matin (9\u00a0h\u00a0–\u2060\u00a012\u00a0h)',
    );
    expect(slotLabel({ date: '2026-12-03', period: 'apres-midi' })).toBe(
      'jeudi 3 décembre 2026, après-midi (14\u00a0h\u00a0–\u2060\u00a018\u00a0h)',
    );
  });
});
