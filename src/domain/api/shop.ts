import { z } from 'zod';

/**
 * The homestylz shop (issue 14, docs/shop.md): paths, the payment request (spec 7) and its
 * answers, shared by server/resources/shop and src/features/shop.
 */
export { paymentRequestSchema, type PaymentRequest } from '../payment.schema';

export const PACKS_PATH = '/api/packs';
export const PACK_PATH = '/api/packs/:id';
export const PAYMENT_CONFIG_PATH = '/api/payment/config';
export const PAYMENT_PATH = '/api/payment';
export const MY_ORDERS_PATH = '/api/orders/mine';

/** GET payment/config: how this server takes payments, for the basket panel. */
export const paymentConfigSchema = z.object({
  provider: z.enum(['stripe', 'test', 'closed']),
  publishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** POST payment, 200: where to send the browser (Stripe's page, or the local test checkout). */
export const paymentStartedSchema = z.object({ url: z.string() });
export type PaymentStarted = z.infer<typeof paymentStartedSchema>;
