import { basketLineName, euroCents, type BasketLine } from '../../domain/basket';
import { api } from '../../lib/api';
import { notify } from '../../lib/toast';

/**
 * Spec 7: POST /api/payment with the basket as Stripe line items and the page's address; the
 * browser then goes where the answer says (Stripe's page, or the server's test checkout).
 * Spec 8: an answer with an error shows its message, a failed request a generic one, both in a
 * toast titled 'Payment Error'. Never queued: a payment needs the connection now.
 */
export async function startPayment(lines: readonly BasketLine[]): Promise<boolean> {
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
  const url = `${window.location.pathname}`;
  try {
    const answer = await api<{ url?: string; error?: { message: string } }>('/api/payment', {
      method: 'POST',
      body: { lineItems, url },
    });
    if (answer.url) {
      window.location.assign(answer.url);
      return true;
    }
    notify.error(
      `Payment Error\u00a0: ${answer.error?.message ?? 'Payment request failed. Please try again.'}`,
    );
  } catch (error) {
    // A refusal comes as 4xx with { error: { message } } (a repriced line, a quantity out of range).
    const refusal = (error as { data?: { error?: { message?: unknown } } }).data?.error?.message;
    console.error('Payment request failed', error);
    notify.error(
      `Payment Error\u00a0: ${typeof refusal === 'string' ? refusal : 'Payment request failed. Please try again.'}`,
    );
  }
  return false;
}
