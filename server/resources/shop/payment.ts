import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import {
  HOMESTYLZ_CGV_PATH,
  HOMESTYLZ_CGV_VERSION,
  ORDER_PAYMENT_TTL_HOURS,
  WITHDRAWAL_DAYS,
  type CheckoutDetails,
} from '../../../src/domain/api/orders';
import type { OrderLine } from '../../../src/domain/payment.schema';
import type { Db } from '../../db/database';
import { scheduleJob } from '../../jobs/job-worker';
import { closeOrder, insertOrder, setStripeSession } from './orders.repo';
import type { ReturnUrls } from './return-url';
import type { Logger } from '../../log';

export interface PaymentStart {
  lines: OrderLine[];
  totalCents: number;
  urls: ReturnUrls;
  userId: string | null;
  email: string | null;
  /** What the checkout asked (issue 32): address, surface, slots, phone, CGV, express start. */
  checkout: CheckoutDetails;
  /** The site's address, for the CGV link shown on Stripe's page. */
  publicUrl: string;
}

export type PaymentAnswer = { ok: true; url: string } | { ok: false; message: string };

/** The Stripe client of STRIPE_SECRET_KEY (app.ts and main.ts's jobs share one), else none. */
export const stripeClient = (secretKey: string | undefined): Stripe | undefined =>
  secretKey ? new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 }) : undefined;

/** Stripe's idempotency key of an order's session: a retry never makes a second session. */
export const sessionIdempotencyKey = (orderId: string) => `checkout-session-${orderId}`;

/** The JobWorker's kind that expires an unpaid order (fulfilment.ts orderExpiryHandlers). */
export const ORDER_EXPIRY_JOB = 'order-expiry';

/**
 * The texts of Stripe's page (custom_text): beside the terms-of-service box, the CGV of homestylz;
 * above « Payer », the withdrawal notice (L221-18) and what the client chose about starting
 * within it (L221-25).
 */
export function stripeCustomText(publicUrl: string, expressStart: boolean) {
  return {
    terms_of_service_acceptance: {
      message: `J’accepte les [conditions générales de vente de homestylz](${publicUrl}${HOMESTYLZ_CGV_PATH}), dont le formulaire de rétractation.`,
    },
    submit: {
      message: expressStart
        ? `Droit de rétractation de ${WITHDRAWAL_DAYS}\u00a0jours (Code de la consommation, art. L221-18). Vous avez demandé que la prestation commence avant la fin de ce délai (art. L221-25)\u00a0: en cas de rétractation après son début, vous devrez la part déjà fournie.`
        : `Droit de rétractation de ${WITHDRAWAL_DAYS}\u00a0jours (Code de la consommation, art. L221-18). Sans votre demande, la prestation ne commence pas avant la fin de ce délai (art. L221-25).`,
    },
  };
}

/**
 * Stores the order (pending, with what the checkout asked, expiring in 24 h) and schedules its
 * expiry in the same transaction, then sends the buyer to pay it: Stripe's hosted checkout when
 * a secret key is configured, the server's own test checkout (/checkout/{id}) otherwise.
 */
export async function startPayment(
  db: Db,
  stripe: Stripe | undefined,
  start: PaymentStart,
  log: Pick<Logger, 'error'>,
  nowMs: number = Date.now(),
): Promise<PaymentAnswer> {
  const orderId = randomUUID();
  const now = () => new Date().toISOString();
  const createdAt = new Date(nowMs).toISOString();
  const expiresMs = nowMs + ORDER_PAYMENT_TTL_HOURS * 3_600_000;
  const { acceptCgv: _accepted, ...details } = start.checkout;
  await db.transaction().execute(async (trx) => {
    await insertOrder(
      trx,
      {
        id: orderId,
        userId: start.userId,
        email: start.email,
        lines: start.lines,
        totalCents: start.totalCents,
        successUrl: start.urls.success,
        cancelUrl: start.urls.cancel,
        checkout: details,
        cgvVersion: HOMESTYLZ_CGV_VERSION,
        expiresAt: new Date(expiresMs).toISOString(),
      },
      createdAt,
    );
    await scheduleJob(
      trx,
      {
        kind: ORDER_EXPIRY_JOB,
        key: `${ORDER_EXPIRY_JOB}:${orderId}`,
        payload: { orderId },
        dueAt: expiresMs,
      },
      nowMs,
    );
  });
  if (!stripe) return { ok: true, url: `/checkout/${orderId}` };

  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        locale: 'fr',
        line_items: start.lines.map((line) => ({
          price_data: {
            currency: 'eur',
            product_data: { name: line.name, metadata: { productId: String(line.productId) } },
            unit_amount: line.unitAmount,
          },
          quantity: line.quantity,
        })),
        success_url: start.urls.success,
        cancel_url: start.urls.cancel,
        client_reference_id: orderId,
        metadata: { orderId },
        payment_intent_data: { metadata: { orderId } },
        // Stripe's longest: the session and the order expire together.
        expires_at: Math.floor(expiresMs / 1000),
        consent_collection: { terms_of_service: 'required' },
        custom_text: stripeCustomText(start.publicUrl, details.expressStart),
        ...(start.email ? { customer_email: start.email } : {}),
      },
      { idempotencyKey: sessionIdempotencyKey(orderId) },
    );
    if (!session.url) throw new Error(`Session Stripe ${session.id} sans adresse de paiement`);
    await setStripeSession(db, orderId, session.id, now());
    return { ok: true, url: session.url };
  } catch (error) {
    log.error(
      { orderId, cause: error instanceof Error ? error.message : String(error) },
      'Stripe\u00a0: la session de paiement n’a pas pu être créée',
    );
    await closeOrder(db, orderId, 'cancelled', now());
    return {
      ok: false,
      message:
        'Le service de paiement ne répond pas pour le moment. Votre panier est conservé\u00a0: réessayez dans quelques minutes.',
    };
  }
}

/** One Stripe call of an expiry or a cancellation: bounded, so no one waits on Stripe long. */
const stripeCallOptions = { timeout: 10_000, maxNetworkRetries: 1 } as const;

/**
 * Closes the order's Stripe session so it can no longer be paid: 'closed' when it was open (now
 * expired) or already expired, 'complete' when the client has paid it meanwhile (the webhook
 * then pays the order). Throws when Stripe cannot be reached.
 */
export async function expireStripeSession(
  stripe: Stripe,
  sessionId: string,
): Promise<'closed' | 'complete'> {
  const session = await stripe.checkout.sessions.retrieve(sessionId, {}, stripeCallOptions);
  if (session.status === 'complete') return 'complete';
  if (session.status === 'open')
    await stripe.checkout.sessions.expire(sessionId, {}, stripeCallOptions);
  return 'closed';
}

/** The payment page of the order's Stripe session while it is open, else undefined. */
export async function openSessionUrl(
  stripe: Stripe,
  sessionId: string,
): Promise<string | undefined> {
  const session = await stripe.checkout.sessions.retrieve(sessionId, {}, stripeCallOptions);
  return session.status === 'open' && session.url ? session.url : undefined;
}
