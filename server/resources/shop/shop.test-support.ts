import Stripe from 'stripe';
import type { CheckoutDetails } from '../../../src/domain/api/orders';
import { parisDay } from '../../../src/domain/paris-time';

/** The Paris day `days` after today, YYYY-MM-DD (slots are chosen from tomorrow). */
export function parisDateIn(days: number, nowMs = Date.now()): string {
  const today = parisDay(new Date(nowMs).toISOString());
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** What the checkout sends with a basket (tests): a flat in Paris 11e, two slots, CGV ticked. */
export function checkoutDetails(more: Partial<CheckoutDetails> = {}): CheckoutDetails {
  return {
    address: {
      street: '12 rue Oberkampf',
      postcode: '75011',
      city: 'Paris 11e Arrondissement',
      inseeCode: '75111',
    },
    surfaceM2: 54,
    slots: [
      { date: parisDateIn(2), period: 'matin' },
      { date: parisDateIn(3), period: 'apres-midi' },
    ],
    phone: '06 12 34 56 78',
    acceptCgv: true,
    expressStart: false,
    ...more,
  };
}

/** A POST to /api/stripe/webhook carrying `event`, signed with `secret` as Stripe signs. */
export function signedWebhook(event: object, secret: string) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  } satisfies RequestInit;
}
