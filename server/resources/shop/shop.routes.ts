import { Hono } from 'hono';
import Stripe from 'stripe';
import { repriceLineItems } from '../../../src/domain/payment.schema';
import { type PaymentConfig, type PaymentStarted } from '../../../src/domain/api/shop';
import {
  checkoutPaymentRequestSchema,
  MY_ORDER_CANCEL_PATH,
  MY_ORDER_RESUME_PATH,
  slotProblem,
  type OrderView,
} from '../../../src/domain/api/orders';
import { parisDay } from '../../../src/domain/paris-time';
import { shopPackById, shopPacks } from '../../../src/domain/shop-catalogue';
import { authenticate, requireAuth, type AuthEnv } from '../../auth/middleware';
import type { TokenService } from '../../auth/tokens';
import type { UsersRepo } from '../users/users.repo';
import type { Db } from '../../db/database';
import { closeOrder, findOrder, isPastExpiry, ordersOfUser, toOrderView } from './orders.repo';
import { apiError, readJson } from '../../http/errors';
import { limitPublicForm, type FormLimits } from '../../http/form-limits';
import type { MailQueue } from '../../mail/mail-queue';
import { handleStripeEvent } from './fulfilment';
import { expireStripeSession, openSessionUrl, startPayment } from './payment';
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

const ORDER_NOT_FOUND = 'Cette commande est introuvable dans votre compte.';
const STRIPE_DOWN =
  'Le service de paiement ne répond pas pour le moment. Réessayez dans quelques minutes.';

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
    const parsed = checkoutPaymentRequestSchema.safeParse(await readJson(c), {
      error: () => 'La demande de paiement est invalide. Rechargez la page puis réessayez.',
    });
    if (!parsed.success) return apiError(c, 400, parsed.error.issues[0]?.message ?? '');
    // The preferred slots: from tomorrow, in Paris, to the horizon.
    const today = parisDay(new Date().toISOString());
    for (const slot of parsed.data.checkout.slots) {
      const problem = slotProblem(slot, today);
      if (problem) return apiError(c, 400, problem);
    }
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
        checkout: parsed.data.checkout,
        publicUrl: options.publicUrl,
      },
      c.get('log'),
    );
    if (!answer.ok) return apiError(c, 502, answer.message);
    return c.json({ url: answer.url } satisfies PaymentStarted);
  });

  const auth = requireAuth(options.tokens, options.users);

  /** The signed-in buyer's orders, newest first (client area, issues 14 and 32). */
  app.get('/orders/mine', auth, async (c) => {
    const now = new Date().toISOString();
    const orders = await ordersOfUser(db, c.get('user')._id);
    return c.json(orders.map((order) => toOrderView(order, now)) satisfies OrderView[]);
  });

  /** One of the caller's own orders; another person's is as unknown as a missing one. */
  const ownOrder = async (userId: string, id: string) => {
    const order = /^[0-9a-f-]{36}$/.test(id) ? await findOrder(db, id) : undefined;
    return order?.userId === userId ? order : undefined;
  };

  /** « Reprendre le paiement »: where to pay a pending order that has not expired. */
  app.post(MY_ORDER_RESUME_PATH.replace('/api', ''), auth, async (c) => {
    const order = await ownOrder(c.get('user')._id, c.req.param('id') ?? '');
    if (!order) return apiError(c, 404, ORDER_NOT_FOUND);
    const now = new Date().toISOString();
    if (order.status !== 'pending' || isPastExpiry(order, now))
      return apiError(
        c,
        409,
        'Cette commande ne peut plus être payée. Refaites votre panier pour commander à nouveau.',
      );
    if (!stripe) {
      if (!options.testCheckout)
        return apiError(c, 503, 'Le paiement en ligne n’est pas encore ouvert.');
      return c.json({ url: `/checkout/${order.id}` } satisfies PaymentStarted);
    }
    let url: string | undefined;
    try {
      url = order.stripeSessionId ? await openSessionUrl(stripe, order.stripeSessionId) : undefined;
    } catch (error) {
      c.get('log').error(
        { orderId: order.id, cause: error instanceof Error ? error.message : String(error) },
        'Stripe\u00a0: la session de paiement n’a pas pu être relue',
      );
      return apiError(c, 502, STRIPE_DOWN);
    }
    if (!url)
      return apiError(
        c,
        409,
        'La page de paiement de cette commande n’est plus ouverte. Refaites votre panier pour commander à nouveau.',
      );
    return c.json({ url } satisfies PaymentStarted);
  });

  /** « Annuler »: a pending order is cancelled (its Stripe session expired); a paid one stays. */
  app.post(MY_ORDER_CANCEL_PATH.replace('/api', ''), auth, async (c) => {
    const order = await ownOrder(c.get('user')._id, c.req.param('id') ?? '');
    if (!order) return apiError(c, 404, ORDER_NOT_FOUND);
    const paidMessage =
      'Cette commande est payée\u00a0: elle ne peut plus être annulée ici. Écrivez-nous pour exercer votre droit de rétractation.';
    if (order.status === 'paid' || order.status === 'refunded')
      return apiError(c, 409, paidMessage);
    if (order.status === 'pending' && stripe && order.stripeSessionId) {
      try {
        if ((await expireStripeSession(stripe, order.stripeSessionId)) === 'complete')
          return apiError(c, 409, paidMessage);
      } catch (error) {
        c.get('log').error(
          { orderId: order.id, cause: error instanceof Error ? error.message : String(error) },
          'Stripe\u00a0: la session de paiement n’a pas pu être expirée',
        );
        return apiError(c, 502, STRIPE_DOWN);
      }
    }
    const now = new Date().toISOString();
    await closeOrder(db, order.id, 'cancelled', now);
    const current = (await findOrder(db, order.id)) ?? order;
    return c.json(toOrderView(current, now) satisfies OrderView);
  });

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
      { mails, publicUrl: options.publicUrl, stripe },
      event,
      new Date().toISOString(),
      c.get('log'),
    );
    return c.json({ received: true, outcome });
  });

  return app;
}
