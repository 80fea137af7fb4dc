import { describe, expect, it } from 'vitest';
import { paymentRequestSchema, repriceLineItems, type PaymentLineItem } from './payment.schema';

const item = (productId: number | string, unitAmount: number, quantity = 1): PaymentLineItem => ({
  price_data: {
    currency: 'eur',
    product_data: { name: 'Article', metadata: { productId: Number(productId) } },
    unit_amount: unitAmount,
  },
  quantity,
});

describe('paymentRequestSchema', () => {
  it('accepts the spec’s line items with the product id in metadata, as a string or a number', () => {
    const parsed = paymentRequestSchema.safeParse({
      lineItems: [
        {
          price_data: {
            currency: 'eur',
            product_data: { name: 'Pack Essentiel', metadata: { productId: '2' } },
            unit_amount: 69000,
          },
          quantity: 1,
        },
      ],
      url: '/homestylz/pack/1',
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.lineItems[0]?.price_data.product_data.metadata.productId).toBe(2);
  });

  it('refuses another currency, a missing product id and an empty basket, in French', () => {
    const bad = paymentRequestSchema.safeParse({
      lineItems: [{ price_data: { currency: 'usd', product_data: { name: 'x' } }, quantity: 1 }],
      url: '/',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message).join(' ')).toMatch(/euros/);
    const empty = paymentRequestSchema.safeParse({ lineItems: [], url: '/' });
    expect(empty.error?.issues[0]?.message).toBe('Le panier est vide.');
  });

  it('refuses negative and fractional quantities', () => {
    for (const quantity of [-1, 0, 1.5]) {
      const parsed = paymentRequestSchema.safeParse({
        lineItems: [{ ...item(2, 69000), quantity }],
        url: '/',
      });
      expect(parsed.success).toBe(false);
    }
  });
});

describe('repriceLineItems', () => {
  it('prices lines from the catalogue and sums the total in cents', () => {
    const result = repriceLineItems([item(2, 69000, 2), item(19, 1800, 24), item(23, 6500, 3)]);
    expect(result).toEqual({
      ok: true,
      totalCents: 138000 + 43200 + 19500,
      lines: [
        expect.objectContaining({ productId: 2, name: 'Pack Essentiel', amount: 138000 }),
        expect.objectContaining({ productId: 19, name: 'Home staging au m² (24\u00a0m²)' }),
        expect.objectContaining({ productId: 23, quantity: 3, unitAmount: 6500 }),
      ],
    });
  });

  it('refuses a tampered price, an unknown product, a duplicate and out-of-range quantities', () => {
    const refused = (items: PaymentLineItem[]) => {
      const r = repriceLineItems(items);
      return r.ok ? '' : r.message;
    };
    expect(refused([item(2, 100)])).toMatch(/Le prix de «\u00a0Pack Essentiel\u00a0» a changé/);
    expect(refused([item(999, 100)])).toMatch(/n’existe pas/);
    expect(refused([item(2, 69000), item(2, 69000)])).toMatch(/deux fois/);
    expect(refused([item(2, 69000, 21)])).toMatch(/entre 1 et 20/);
    expect(refused([item(19, 1800, 501)])).toMatch(/entre 1 et 500/);
    expect(refused([item(23, 6500, 101)])).toMatch(/entre 1 et 100/);
  });
});
