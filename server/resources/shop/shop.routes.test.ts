import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { makeTestApp, postJson, signedIn } from '../../test-app';
import { checkoutDetails, signedWebhook } from './shop.test-support';

const WEBHOOK_SECRET = 'whsec_test_shop_secret';
const PAGE = 'http://127.0.0.1:3000/homestylz/pack/1';
const env = { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_FORM_HOURLY_LIMIT: '1000' };

let db: Db | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

async function setup(stripe?: Stripe) {
  const made = await makeTestApp({ env, stripe });
  db = made.db;
  return made;
}

const line = (productId: number | string, unitAmount: number, quantity = 1) => ({
  price_data: {
    currency: 'eur',
    product_data: { name: 'Article', metadata: { productId } },
    unit_amount: unitAmount,
  },
  quantity,
});

const basket = [line(2, 69000, 2), line(19, 1800, 24)];
/** What Stripe takes for `basket`: 2 × 690 € + 24 m² × 18 €. */
const BASKET_CENTS = 2 * 69000 + 24 * 1800;

const orderCount = async (d: Db) =>
  (
    await d
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

const orderRow = (d: Db, id: string) =>
  d.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** POST /api/payment's body: the basket, the return page and the checkout's details. */
const payment = (lineItems: unknown, url: unknown = PAGE) => ({
  lineItems,
  url,
  checkout: checkoutDetails(),
});

async function placeOrder(app: Awaited<ReturnType<typeof setup>>['app']) {
  const res = await app.request('/api/payment', postJson(payment(basket)));
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const id = /^\/checkout\/([0-9a-f-]{36})$/.exec(url)?.[1];
  if (!id) throw new Error(`unexpected checkout url ${url}`);
  return id;
}

function signedEvent(type: string, orderId: string, eventId: string, extra: object = {}) {
  return signedWebhook(
    {
      id: eventId,
      object: 'event',
      type,
      data: {
        object: {
          id: 'cs_test_shop',
          object: 'checkout.session',
          client_reference_id: orderId,
          metadata: { orderId },
          payment_status: 'paid',
          amount_total: BASKET_CENTS,
          currency: 'eur',
          customer_details: { email: 'acheteur@exemple.fr' },
          ...extra,
        },
      },
    },
    WEBHOOK_SECRET,
  );
}

describe('GET /api/packs', () => {
  it('lists the packs with their products priced from the homestylz offers', async () => {
    const { app } = await setup();
    const res = await app.request('/api/packs');
    expect(res.status).toBe(200);
    const packs = (await res.json()) as {
      id: number;
      products: { id: number; price: number; unitAmount: number; maxQuantity: number }[];
    }[];
    expect(packs[0]?.id).toBe(1);
    expect(packs.flatMap((p) => p.products).find((p) => p.id === 19)).toMatchObject({
      price: 18,
      unitAmount: 1800,
      maxQuantity: 500,
    });
  });

  it('answers one pack, and 404 in French for an unknown one', async () => {
    const { app } = await setup();
    expect((await app.request('/api/packs/2')).status).toBe(200);
    for (const id of ['99', 'abc']) {
      const res = await app.request(`/api/packs/${id}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe(
        'Ce pack n’existe pas ou n’est plus proposé.',
      );
    }
  });
});

describe('POST /api/payment', () => {
  it('stores a pending order priced by the server and sends the buyer to the test checkout', async () => {
    const { app, db } = await setup();
    const id = await placeOrder(app);
    const row = await orderRow(db, id);
    expect(row).toMatchObject({
      status: 'pending',
      total_cents: 2 * 69000 + 24 * 1800,
      success_url: `${PAGE}?success=true`,
      cancel_url: `${PAGE}?cancel=true`,
      email: null,
      stripe_session_id: null,
    });
    expect(JSON.parse(row.lines)).toEqual([
      expect.objectContaining({ productId: 2, name: 'Pack Essentiel', quantity: 2 }),
      expect.objectContaining({ productId: 19, name: 'Home staging au m² (24\u00a0m²)' }),
    ]);
  });

  it.each([
    ['a tampered price', [line(2, 100)], /Le prix de «\u00a0Pack Essentiel\u00a0» a changé/],
    ['an unknown product', [line(999, 1000)], /n’existe pas/],
    ['a negative quantity', [line(2, 69000, -3)], /au moins 1/],
    ['a zero quantity', [line(19, 1800, 0)], /au moins 1/],
    ['a huge quantity', [line(19, 1800, 1_000_000)], /entre 1 et 500/],
    ['too many hours', [line(23, 6500, 101)], /entre 1 et 100/],
    ['a fractional quantity', [line(2, 69000, 1.5)], /nombre entier/],
    ['another currency', [{ ...line(2, 69000), price_data: { currency: 'usd' } }], /euros/],
    ['an empty basket', [], /Le panier est vide/],
  ])('refuses %s with 400 and a French message, and stores no order', async (_, items, msg) => {
    const { app, db } = await setup();
    const res = await app.request('/api/payment', postJson(payment(items)));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(msg);
    expect(await orderCount(db)).toBe(0);
  });

  it.each(['https://evil.example/merci', '//evil.example/x', 'javascript:alert(1)', '/\\evil'])(
    'refuses the return address %s (no open redirect)',
    async (url) => {
      const { app, db } = await setup();
      const res = await app.request('/api/payment', postJson(payment(basket, url)));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        'L’adresse de retour doit être une page de ce site.',
      );
      expect(await orderCount(db)).toBe(0);
    },
  );

  it('answers 400, never 500, to a body that is not a payment', async () => {
    const { app, db } = await setup();
    for (const body of ['{', 'null', '[]', '{"lineItems":"x"}', '{"lineItems":[{}],"url":1}']) {
      const res = await app.request('/api/payment', postJson(body));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBeTruthy();
    }
    expect(await orderCount(db)).toBe(0);
  });

  it('is limited per address like the other public forms', async () => {
    const made = await makeTestApp({ env: { ...env, PUBLIC_FORM_HOURLY_LIMIT: '1' } });
    db = made.db;
    await placeOrder(made.app);
    const res = await made.app.request('/api/payment', postJson(payment(basket)));
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBeTruthy();
    expect(await orderCount(made.db)).toBe(1);
  });
});

describe('test checkout /checkout/:orderId', () => {
  it('shows the lines and the total TTC in fr-FR euros, an e-mail field and both buttons, without script', async () => {
    const { app } = await setup();
    const id = await placeOrder(app);
    const res = await app.request(`/checkout/${id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Pack Essentiel');
    expect(html).toContain('Home staging au m² (24\u00a0m²)');
    expect(html).toContain('Total TTC');
    const total = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })
      .format(1812)
      .replace(',00', '');
    expect(html).toContain(total);
    expect(html).toContain('name="email"');
    expect(html).toContain('Payer (test)');
    expect(html).toContain('Annuler');
    expect(html).not.toMatch(/<script/i);
  });

  it('Payer: marks the order paid once, queues one confirmation, and returns to the success URL', async () => {
    const { app, db, mails } = await setup();
    const id = await placeOrder(app);
    const pay = () =>
      app.request(`/checkout/${id}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'email=claire%40exemple.fr',
      });
    const res = await pay();
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${PAGE}?success=true`);
    const row = await orderRow(db, id);
    expect(row.status).toBe('paid');
    expect(row.email).toBe('claire@exemple.fr');
    expect(row.paid_at).toBeTruthy();

    expect((await pay()).status).toBe(409);
    // Paid twice: one number.
    expect((await orderRow(db, id)).number).toBe(row.number);
    const sent = await mails.list('claire@exemple.fr');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe(`Votre commande homestylz ${row.number} est confirmée`);
    expect(row.number).toMatch(/^HS-\d{4}-0001$/);
    expect(sent[0]?.text).toContain('Pack Essentiel (Home staging de bien occupé) × 2');
    expect(sent[0]?.text).toMatch(/Total TTC\u00a0: 1\u202f812\u00a0€/);
  });

  it('Payer without an e-mail: 400 in French, the order stays pending', async () => {
    const { app, db } = await setup();
    const id = await placeOrder(app);
    const res = await app.request(`/checkout/${id}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=pas-un-mail',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Saisissez une adresse e-mail valide');
    expect((await orderRow(db, id)).status).toBe('pending');
  });

  it('Annuler: marks the order cancelled and returns to the cancel URL', async () => {
    const { app, db, mails } = await setup();
    const id = await placeOrder(app);
    const res = await app.request(`/checkout/${id}/cancel`, { method: 'POST' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${PAGE}?cancel=true`);
    expect((await orderRow(db, id)).status).toBe('cancelled');
    expect(await mails.list()).toHaveLength(0);
  });

  it('answers a French 404 page for an unknown order', async () => {
    const { app } = await setup();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await app.request(`/checkout/${id}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Commande introuvable');
    }
  });
});

describe('POST /api/stripe/webhook', () => {
  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const { app, db } = await setup();
    const id = await placeOrder(app);
    const event = signedEvent('checkout.session.completed', id, 'evt_bad');
    const forged = {
      ...event,
      headers: { ...event.headers, 'Stripe-Signature': 't=1,v1=deadbeef' },
    };
    expect((await app.request('/api/stripe/webhook', forged)).status).toBe(400);
    const unsigned = { ...event, headers: { 'Content-Type': 'application/json' } };
    expect((await app.request('/api/stripe/webhook', unsigned)).status).toBe(400);
    const tampered = { ...event, body: event.body.replace('"paid"', '"paid" ') };
    expect((await app.request('/api/stripe/webhook', tampered)).status).toBe(400);
    expect((await orderRow(db, id)).status).toBe('pending');
  });

  it('fulfils once: the same event twice, then a second event for the order, make one payment and one e-mail', async () => {
    const { app, db, mails } = await setup();
    const id = await placeOrder(app);
    const completed = signedEvent('checkout.session.completed', id, 'evt_completed');
    for (const expected of ['handled', 'duplicate']) {
      const res = await app.request('/api/stripe/webhook', completed);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { outcome: string }).outcome).toBe(expected);
    }
    const paidAt = (await orderRow(db, id)).paid_at;
    for (const [type, eventId] of [
      ['checkout.session.async_payment_succeeded', 'evt_async'],
      ['checkout.session.expired', 'evt_expired'],
    ] as const) {
      const res = await app.request('/api/stripe/webhook', signedEvent(type, id, eventId));
      expect(res.status).toBe(200);
    }
    const row = await orderRow(db, id);
    expect(row).toMatchObject({ status: 'paid', email: 'acheteur@exemple.fr', paid_at: paidAt });
    expect(await mails.list('acheteur@exemple.fr')).toHaveLength(1);
  });

  it('waits for async_payment_succeeded when the session completes unpaid', async () => {
    const { app, db, mails } = await setup();
    const id = await placeOrder(app);
    await app.request(
      '/api/stripe/webhook',
      signedEvent('checkout.session.completed', id, 'evt_c', { payment_status: 'unpaid' }),
    );
    expect((await orderRow(db, id)).status).toBe('pending');
    await app.request(
      '/api/stripe/webhook',
      signedEvent('checkout.session.async_payment_succeeded', id, 'evt_a'),
    );
    expect((await orderRow(db, id)).status).toBe('paid');
    expect(await mails.list()).toHaveLength(1);
  });

  it('does not fulfil a session whose amount or currency is not the order’s', async () => {
    const { app, db, mails } = await setup();
    const id = await placeOrder(app);
    for (const [eventId, extra] of [
      ['evt_low', { amount_total: 100 }],
      ['evt_usd', { currency: 'usd' }],
    ] as const) {
      const res = await app.request(
        '/api/stripe/webhook',
        signedEvent('checkout.session.completed', id, eventId, extra),
      );
      expect(((await res.json()) as { outcome: string }).outcome).toBe('amount-mismatch');
    }
    expect((await orderRow(db, id)).status).toBe('pending');
    expect(await mails.list()).toHaveLength(0);
  });

  it('marks a pending order expired', async () => {
    const { app, db, mails } = await setup();
    const id = await placeOrder(app);
    const res = await app.request(
      '/api/stripe/webhook',
      signedEvent('checkout.session.expired', id, 'evt_exp'),
    );
    expect(res.status).toBe(200);
    expect((await orderRow(db, id)).status).toBe('expired');
    expect(await mails.list()).toHaveLength(0);
  });
});

describe('GET /api/payment/config', () => {
  it('says how payments are taken: the test checkout by default, Stripe with its publishable key', async () => {
    const { app } = await setup();
    expect(await (await app.request('/api/payment/config')).json()).toEqual({
      provider: 'test',
      publishableKey: null,
    });
    const stripe = new Stripe('sk_test_fake', { maxNetworkRetries: 0 });
    const made = await makeTestApp({
      env: { ...env, STRIPE_PUBLISHABLE_KEY: 'pk_test_public' },
      stripe,
    });
    expect(await (await made.app.request('/api/payment/config')).json()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_public',
    });
    // A Stripe key without its publishable twin: the panel then says payment is not set up.
    const bare = await makeTestApp({ env, stripe });
    expect(await (await bare.app.request('/api/payment/config')).json()).toEqual({
      provider: 'stripe',
      publishableKey: null,
    });
    const closed = await makeTestApp({ env: { ...env, NODE_ENV: 'production' } });
    expect(await (await closed.app.request('/api/payment/config')).json()).toEqual({
      provider: 'closed',
      publishableKey: null,
    });
    await Promise.all([made, bare, closed].map((m) => m.db.destroy()));
  });
});

describe('POST /api/payment with a Stripe key', () => {
  it('creates a Checkout Session carrying the repriced amounts, the return URLs and one idempotency key per order', async () => {
    const calls: { url: string; headers: Headers; body: URLSearchParams }[] = [];
    const fakeFetch = (input: string | URL | Request, init?: RequestInit) => {
      calls.push({
        url: String(input),
        headers: new Headers(init?.headers),
        body: new URLSearchParams(String(init?.body ?? '')),
      });
      return Promise.resolve(
        new Response(
          JSON.stringify({
            id: 'cs_test_fake',
            object: 'checkout.session',
            url: 'https://checkout.stripe.com/c/pay/cs_test_fake',
          }),
          { status: 200, headers: { 'Content-Type': 'application/json', 'Request-Id': 'req_1' } },
        ),
      );
    };
    const stripe = new Stripe('sk_test_fake', {
      httpClient: Stripe.createFetchHttpClient(fakeFetch as typeof fetch),
      maxNetworkRetries: 0,
    });
    const { app, db } = await setup(stripe);
    // The client's price for product 19 is right, its name is not: the server's wins.
    const items = [line(2, 69000, 2), { ...line(19, 1800, 24) }];
    const res = await app.request('/api/payment', postJson(payment(items)));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_fake' });

    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.url).toBe('https://api.stripe.com/v1/checkout/sessions');
    const order = await db.selectFrom('orders').selectAll().executeTakeFirstOrThrow();
    expect(order.stripe_session_id).toBe('cs_test_fake');
    expect(call.headers.get('Idempotency-Key')).toBe(`checkout-session-${order.id}`);
    const form = Object.fromEntries(call.body);
    expect(form).toMatchObject({
      mode: 'payment',
      locale: 'fr',
      success_url: `${PAGE}?success=true`,
      cancel_url: `${PAGE}?cancel=true`,
      client_reference_id: order.id,
      'metadata[orderId]': order.id,
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '69000',
      'line_items[0][price_data][product_data][name]': 'Pack Essentiel',
      'line_items[0][quantity]': '2',
      'line_items[1][price_data][unit_amount]': '1800',
      'line_items[1][price_data][product_data][name]': 'Home staging au m² (24\u00a0m²)',
      'line_items[1][quantity]': '24',
    });
    expect(form).not.toHaveProperty('payment_method_types[0]');
    // With Stripe, the local test checkout does not exist.
    expect((await app.request(`/checkout/${order.id}`)).status).toBe(404);
  });

  it('answers 502 in French and keeps no payable order when Stripe fails', async () => {
    const stripe = new Stripe('sk_test_fake', {
      httpClient: Stripe.createFetchHttpClient((() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: { message: 'boom', type: 'api_error' } }), {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          }),
        )) as typeof fetch),
      maxNetworkRetries: 0,
    });
    const { app, db } = await setup(stripe);
    const res = await app.request('/api/payment', postJson(payment(basket)));
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /Votre panier est conservé/,
    );
    const order = await db.selectFrom('orders').selectAll().executeTakeFirstOrThrow();
    expect(order.status).toBe('cancelled');
  });
});

describe('GET /api/orders/mine', () => {
  it('lists a signed-in buyer’s orders, with the account’s e-mail, and refuses anonymous callers', async () => {
    const made = await makeTestApp({ env, seed: true });
    db = made.db;
    const { app } = made;
    const { id, headers: auth } = await signedIn(made, 'client@demo.chassimmo.fr');
    const user = { id, email: 'client@demo.chassimmo.fr' };
    const res = await app.request(
      '/api/payment',
      postJson(payment([line(23, 6500, 3)], '/homestylz/pack/2'), auth),
    );
    expect(res.status).toBe(200);
    await placeOrder(app); // anonymous: not theirs
    const mine = await app.request('/api/orders/mine', { headers: auth });
    expect(mine.status).toBe(200);
    const orders = (await mine.json()) as { status: string; totalCents: number }[];
    expect(orders).toEqual([expect.objectContaining({ status: 'pending', totalCents: 19500 })]);
    expect(orders[0]).not.toHaveProperty('successUrl');
    const row = await made.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(user.email);
    expect((await app.request('/api/orders/mine')).status).toBe(401);
  });
});

describe('production without a Stripe key', () => {
  it('refuses payments with 503 and has no test checkout: nothing is paid for free', async () => {
    const made = await makeTestApp({ env: { ...env, NODE_ENV: 'production' } });
    db = made.db;
    const res = await made.app.request(
      '/api/payment',
      postJson(payment(basket, '/homestylz/pack/1')),
    );
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /pas encore ouvert/,
    );
    expect(await orderCount(made.db)).toBe(0);
    const page = await made.app.request('/checkout/00000000-0000-4000-8000-000000000000');
    expect(page.status).toBe(404);
  });
});
