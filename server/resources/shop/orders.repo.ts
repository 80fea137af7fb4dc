import type { Kysely, Selectable } from 'kysely';
import type {
  OrderAddress,
  OrderFulfilment,
  OrderView,
  PreferredSlot,
} from '../../../src/domain/api/orders';
import type { OrderLine } from '../../../src/domain/payment.schema';
import { orderNumber } from '../../../src/domain/api/orders';
import { parisDay } from '../../../src/domain/paris-time';
import type { Db } from '../../db/database';
import { lockingRows } from '../../db/dialect';
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
  /** What the checkout asked (issue 32); the CGV's box was ticked at `now`. */
  checkout?: {
    address: OrderAddress;
    surfaceM2: number;
    slots: PreferredSlot[];
    phone: string;
    expressStart: boolean;
  };
  cgvVersion?: string;
  /** When the unpaid checkout expires (ISO). */
  expiresAt?: string;
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
      ...(order.checkout && {
        address: JSON.stringify(order.checkout.address),
        surface_m2: order.checkout.surfaceM2,
        slots: JSON.stringify(order.checkout.slots),
        phone: order.checkout.phone,
        cgv_version: order.cgvVersion ?? null,
        cgv_accepted_at: now,
        express_start_at: order.checkout.expressStart ? now : null,
      }),
      expires_at: order.expiresAt ?? null,
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
 * The year's counter row, locked until the transaction ends (FOR UPDATE on PostgreSQL; SQLite
 * has one writer at a time): two payments never read the same last value.
 */
async function lockNumberCounter(db: Executor, year: number) {
  await db
    .insertInto('order_number_counter')
    .values({ year, last_value: 0 })
    .onConflict((oc) => oc.column('year').doNothing())
    .execute();
  return lockingRows(
    db,
    db.selectFrom('order_number_counter').selectAll().where('year', '=', year),
  ).executeTakeFirstOrThrow();
}

/** The next human number of `year` (« HS-2026-0042 »), taken in the caller's transaction. */
async function nextOrderNumber(db: Executor, year: number): Promise<string> {
  const counter = await lockNumberCounter(db, year);
  const value = counter.last_value + 1;
  await db
    .updateTable('order_number_counter')
    .set({ last_value: value })
    .where('year', '=', year)
    .execute();
  return orderNumber(year, value);
}

/**
 * Marks the order paid unless it already is (or was refunded); the e-mail fills a missing one
 * (an anonymous buyer's). It takes the next number of the payment's year in Paris and starts the
 * team's follow-up (« À planifier »). Call it in a transaction: the number is given only when
 * this call paid it, so an order paid twice keeps one number and no number is lost. Returns the
 * order when this call paid it, undefined otherwise.
 */
export async function markPaid(
  db: Executor,
  id: string,
  email: string | null,
  now: string,
): Promise<Order | undefined> {
  const current = await findOrder(db, id);
  if (!current || current.status === 'paid' || current.status === 'refunded') return undefined;
  // Lock the order's row first (PostgreSQL): a second payment of it waits here, then finds it paid.
  const locked = await lockingRows(
    db,
    db.selectFrom('orders').select(['status']).where('id', '=', id),
  ).executeTakeFirst();
  if (!locked || locked.status === 'paid' || locked.status === 'refunded') return undefined;
  const number = current.number ?? (await nextOrderNumber(db, Number(parisDay(now).slice(0, 4))));
  const row = await db
    .updateTable('orders')
    .set({
      status: 'paid',
      paid_at: now,
      updated_at: now,
      email: current.email ?? email,
      number,
      fulfilment: current.fulfilment ?? 'a_planifier',
    })
    .where('id', '=', id)
    .where('status', 'not in', ['paid', 'refunded'])
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
    .set({ status, updated_at: now, ...(status === 'cancelled' && { cancelled_at: now }) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** paid → refunded (Stripe's `charge.refunded`, full refund); true when this call changed it. */
export async function markRefunded(db: Executor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: 'refunded', refunded_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A pending order whose checkout time is over (`expires_at` passed): no longer payable. */
export const isPastExpiry = (order: Order, now: string) =>
  order.status === 'pending' && order.expiresAt !== null && order.expiresAt <= now;

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

/**
 * What a buyer sees of an order (src/domain/api/orders.ts OrderView): no return address, no
 * Stripe id. `now` decides whether a pending order can still be paid.
 */
export function toOrderView(order: Order, now: string): OrderView {
  const pending = order.status === 'pending';
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    expiresAt: pending ? order.expiresAt : null,
    lines: order.lines,
    totalCents: order.totalCents,
    address: order.address,
    surfaceM2: order.surfaceM2,
    slots: order.slots,
    fulfilment: order.fulfilment,
    appointment:
      order.appointmentStart && order.appointmentEnd
        ? { start: order.appointmentStart, end: order.appointmentEnd }
        : null,
    canPay: pending && !isPastExpiry(order, now),
    // An order paid before numbers existed (migration 0028) has no invoice to give.
    hasInvoice: (order.status === 'paid' || order.status === 'refunded') && order.number !== null,
  };
}
