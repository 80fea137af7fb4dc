import { Hono } from 'hono';
import {
  staffOrderFilters,
  staffOrderUpdateSchema,
  type StaffOrderSummary,
  type StaffOrderView,
} from '../../../src/domain/api/orders';
import type { OrderDecorator } from '../../../src/domain/api/staff-orders';
import { fullName } from '../../../src/domain/person-name';
import { SUPERVISORS } from '../../../src/domain/roles';
import { requireAuth, requireRoles, type AuthEnv } from '../../auth/middleware';
import { apiError, readJson } from '../../http/errors';
import type { StaffRouteDeps } from '../../staff/deps';
import { actorOf, isSupervisor } from '../../staff/policy';
import { renderInvoicePdf } from './invoice-pdf';
import { findOrder } from './orders.repo';
import {
  listStaffOrders,
  orderClient,
  ORDER_NOT_FOUND,
  OrderChangeRefused,
  orderDecorators,
  staffOrderView,
  updateStaffOrder,
  type StaffOrderFilter,
} from './staff-orders.repo';

const NO_INVOICE = 'Cette facture n’existe pas.';

/**
 * The homestylz orders for the team (issue 32, docs/shop.md « Commandes »): the list, the fiche,
 * the follow-up; the homestylz staff are the SUPERVISORS (manager, directeur, admin), a chasseur
 * is refused. And the invoice PDF, for the order's buyer and the team. Mounted on /api.
 */
export function staffOrdersRoutes(deps: StaffRouteDeps): Hono<AuthEnv> {
  const { db, mails, now } = deps;
  const app = new Hono<AuthEnv>();
  const staff = [requireAuth(deps.tokens, deps.users), requireRoles(SUPERVISORS)] as const;

  app.get('/staff/orders', ...staff, async (c) => {
    const status = c.req.query('status');
    if (
      status !== undefined &&
      status !== '' &&
      !(staffOrderFilters as readonly string[]).includes(status)
    )
      return apiError(c, 400, 'Ce filtre de commandes n’existe pas.');
    const filter = status ? (status as StaffOrderFilter) : undefined;
    return c.json((await listStaffOrders(db, filter)) satisfies StaffOrderSummary[]);
  });

  app.get('/staff/order-decorators', ...staff, async (c) =>
    c.json((await orderDecorators(db)) satisfies OrderDecorator[]),
  );

  app.get('/staff/orders/:id', ...staff, async (c) => {
    const view = await staffOrderView(db, c.req.param('id'));
    if (!view) return apiError(c, 404, ORDER_NOT_FOUND);
    return c.json(view satisfies StaffOrderView);
  });

  app.patch('/staff/orders/:id', ...staff, async (c) => {
    const parsed = staffOrderUpdateSchema.safeParse(await readJson(c), {
      error: () => 'La modification est invalide. Rechargez la fiche puis réessayez.',
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.at(-1);
      const message = issue?.message ?? 'La modification est invalide.';
      return apiError(
        c,
        400,
        message,
        typeof field === 'string' ? { [field]: message } : undefined,
      );
    }
    try {
      const view = await updateStaffOrder(
        db,
        mails,
        actorOf(c).id,
        c.req.param('id'),
        parsed.data,
        new Date(now()).toISOString(),
      );
      return c.json(view satisfies StaffOrderView);
    } catch (error) {
      if (!(error instanceof OrderChangeRefused)) throw error;
      const current =
        error.status === 409 ? await staffOrderView(db, c.req.param('id')) : undefined;
      return apiError(
        c,
        error.status,
        error.message,
        error.field ? { [error.field]: error.message } : undefined,
        current ? { current } : undefined,
      );
    }
  });

  /** The invoice: the buyer's own order, or any for the team; paid or refunded, numbered. */
  app.get('/orders/:id/invoice', requireAuth(deps.tokens, deps.users), async (c) => {
    const order = await findOrder(db, c.req.param('id'));
    const caller = actorOf(c);
    const allowed = order && (order.userId === caller.id || isSupervisor(caller));
    if (
      !order ||
      !allowed ||
      order.number === null ||
      order.paidAt === null ||
      (order.status !== 'paid' && order.status !== 'refunded')
    )
      return apiError(c, 404, NO_INVOICE);
    const client = await orderClient(db, order.userId);
    const pdf = await renderInvoicePdf({
      number: order.number,
      paidAt: order.paidAt,
      refundedAt: order.status === 'refunded' ? order.refundedAt : null,
      lines: order.lines,
      buyer: {
        name: client?.firstname ? fullName(client) : (order.email ?? client?.email ?? 'Client'),
        address: order.address,
        email: order.email ?? client?.email ?? null,
      },
    });
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="facture-${order.number}.pdf"`,
      'Cache-Control': 'no-store',
    });
  });

  return app;
}
