import type { CheckoutDetails } from '../../domain/api/orders';
import type { PaymentConfig } from '../../domain/api/shop';
import { basketLineName, euroCents, type BasketLine } from '../../domain/basket';
import { api, toApiFailure } from '../../lib/api';
import { notify } from '../../lib/toast';

/** GET /api/payment/config: how this server takes payments (the contract, src/domain/api/shop.ts). */
export type { PaymentConfig };

/** Loads Stripe.js with a publishable key: null or a rejection when it could not. */
export type StripeLoader = (publishableKey: string) => Promise<unknown>;

/**
 * What 'Payer' led to: gone to the payment page, a toast shown, or a message for the page (with
 * the server's field errors when it refused the checkout's details).
 */
export type PaymentOutcome =
  'redirected' | 'refused' | { panelMessage: string; fieldErrors?: Record<string, string> };

/** What the checkout page adds to the basket (issue 32): its details, the page to come back to. */
export interface CheckoutStart {
  checkout: CheckoutDetails;
  /** The page the buyer comes back to with ?success=true or ?cancel=true. */
  returnPath: string;
}

export const PAYMENT_KEY_MISSING =
  'Le paiement par carte n’est pas encore configuré sur ce site. Votre panier est gardé\u202f; appelez-nous pour commander.';
export const PAYMENT_LOADER_FAILED =
  'Le module de paiement sécurisé de Stripe n’a pas pu se charger. Votre panier est gardé\u202f; vérifiez votre connexion puis réessayez.';

/** Spec 8: an error thrown when no payment key is defined, and the loader's error state. */
export class PaymentSetupError extends Error {}

let config: Promise<PaymentConfig> | undefined;

/** Asked once per page (the panel asks as it opens, 'Valider' waits for it); asked again after a failure. */
export function paymentConfig(): Promise<PaymentConfig> {
  config ??= api<PaymentConfig>('/api/payment/config').catch((error: unknown) => {
    config = undefined;
    throw error;
  });
  return config;
}

// Stripe's own loader, fetched only when Stripe takes the payment: it adds js.stripe.com's script.
const loadStripeJs: StripeLoader = async (key) =>
  (await import('@stripe/stripe-js/pure')).loadStripe(key);

/**
 * Spec 7: with Stripe, Stripe.js loads from Stripe with the publishable key before the browser
 * leaves for the hosted checkout (Stripe's fraud signals start on the merchant's page). No key,
 * or a script that does not load, throws a PaymentSetupError with a French message.
 */
export async function loadPaymentProvider(
  publishableKey: string | null,
  load: StripeLoader = loadStripeJs,
): Promise<void> {
  if (!publishableKey) throw new PaymentSetupError(PAYMENT_KEY_MISSING);
  let stripe: unknown = null;
  try {
    stripe = await load(publishableKey);
  } catch (error) {
    console.error('Stripe.js failed to load', error);
  }
  if (!stripe) throw new PaymentSetupError(PAYMENT_LOADER_FAILED);
}

function paymentFailed(error: unknown): 'refused' {
  // A refusal comes as 4xx with { error: { message } } (a repriced line, a quantity out of range).
  const refusal = (error as { data?: { error?: { message?: unknown } } }).data?.error?.message;
  console.error('Payment request failed', error);
  notify.error(
    `Payment Error\u00a0: ${typeof refusal === 'string' ? refusal : 'Payment request failed. Please try again.'}`,
  );
  return 'refused';
}

/**
 * Spec 7: POST /api/payment with the basket as Stripe line items, the checkout page's details
 * and its address (issue 32); the browser then goes where the answer says (Stripe's page, or the
 * server's test checkout). Spec 8: a payment setup that cannot be read shows a toast titled
 * 'Payment Error'; a refusal of the request is shown beside the checkout form, what was typed
 * kept. Never queued: a payment needs the connection now.
 */
export async function startPayment(
  lines: readonly BasketLine[],
  start: CheckoutStart,
  load: StripeLoader = loadStripeJs,
): Promise<PaymentOutcome> {
  try {
    const { provider, publishableKey } = await paymentConfig();
    if (provider === 'stripe') await loadPaymentProvider(publishableKey, load);
  } catch (error) {
    if (error instanceof PaymentSetupError) return { panelMessage: error.message };
    return paymentFailed(error);
  }
  const lineItems = lines.map((line) => ({
    price_data: {
      currency: 'eur',
      product_data: {
        name: basketLineName(line),
        metadata: { productId: String(line.product.id) },
      },
      unit_amount: euroCents(line.product.price),
    },
    quantity: line.quantity,
  }));
  const url = start.returnPath;
  try {
    const answer = await api<{ url?: string; error?: { message: string } }>('/api/payment', {
      method: 'POST',
      body: { lineItems, url, checkout: start.checkout },
    });
    if (answer.url) {
      window.location.assign(answer.url);
      return 'redirected';
    }
    notify.error(
      `Payment Error\u00a0: ${answer.error?.message ?? 'Payment request failed. Please try again.'}`,
    );
    return 'refused';
  } catch (error) {
    // The checkout page shows a refusal beside its form, what was typed kept (issue 32).
    console.error('Payment request failed', error);
    const failed = toApiFailure(error);
    return { panelMessage: failed.message, fieldErrors: failed.fieldErrors };
  }
}
