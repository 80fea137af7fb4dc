import type { Kysely, Selectable } from 'kysely';
import type { OrderAddress, OrderFulfilment, PreferredSlot } from '../../../src/domain/api/orders';
import type { OrderLine } from '../../../src/domain/payment.schema';
import type { Db } from '../../db/database';
import type { Database, OrderStatus, OrderTable } from '../../db/schema';

/**
 * Shop orders and the Stripe events already handled (docs/shop.md). Status changes are single
 * conditional UPDATEs: `paid` is final, `expired` and `cancelled` only leave `pending`, so a
 * second event or a second click finds nothing to change.
 */
export interface Order {
  id: string;
  userId: string | null;
  email: string | null;
  lines: OrderLine[];
  totalCents: number;
  status: OrderStatus;
  successUrl: string;
  cancelUrl: string;
  stripeSessionId: string | null;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  /** Issue 32 (migration 0028). */
  number: string | null;
  address: OrderAddress | null;
  surfaceM2: number | null;
  slots: PreferredSlot[];
  phone: string | null;
  cgvVersion: string | null;
  cgvAcceptedAt: string | null;
  expressStartAt: string | null;
  expiresAt: string | null;
  fulfilment: OrderFulfilment | null;
  decoratorId: string | null;
  appointmentStart: string | null;
  appointmentEnd: string | null;
  cancelledAt: string | null;
  refundedAt: string | null;
}

type Executor = Kysely<Database>;

function toOrder(row: Selectable<OrderTable>): Order {
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    lines: JSON.parse(row.lines) as OrderLine[],
    totalCents: row.total_cents,
    status: row.status,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    stripeSessionId: row.stripe_session_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    paidAt: row.paid_at,
    number: row.number,
    address: row.address ? (JSON.parse(row.address) as OrderAddress) : null,
    surfaceM2: row.surface_m2,
    slots: row.slots ? (JSON.parse(row.slots) as PreferredSlot[]) : [],
    phone: row.phone,
    cgvVersion: row.cgv_version,
    cgvAcceptedAt: row.cgv_accepted_at,
    expressStartAt: row.express_start_at,
    expiresAt: row.expires_at,
    fulfilment: row.fulfilment as OrderFulfilment | null,
    decoratorId: row.decorator_id,
    appointmentStart: row.appointment_start,
    appointmentEnd: row.appointment_end,
    cancelledAt: row.cancelled_at,
    refundedAt: row.refunded_at,
  };
}

export interface NewOrder {
  id: string;
  userId: string | null;
  email: string | null;
  lines: OrderLine[];
  totalCents: number;
  successUrl: string;
  cancelUrl: string;
}

export async function insertOrder(db: Executor, order: NewOrder, now: string): Promise<void> {
  await db
    .insertInto('orders')
    .values({
      id: order.id,
      user_id: order.userId,
      email: order.email,
      lines: JSON.stringify(order.lines),
      total_cents: order.totalCents,
      status: 'pending',
      success_url: order.successUrl,
      cancel_url: order.cancelUrl,
      stripe_session_id: null,
      created_at: now,
      updated_at: now,
      paid_at: null,
    })
    .execute();
}

export async function findOrder(db: Executor, id: string): Promise<Order | undefined> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toOrder(row);
}

/** A signed-in buyer's orders, newest first (the client area). */
export async function ordersOfUser(db: Db, userId: string): Promise<Order[]> {
  const mine = db.selectFrom('orders').selectAll().where('user_id', '=', userId);
  return (await mine.orderBy('created_at', 'desc').execute()).map(toOrder);
}

export async function setStripeSession(
  db: Executor,
  id: string,
  sessionId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ stripe_session_id: sessionId, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Marks the order paid unless it already is; the e-mail fills a missing one (an anonymous
 * buyer's). Returns the order when this call paid it, undefined otherwise.
 */
export async function markPaid(
  db: Executor,
  id: string,
  email: string | null,
  now: string,
): Promise<Order | undefined> {
  const current = await findOrder(db, id);
  if (!current || current.status === 'paid') return undefined;
  const row = await db
    .updateTable('orders')
    .set({ status: 'paid', paid_at: now, updated_at: now, email: current.email ?? email })
    .where('id', '=', id)
    .where('status', '!=', 'paid')
    .returningAll()
    .executeTakeFirst();
  return row && toOrder(row);
}

/** pending → expired or cancelled; true when this call changed it. */
export async function closeOrder(
  db: Executor,
  id: string,
  status: 'expired' | 'cancelled',
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records a Stripe event id; false when it was already handled (a redelivery). */
export async function recordWebhookEvent(
  db: Executor,
  event: { id: string; type: string; orderId: string | null },
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('stripe_webhook_event')
    .values({ id: event.id, type: event.type, order_id: event.orderId, received_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}
