import { Hono } from 'hono';
import Stripe from 'stripe';
import { repriceLineItems } from '../../../src/domain/payment.schema';
import {
  paymentRequestSchema,
  type PaymentConfig,
  type PaymentStarted,
} from '../../../src/domain/api/shop';
import { shopPackById, shopPacks } from '../../../src/domain/shop-catalogue';
import { authenticate, requireAuth, type AuthEnv } from '../../auth/middleware';
import type { TokenService } from '../../auth/tokens';
import type { UsersRepo } from '../users/users.repo';
import type { Db } from '../../db/database';
import { ordersOfUser, type Order } from './orders.repo';
import { apiError, readJson } from '../../http/errors';
import { limitPublicForm, type FormLimits } from '../../http/form-limits';
import type { MailQueue } from '../../mail/mail-queue';
import { handleStripeEvent } from './fulfilment';
import { startPayment } from './payment';
import { returnUrls } from './return-url';

export interface ShopRoutesOptions {
  db: Db;
  mails: MailQueue;
  limits: FormLimits;
  tokens: TokenService;
  users: UsersRepo;
  publicUrl: string;
  /** Stripe client when STRIPE_SECRET_KEY is set; undefined: the local test checkout. */
  stripe: Stripe | undefined;
  /** False in production without a Stripe key: nothing can be paid for free. */
  testCheckout: boolean;
  allowLoopbackReturn: boolean;
  webhookSecret: string | undefined;
  /** STRIPE_PUBLISHABLE_KEY: the browser loads Stripe.js with it before going to Stripe. */
  publishableKey: string | undefined;
}

/** What a buyer sees of an order: no return addresses, no Stripe ids. */
function orderView(order: Order) {
  return {
    id: order.id,
    status: order.status,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    lines: order.lines,
    totalCents: order.totalCents,
  };
}

/**
 * The homestylz shop (issue 14, docs/shop.md): the catalogue, POST /api/payment and Stripe's
 * webhook. Mounted on /api.
 */
export function shopRoutes(options: ShopRoutesOptions): Hono<AuthEnv> {
  const { db, mails, limits, stripe } = options;
  const app = new Hono<AuthEnv>();

  app.get('/packs', (c) => c.json(shopPacks));
  app.get('/packs/:id', (c) => {
    const id = c.req.param('id');
    const pack = /^\d{1,9}$/.test(id) ? shopPackById(Number(id)) : undefined;
    if (!pack) return apiError(c, 404, 'Ce pack n’existe pas ou n’est plus proposé.');
    return c.json(pack);
  });

  app.get('/payment/config', (c) =>
    c.json({
      provider: stripe ? 'stripe' : options.testCheckout ? 'test' : 'closed',
      publishableKey: stripe ? (options.publishableKey ?? null) : null,
    } satisfies PaymentConfig),
  );

  app.post('/payment', async (c) => {
    // The schema's own messages, else this one (a body no basket panel sends).
    const parsed = paymentRequestSchema.safeParse(await readJson(c), {
      error: () => 'La demande de paiement est invalide. Rechargez la page puis réessayez.',
    });
    if (!parsed.success) return apiError(c, 400, parsed.error.issues[0]?.message ?? '');
    const urls = returnUrls(parsed.data.url, options.publicUrl, options.allowLoopbackReturn);
    if (!urls) return apiError(c, 400, 'L’adresse de retour doit être une page de ce site.');
    const priced = repriceLineItems(parsed.data.lineItems);
    if (!priced.ok) return apiError(c, 400, priced.message);
    if (!stripe && !options.testCheckout) {
      return apiError(
        c,
        503,
        'Le paiement en ligne n’est pas encore ouvert. Appelez-nous pour commander.',
      );
    }
    const refused = await limitPublicForm(
      c,
      limits,
      'payment',
      'Plusieurs paiements viennent d’être demandés depuis cette connexion. Votre panier est conservé\u00a0:',
    );
    if (refused) {
      const body = (await refused.json()) as { message: string };
      return apiError(c, 429, body.message);
    }
    const caller = await authenticate(c, options.tokens, options.users);
    const answer = await startPayment(
      db,
      stripe,
      {
        lines: priced.lines,
        totalCents: priced.totalCents,
        urls,
        userId: caller?.session.userId ?? null,
        email: caller?.user.email ?? null,
      },
      c.get('log'),
    );
    if (!answer.ok) return apiError(c, 502, answer.message);
    return c.json({ url: answer.url } satisfies PaymentStarted);
  });

  /** The signed-in buyer's orders, newest first (client area, issue 14). */
  app.get('/orders/mine', requireAuth(options.tokens, options.users), async (c) =>
    c.json((await ordersOfUser(db, c.get('user')._id)).map(orderView)),
  );

  app.post('/stripe/webhook', async (c) => {
    if (!options.webhookSecret)
      return apiError(c, 503, 'Les notifications Stripe ne sont pas configurées.');
    const signature = c.req.header('Stripe-Signature');
    if (!signature) return apiError(c, 400, 'Signature Stripe manquante.');
    // The signature covers the exact bytes Stripe sent: read them raw, never re-serialised.
    const payload = await c.req.text();
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(payload, signature, options.webhookSecret);
    } catch {
      return apiError(c, 400, 'Signature Stripe invalide.');
    }
    const outcome = await handleStripeEvent(
      db,
      mails,
      event,
      new Date().toISOString(),
      c.get('log'),
    );
    return c.json({ received: true, outcome });
  });

  return app;
}
