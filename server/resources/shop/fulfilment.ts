import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import { SUPERVISORS } from '../../../src/domain/roles';
import type { Db } from '../../db/database';
import type { JobHandler } from '../../jobs/job-worker';
import {
  closeOrder,
  findOrder,
  markPaid,
  markRefunded,
  recordWebhookEvent,
  type Order,
} from './orders.repo';
import type { Database } from '../../db/schema';
import type { MailQueue } from '../../mail/mail-queue';
import { newOrderTeamMail, orderConfirmationMail } from '../../mail/templates';
import type { Logger } from '../../log';
import { activeAccountsWithRoles } from '../users/users.repo';
import { expireStripeSession, ORDER_EXPIRY_JOB } from './payment';

/** What a paid order writes besides itself: the mails, with the site's address in their links. */
export interface FulfilmentDeps {
  mails: MailQueue;
  publicUrl: string;
  /** The webhook's: to read a refunded charge's PaymentIntent when the charge lacks the order id. */
  stripe?: Stripe;
}

/**
 * The one way an order becomes paid, for Stripe's webhook and the local test checkout alike:
 * marks it paid unless it already is, with the year's next number, and, in the same
 * transaction, queues the buyer's French confirmation and the team's notice. A second call finds
 * it paid and does nothing: one number, one fulfilment, one e-mail each.
 */
export async function fulfilOrder(
  trx: Kysely<Database>,
  deps: FulfilmentDeps,
  orderId: string,
  email: string | null,
  now: string,
): Promise<Order | undefined> {
  const paid = await markPaid(trx, orderId, email, now);
  if (!paid) return undefined;
  if (paid.email)
    await deps.mails.enqueue(orderConfirmationMail(paid.email, paid, deps.publicUrl), trx);
  // The homestylz team: the active managers (SUPERVISORS roles).
  for (const manager of await activeAccountsWithRoles(trx, SUPERVISORS))
    await deps.mails.enqueue(newOrderTeamMail(manager.email, paid, deps.publicUrl), trx);
  return paid;
}

/** The local test checkout's « Payer » (docs/shop.md): fulfilOrder in its own transaction. */
export function payTestOrder(
  db: Db,
  deps: FulfilmentDeps,
  orderId: string,
  email: string | null,
  now: string = new Date().toISOString(),
): Promise<Order | undefined> {
  return db.transaction().execute((trx) => fulfilOrder(trx, deps, orderId, email, now));
}

export type WebhookOutcome = 'handled' | 'duplicate' | 'ignored' | 'amount-mismatch';

const sessionEvents = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
]);

/**
 * Stripe's `charge.refunded` (a refund made in Stripe's dashboard): a full refund makes the order
 * 'refunded'; a partial one is logged and the order stays paid (docs/shop.md).
 */
async function handleRefund(
  db: Db,
  stripe: Stripe | undefined,
  event: Stripe.ChargeRefundedEvent,
  now: string,
  log: Pick<Logger, 'error'>,
): Promise<WebhookOutcome> {
  const charge = event.data.object;
  // The charge carries the PaymentIntent's metadata (set at session creation); else ask Stripe
  // (an error answers 500: Stripe delivers the event again later).
  let intent = typeof charge.payment_intent === 'object' ? charge.payment_intent : null;
  if (!charge.metadata?.orderId && !intent && stripe && typeof charge.payment_intent === 'string')
    intent = await stripe.paymentIntents.retrieve(charge.payment_intent);
  const orderId = charge.metadata?.orderId ?? intent?.metadata?.orderId ?? null;
  return db.transaction().execute(async (trx) => {
    const fresh = await recordWebhookEvent(trx, { id: event.id, type: event.type, orderId }, now);
    if (!fresh) return 'duplicate';
    if (!orderId) return 'ignored';
    const full = charge.refunded || charge.amount_refunded >= charge.amount;
    if (!full) {
      log.error(
        { orderId, eventId: event.id },
        `Commande ${orderId}\u00a0: remboursement partiel de ${charge.amount_refunded} sur ${charge.amount} centimes, la commande reste payée.`,
      );
      return 'handled';
    }
    await markRefunded(trx, orderId, now);
    return 'handled';
  });
}

/**
 * A verified Stripe event (docs/shop.md). The event id is recorded in the transaction that acts
 * on it, so the same event delivered twice acts once; two events for one order (completed, then
 * async_payment_succeeded) meet an order already paid and change nothing.
 */
export async function handleStripeEvent(
  db: Db,
  deps: FulfilmentDeps,
  event: Stripe.Event,
  now: string,
  log: Pick<Logger, 'error'>,
): Promise<WebhookOutcome> {
  if (event.type === 'charge.refunded') return handleRefund(db, deps.stripe, event, now, log);
  if (!sessionEvents.has(event.type)) return 'ignored';
  const session = (event as Stripe.CheckoutSessionCompletedEvent).data.object;
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
    // Stripe takes money only on an open session: an order expired or cancelled here had its
    // session expired too (or the expiry call failed and the client paid in the meantime). Money
    // taken is the truth: the order is paid.
    const email = session.customer_details?.email ?? session.customer_email ?? null;
    await fulfilOrder(trx, deps, orderId, email, now);
    return 'handled';
  });
}

export interface ExpiryDeps {
  stripe: Stripe | undefined;
  log: { error(fields: object, message: string): void };
}

/**
 * Expires an order still unpaid once its 24 hours are over (run by the JobWorker at
 * `expires_at`, or by a test with its own clock): status 'expired' and, with Stripe, its session
 * expired too. A Stripe error is logged and the order expires here all the same; a session the
 * client has just paid leaves the order to the webhook.
 */
export async function expireOrder(
  trx: Kysely<Database>,
  deps: ExpiryDeps,
  orderId: string,
  nowMs: number,
): Promise<boolean> {
  const order = await findOrder(trx, orderId);
  const now = new Date(nowMs).toISOString();
  if (!order || order.status !== 'pending' || !order.expiresAt || order.expiresAt > now)
    return false;
  if (deps.stripe && order.stripeSessionId) {
    try {
      if ((await expireStripeSession(deps.stripe, order.stripeSessionId)) === 'complete')
        return false;
    } catch (error) {
      deps.log.error(
        { orderId, cause: error instanceof Error ? error.message : String(error) },
        `Stripe\u00a0: la session de la commande ${orderId} n’a pas pu être expirée (la commande expire quand même).`,
      );
    }
  }
  return closeOrder(trx, orderId, 'expired', now);
}

/** The JobWorker's handler of ORDER_EXPIRY_JOB, scheduled by payment.ts startPayment. */
export function orderExpiryHandlers(deps: ExpiryDeps): Record<string, JobHandler> {
  return {
    [ORDER_EXPIRY_JOB]: async (trx, payload, now) => {
      const orderId = (payload as { orderId?: unknown } | null)?.orderId;
      if (typeof orderId === 'string') await expireOrder(trx, deps, orderId, now);
    },
  };
}
