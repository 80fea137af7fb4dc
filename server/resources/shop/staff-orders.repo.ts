import type { Kysely } from 'kysely';
import {
  orderFulfilmentLabels,
  WITHDRAWAL_DAYS,
  type OrderAddress,
  type StaffOrderSummary,
  type StaffOrderUpdate,
  type StaffOrderView,
} from '../../../src/domain/api/orders';
import type { OrderDecorator } from '../../../src/domain/api/staff-orders';
import { calendarFile } from '../../../src/domain/icalendar';
import { parisLocalToIso } from '../../../src/domain/paris-time';
import { fullName } from '../../../src/domain/person-name';
import { STAFF_ROLES } from '../../../src/domain/roles';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { MailQueue } from '../../mail/mail-queue';
import { orderAppointmentMail } from '../../mail/order-appointment-mail';
import { audit } from '../../staff/audit';
import { activeAccountsWithRoles } from '../users/users.repo';
import { findOrder, toOrderView, type Order } from './orders.repo';

/**
 * The staff « Commandes » (issue 32, docs/shop.md): the list, the fiche, and the team's follow-up
 * (decorator, appointment, planned → done), each change audited and, for the appointment, mailed
 * to the client with its .ics, in one transaction.
 */

export type StaffOrderFilter = 'paid' | 'pending' | 'cancelled' | 'refunded';

const statusesOf: Record<StaffOrderFilter, Order['status'][]> = {
  paid: ['paid'],
  pending: ['pending'],
  // An unpaid checkout that expired is as good as cancelled for the team.
  cancelled: ['cancelled', 'expired'],
  refunded: ['refunded'],
};

const DAY_MS = 86_400_000;

export const withdrawalEnd = (paidAt: string | null) =>
  paidAt === null ? null : new Date(Date.parse(paidAt) + WITHDRAWAL_DAYS * DAY_MS).toISOString();

export async function listStaffOrders(
  db: Db,
  filter: StaffOrderFilter | undefined,
): Promise<StaffOrderSummary[]> {
  let query = db
    .selectFrom('orders as o')
    .leftJoin('app_user as u', 'u.id', 'o.user_id')
    .leftJoin('app_user as d', 'd.id', 'o.decorator_id')
    .select([
      'o.id',
      'o.number',
      'o.status',
      'o.created_at',
      'o.paid_at',
      'o.total_cents',
      'o.email',
      'o.address',
      'o.fulfilment',
      'o.appointment_start',
      'u.firstname as clientFirstname',
      'u.lastname as clientLastname',
      'u.email as clientEmail',
      'd.firstname as decoratorFirstname',
      'd.lastname as decoratorLastname',
    ]);
  if (filter) query = query.where('o.status', 'in', statusesOf[filter]);
  const rows = await query.orderBy('o.created_at', 'desc').orderBy('o.id').limit(500).execute();
  return rows.map((r) => {
    const address = r.address ? (JSON.parse(r.address) as OrderAddress) : null;
    const email = r.email ?? r.clientEmail ?? null;
    return {
      id: r.id,
      number: r.number,
      status: r.status,
      createdAt: r.created_at,
      paidAt: r.paid_at,
      totalCents: r.total_cents,
      clientName: r.clientFirstname
        ? fullName({ firstname: r.clientFirstname, lastname: r.clientLastname ?? '' })
        : email,
      email,
      city: address?.city ?? null,
      fulfilment: (r.fulfilment as StaffOrderSummary['fulfilment']) ?? null,
      decoratorName: r.decoratorFirstname
        ? fullName({ firstname: r.decoratorFirstname, lastname: r.decoratorLastname ?? '' })
        : null,
      appointmentStart: r.appointment_start,
    };
  });
}

/** The buyer's account (name and e-mail for the invoice), if the order has one. */
export async function orderClient(db: Kysely<Database>, userId: string | null) {
  return personOf(db, userId);
}

async function personOf(db: Kysely<Database>, id: string | null) {
  if (id === null) return undefined;
  return db
    .selectFrom('app_user')
    .select(['id', 'firstname', 'lastname', 'email', 'phone'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function staffOrderView(
  db: Kysely<Database>,
  id: string,
): Promise<StaffOrderView | undefined> {
  const order = await findOrder(db, id);
  if (!order) return undefined;
  const [client, decorator] = await Promise.all([
    personOf(db, order.userId),
    personOf(db, order.decoratorId),
  ]);
  return {
    // What the client sees; never « pay » from the staff's side.
    ...toOrderView(order, new Date().toISOString()),
    canPay: false,
    client: {
      userId: order.userId,
      name: client ? fullName(client) : null,
      email: order.email ?? client?.email ?? null,
      phone: order.phone ?? (client?.phone || null),
    },
    paymentReference: order.paidAt === null ? null : (order.stripeSessionId ?? 'test'),
    decorator: decorator ? { id: decorator.id, name: fullName(decorator) } : null,
    cgvVersion: order.cgvVersion,
    cgvAcceptedAt: order.cgvAcceptedAt,
    expressStartAt: order.expressStartAt,
    withdrawalEndsAt: withdrawalEnd(order.paidAt),
    cancelledAt: order.cancelledAt,
    refundedAt: order.refundedAt,
    version: order.updatedAt,
  };
}

/** The accounts an order can be given to: active staff (see src/domain/api/staff-orders.ts). */
export async function orderDecorators(db: Kysely<Database>): Promise<OrderDecorator[]> {
  const staff = await activeAccountsWithRoles(db, STAFF_ROLES);
  return staff.map((r) => ({ id: r.id, name: fullName(r) }));
}

export class OrderChangeRefused extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const ORDER_NOT_FOUND = 'Cette commande n’existe pas.';
const STALE =
  'Cette commande vient d’être modifiée par quelqu’un d’autre. La fiche est rechargée\u00a0: vérifiez puis réessayez.';

/**
 * The team's change to a paid order (PATCH STAFF_ORDER_PATH). Checked against the version the
 * fiche was read at (409 when someone changed it since), audited, and — for the appointment —
 * mailed to the client with an .ics, all in one transaction. Returns the fiche as it now is.
 */
export async function updateStaffOrder(
  db: Db,
  mails: MailQueue,
  actorId: string,
  id: string,
  update: StaffOrderUpdate,
  at: string,
): Promise<StaffOrderView> {
  await db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, id);
    if (!order) throw new OrderChangeRefused(404, ORDER_NOT_FOUND);
    if (order.updatedAt !== update.version) throw new OrderChangeRefused(409, STALE);
    if (order.status !== 'paid')
      throw new OrderChangeRefused(
        400,
        'Seule une commande payée se planifie\u00a0: celle-ci ne l’est pas (ou plus).',
      );

    const set: {
      decorator_id?: string | null;
      appointment_start?: string;
      appointment_end?: string;
      fulfilment?: string;
    } = {};

    if (update.decoratorId !== undefined && update.decoratorId !== order.decoratorId) {
      if (update.decoratorId !== null) {
        const decorators = await orderDecorators(trx);
        if (!decorators.some((d) => d.id === update.decoratorId))
          throw new OrderChangeRefused(
            400,
            'Choisissez une décoratrice parmi les comptes actifs de l’équipe.',
            'decoratorId',
          );
      }
      set.decorator_id = update.decoratorId;
    }

    if (update.appointment) {
      const start = parisLocalToIso(update.appointment.start);
      if (!start)
        throw new OrderChangeRefused(
          400,
          'Indiquez une date et une heure de rendez-vous valides.',
          'start',
        );
      if (Date.parse(start) <= Date.parse(at))
        throw new OrderChangeRefused(400, 'Le rendez-vous doit être dans le futur.', 'start');
      const withdrawalEndsAt = withdrawalEnd(order.paidAt);
      if (
        order.expressStartAt === null &&
        withdrawalEndsAt !== null &&
        Date.parse(start) < Date.parse(withdrawalEndsAt)
      )
        throw new OrderChangeRefused(
          400,
          `Le client n’a pas demandé que la prestation commence avant la fin de son délai de rétractation de ${WITHDRAWAL_DAYS}\u00a0jours (Code de la consommation, art. L221-25)\u00a0: fixez le rendez-vous à partir du ${new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long', timeStyle: 'short' }).format(new Date(withdrawalEndsAt))}.`,
          'start',
        );
      set.appointment_start = start;
      set.appointment_end = new Date(
        Date.parse(start) + update.appointment.durationMinutes * 60_000,
      ).toISOString();
      if (order.fulfilment !== 'realisee') set.fulfilment = 'planifiee';
    }

    if (
      update.fulfilment !== undefined &&
      update.fulfilment !== (set.fulfilment ?? order.fulfilment)
    ) {
      const from = set.fulfilment ?? order.fulfilment;
      if (update.fulfilment !== 'realisee' || from !== 'planifiee')
        throw new OrderChangeRefused(
          400,
          update.fulfilment === 'realisee'
            ? 'Fixez d’abord le rendez-vous\u00a0: seule une commande planifiée peut être marquée comme réalisée.'
            : `Le suivi ne peut pas revenir à «\u00a0${orderFulfilmentLabels[update.fulfilment]}\u00a0».`,
          'fulfilment',
        );
      set.fulfilment = 'realisee';
    }

    if (Object.keys(set).length === 0) return;
    const changed = await trx
      .updateTable('orders')
      .set({ ...set, updated_at: at })
      .where('id', '=', id)
      .where('updated_at', '=', update.version)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw new OrderChangeRefused(409, STALE);

    const before = {
      decoratorId: order.decoratorId,
      appointmentStart: order.appointmentStart,
      appointmentEnd: order.appointmentEnd,
      fulfilment: order.fulfilment,
    };
    const after = {
      decoratorId: set.decorator_id !== undefined ? set.decorator_id : order.decoratorId,
      appointmentStart: set.appointment_start ?? order.appointmentStart,
      appointmentEnd: set.appointment_end ?? order.appointmentEnd,
      fulfilment: set.fulfilment ?? order.fulfilment,
    };
    await audit(
      trx,
      { actorId, action: 'order.follow-up', recordType: 'order', recordId: id, before, after },
      at,
    );

    const moved = set.appointment_start !== undefined;
    const decoratorChanged = set.decorator_id !== undefined && after.appointmentStart !== null;
    const email = order.email ?? (await personOf(trx, order.userId))?.email ?? null;
    if ((moved || decoratorChanged) && email && after.appointmentStart && after.appointmentEnd) {
      const decorator = await personOf(trx, after.decoratorId);
      const where = order.address
        ? `${order.address.street}, ${order.address.postcode} ${order.address.city}`
        : '';
      const calendar = calendarFile(
        {
          uid: `commande-${order.id}@homestylz.fr`,
          start: after.appointmentStart,
          end: after.appointmentEnd,
          stamp: at,
          summary: `homestylz\u00a0: visite de votre décoratrice${order.number ? ` (${order.number})` : ''}`,
          location: where,
          description: decorator
            ? `Votre décoratrice ${decorator.firstname} vient pour votre commande ${order.number ?? ''}.`
            : `Votre décoratrice vient pour votre commande ${order.number ?? ''}.`,
        },
        '-//homestylz//Commandes//FR',
      );
      await mails.enqueue(
        orderAppointmentMail(
          email,
          order,
          {
            start: after.appointmentStart,
            decoratorFirstname: decorator?.firstname ?? null,
            moved: moved && order.appointmentStart !== null,
          },
          calendar,
        ),
        trx,
      );
    }
  });
  const view = await staffOrderView(db, id);
  if (!view) throw new OrderChangeRefused(404, ORDER_NOT_FOUND);
  return view;
}
