import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Db } from '../../db/database';
import { closeOrder, findOrder, markPaid, recordWebhookEvent, type Order } from './orders.repo';
import type { Database } from '../../db/schema';
import type { MailQueue } from '../../mail/mail-queue';
import { orderConfirmationMail } from '../../mail/templates';
import type { Logger } from '../../log';

/**
 * The one way an order becomes paid, for Stripe's webhook and the local test checkout alike:
 * marks it paid unless it already is and, in the same transaction, queues the buyer's French
 * confirmation. A second call finds it paid and does nothing: one fulfilment, one e-mail.
 */
export async function fulfilOrder(
  trx: Kysely<Database>,
  mails: MailQueue,
  orderId: string,
  email: string | null,
  now: string,
): Promise<Order | undefined> {
  const paid = await markPaid(trx, orderId, email, now);
  if (paid?.email) await mails.enqueue(orderConfirmationMail(paid.email, paid), trx);
  return paid;
}

/** The local test checkout's « Payer » (docs/shop.md): fulfilOrder in its own transaction. */
export function payTestOrder(
  db: Db,
  mails: MailQueue,
  orderId: string,
  email: string | null,
): Promise<Order | undefined> {
  const now = new Date().toISOString();
  return db.transaction().execute((trx) => fulfilOrder(trx, mails, orderId, email, now));
}

export type WebhookOutcome = 'handled' | 'duplicate' | 'ignored' | 'amount-mismatch';

/**
 * A verified Stripe event (docs/shop.md). The event id is recorded in the transaction that acts
 * on it, so the same event delivered twice acts once; two events for one order (completed, then
 * async_payment_succeeded) meet an order already paid and change nothing.
 */
export async function handleStripeEvent(
  db: Db,
  mails: MailQueue,
  event: Stripe.Event,
  now: string,
  log: Pick<Logger, 'error'>,
): Promise<WebhookOutcome> {
  if (
    event.type !== 'checkout.session.completed' &&
    event.type !== 'checkout.session.async_payment_succeeded' &&
    event.type !== 'checkout.session.expired'
  )
    return 'ignored';
  const session = event.data.object;
  const orderId = session.metadata?.orderId ?? session.client_reference_id ?? null;
  return db.transaction().execute(async (trx) => {
    const fresh = await recordWebhookEvent(trx, { id: event.id, type: event.type, orderId }, now);
    if (!fresh) return 'duplicate';
    if (!orderId) return 'ignored';
    if (event.type === 'checkout.session.expired') {
      await closeOrder(trx, orderId, 'expired', now);
      return 'handled';
    }
    // A delayed method (SEPA debit…) completes the session unpaid: wait for
    // async_payment_succeeded before fulfilling.
    if (event.type === 'checkout.session.completed' && session.payment_status === 'unpaid')
      return 'handled';
    // Paid means paid for this order: the amount Stripe took must be the order's total, in euros.
    const order = await findOrder(trx, orderId);
    if (!order) return 'ignored';
    if (session.amount_total !== order.totalCents || session.currency !== 'eur') {
      log.error(
        { orderId, eventId: event.id },
        `Commande ${orderId} non confirmée\u00a0: Stripe a encaissé ${session.amount_total} ${session.currency}, la commande vaut ${order.totalCents} eur.`,
      );
      return 'amount-mismatch';
    }
    const email = session.customer_details?.email ?? session.customer_email ?? null;
    await fulfilOrder(trx, mails, orderId, email, now);
    return 'handled';
  });
}
