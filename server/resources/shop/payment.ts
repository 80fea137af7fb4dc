import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { OrderLine } from '../../../src/domain/payment.schema';
import type { Db } from '../../db/database';
import { closeOrder, insertOrder, setStripeSession } from './orders.repo';
import type { ReturnUrls } from './return-url';
import type { Logger } from '../../log';

export interface PaymentStart {
  lines: OrderLine[];
  totalCents: number;
  urls: ReturnUrls;
  userId: string | null;
  email: string | null;
}

export type PaymentAnswer = { ok: true; url: string } | { ok: false; message: string };

/** Stripe's idempotency key of an order's session: a retry never makes a second session. */
export const sessionIdempotencyKey = (orderId: string) => `checkout-session-${orderId}`;

/**
 * Stores the order (pending), then sends the buyer to pay it: Stripe's hosted checkout when a
 * secret key is configured, the server's own test checkout (/checkout/{id}) otherwise.
 */
export async function startPayment(
  db: Db,
  stripe: Stripe | undefined,
  start: PaymentStart,
  log: Pick<Logger, 'error'>,
): Promise<PaymentAnswer> {
  const orderId = randomUUID();
  const now = () => new Date().toISOString();
  await insertOrder(
    db,
    {
      id: orderId,
      userId: start.userId,
      email: start.email,
      lines: start.lines,
      totalCents: start.totalCents,
      successUrl: start.urls.success,
      cancelUrl: start.urls.cancel,
    },
    now(),
  );
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
