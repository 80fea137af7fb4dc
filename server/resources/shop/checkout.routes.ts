import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { emailSchema } from '../../../src/domain/contact.schema';
import type { Db } from '../../db/database';
import { closeOrder, findOrder, isPastExpiry, type Order } from './orders.repo';
import type { MailQueue } from '../../mail/mail-queue';
import { checkoutNotFoundPage, checkoutPage } from './checkout-page';
import { payTestOrder } from './fulfilment';

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * /checkout/{orderId}: the server's own test checkout, mounted only when no Stripe key is set
 * (DESIGN.md). It behaves as Stripe's hosted page would: "Payer (test)" goes through the
 * webhook's fulfilment and back to the success URL, "Annuler" back to the cancel URL. Plain
 * HTML forms, no script, so it works under the site's CSP.
 */
export function checkoutRoutes({
  db,
  mails,
  publicUrl,
}: {
  db: Db;
  mails: MailQueue;
  publicUrl: string;
}): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.use(
    '*',
    bodyLimit({ maxSize: 4 * 1024, onError: (c) => c.text('Requête trop volumineuse.', 413) }),
  );

  /** The order, seen as expired once its 24 hours are over (the expiry job may not have run). */
  const load = async (id: string): Promise<Order | undefined> => {
    const order = ORDER_ID.test(id) ? await findOrder(db, id) : undefined;
    return order && isPastExpiry(order, new Date().toISOString())
      ? { ...order, status: 'expired' }
      : order;
  };
  const page = (order: Order, emailError?: string) => checkoutPage(order, publicUrl, emailError);

  app.get('/:id', async (c) => {
    const order = await load(c.req.param('id'));
    if (!order) return c.html(checkoutNotFoundPage(), 404);
    return c.html(page(order));
  });

  app.post('/:id/pay', async (c) => {
    const order = await load(c.req.param('id'));
    if (!order) return c.html(checkoutNotFoundPage(), 404);
    // Paid, expired, cancelled or refunded: nothing to pay (an expired order's « expirée » page).
    if (order.status !== 'pending') {
      if (order.status === 'expired')
        await closeOrder(db, order.id, 'expired', new Date().toISOString());
      return c.html(page(order), 409);
    }
    let email = order.email;
    if (!email) {
      const form = await c.req.parseBody();
      const parsed = emailSchema.safeParse(typeof form.email === 'string' ? form.email : '');
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? 'Saisissez une adresse e-mail valide.';
        return c.html(page(order, message), 400);
      }
      email = parsed.data;
    }
    const paid = await payTestOrder(db, { mails, publicUrl }, order.id, email);
    if (!paid) {
      const current = (await findOrder(db, order.id)) ?? order;
      return c.html(page(current), 409);
    }
    return c.redirect(paid.successUrl, 303);
  });

  app.post('/:id/cancel', async (c) => {
    const order = await load(c.req.param('id'));
    if (!order) return c.html(checkoutNotFoundPage(), 404);
    if (order.status === 'paid') return c.html(page(order), 409);
    await closeOrder(db, order.id, 'cancelled', new Date().toISOString());
    return c.redirect(order.cancelUrl, 303);
  });

  return app;
}
