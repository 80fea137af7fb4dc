import { describe, expect, it } from 'vitest';
import {
  type BasketLine,
  type BasketProduct,
  addToBasket,
  basketBadgeCount,
  basketBadgeText,
  basketLineName,
  basketLineSchema,
  basketSubtotal,
  basketSubtotalCents,
  clearBasket,
  readStoredBasket,
  removeBasketLine,
  removeOneFromBasket,
} from './basket';
import { cushion as fixtureCushion, plaid as fixturePlaid, staging } from './basket.fixture';

// Prices with cents that floats cannot hold exactly (0.1 + 0.2).
const cushion: BasketProduct = { ...fixtureCushion, price: 0.1 };
const plaid: BasketProduct = { ...fixturePlaid, price: 0.2 };
const coaching: BasketProduct = {
  id: 23,
  name: 'Coaching déco',
  price: 60,
  src: '/img/coaching.webp',
  packname: 'Pack Conseil',
};

describe('basket rules (spec 4.5)', () => {
  it('adds a new line with quantity 1 by default, then the quantity given', () => {
    const one = addToBasket([], cushion);
    expect(one).toEqual([{ product: cushion, quantity: 1 }]);
    expect(addToBasket(one, plaid, 3)).toEqual([
      { product: cushion, quantity: 1 },
      { product: plaid, quantity: 3 },
    ]);
  });

  it('increases the quantity of a product already there, keeping the line in place', () => {
    const lines = addToBasket(addToBasket(addToBasket([], cushion, 2), plaid), cushion, 3);
    expect(lines).toEqual([
      { product: cushion, quantity: 5 },
      { product: plaid, quantity: 1 },
    ]);
  });

  it('takes the product as given on the latest add (newest name and price)', () => {
    const renamed = { ...cushion, name: 'Coussins lin', price: 0.3 };
    expect(addToBasket([{ product: cushion, quantity: 1 }], renamed)).toEqual([
      { product: renamed, quantity: 2 },
    ]);
  });

  it('refuses a quantity that is not a whole number from 1', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => addToBasket([], cushion, bad)).toThrow(RangeError);
  });

  it('does not change the list it is given', () => {
    const lines: BasketLine[] = [{ product: cushion, quantity: 2 }];
    addToBasket(lines, cushion);
    removeOneFromBasket(lines, cushion.id);
    expect(lines).toEqual([{ product: cushion, quantity: 2 }]);
  });

  it('removes a whole line whatever its quantity', () => {
    const lines = [
      { product: cushion, quantity: 4 },
      { product: plaid, quantity: 1 },
    ];
    expect(removeBasketLine(lines, cushion.id)).toEqual([{ product: plaid, quantity: 1 }]);
    expect(removeBasketLine(lines, 999)).toEqual(lines);
  });

  it('removes one unit, and the line when its quantity is 1 or less', () => {
    const lines = [
      { product: cushion, quantity: 2 },
      { product: plaid, quantity: 1 },
    ];
    expect(removeOneFromBasket(lines, cushion.id)).toEqual([
      { product: cushion, quantity: 1 },
      { product: plaid, quantity: 1 },
    ]);
    expect(removeOneFromBasket(lines, plaid.id)).toEqual([{ product: cushion, quantity: 2 }]);
    expect(removeOneFromBasket([{ product: plaid, quantity: 0 }], plaid.id)).toEqual([]);
  });

  it('clears', () => {
    expect(clearBasket()).toEqual([]);
  });
});

describe('basketLineName', () => {
  it('suffixes product 19 with its m², replacing the earlier parenthesised part', () => {
    expect(basketLineName({ product: staging, quantity: 24 })).toBe('Home staging (24\u00a0m²)');
    const twice = { ...staging, name: 'Home staging (ancien) (par m²) bien vide' };
    expect(basketLineName({ product: twice, quantity: 1 })).toBe(
      'Home staging bien vide (1\u00a0m²)',
    );
  });

  it('suffixes product 23 with its hours', () => {
    expect(basketLineName({ product: coaching, quantity: 3 })).toBe('Coaching déco (3\u00a0h)');
  });

  it('groups thousands the French way', () => {
    expect(basketLineName({ product: staging, quantity: 1500 })).toBe(
      'Home staging (1\u202f500\u00a0m²)',
    );
  });

  it('keeps the name of any other product, parentheses included', () => {
    const named = { ...cushion, name: 'Coussins (lot de 2)' };
    expect(basketLineName({ product: named, quantity: 4 })).toBe('Coussins (lot de 2)');
  });
});

describe('badge (spec 2.2, 4.5)', () => {
  it('sums the quantities, products 19 and 23 counting 1 each', () => {
    expect(
      basketBadgeCount([
        { product: cushion, quantity: 3 },
        { product: staging, quantity: 24 },
        { product: coaching, quantity: 5 },
      ]),
    ).toBe(5);
    expect(basketBadgeCount([])).toBe(0);
  });

  it('shows nothing at 0, the count up to 99, then +99', () => {
    expect(basketBadgeText(0)).toBe('');
    expect(basketBadgeText(1)).toBe('1');
    expect(basketBadgeText(99)).toBe('99');
    expect(basketBadgeText(100)).toBe('+99');
    expect(basketBadgeText(basketBadgeCount([{ product: cushion, quantity: 250 }]))).toBe('+99');
  });
});

describe('subtotal', () => {
  it('adds price × quantity in integer cents, without float drift', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floats.
    const lines = [
      { product: cushion, quantity: 1 },
      { product: plaid, quantity: 1 },
    ];
    expect(basketSubtotalCents(lines)).toBe(30);
    expect(basketSubtotal(lines)).toBe(0.3);
    expect(
      basketSubtotal([
        { product: staging, quantity: 24 },
        { product: { ...cushion, price: 19.99 }, quantity: 3 },
      ]),
    ).toBe(359.97);
    expect(basketSubtotal([])).toBe(0);
  });
});

describe('basketLineSchema', () => {
  it('accepts a stored line and drops unknown fields', () => {
    const parsed = basketLineSchema.parse({
      product: { ...cushion, description: 'en lin' },
      quantity: 2,
    });
    expect(parsed).toEqual({ product: cushion, quantity: 2 });
  });

  it('refuses lines that cannot be sold as they are', () => {
    const bad: unknown[] = [
      null,
      { product: cushion },
      { product: cushion, quantity: 0 },
      { product: cushion, quantity: 1.5 },
      { product: cushion, quantity: '2' },
      { product: { ...cushion, price: -1 }, quantity: 1 },
      { product: { ...cushion, price: 1.234 }, quantity: 1 },
      { product: { ...cushion, id: '7' }, quantity: 1 },
      { product: { ...cushion, name: ' ' }, quantity: 1 },
    ];
    for (const value of bad) expect(basketLineSchema.safeParse(value).success).toBe(false);
  });

  it('says in French what is wrong with a quantity', () => {
    const result = basketLineSchema.safeParse({ product: cushion, quantity: 0 });
    expect(result.error?.issues[0]?.message).toBe('La quantité doit être d’au moins 1.');
  });
});

describe('readStoredBasket', () => {
  it('reads nothing when there is no value', () => {
    expect(readStoredBasket(null)).toEqual({ kind: 'absent' });
  });

  it('calls invalid JSON and anything but a list unreadable', () => {
    for (const raw of ['{', '', '{"items":[]}', '42', 'null', '"text"'])
      expect(readStoredBasket(raw).kind).toBe('unreadable');
  });

  it('keeps the valid lines, merged by the add rule, and counts the others', () => {
    const raw = JSON.stringify([
      { product: cushion, quantity: 2 },
      { product: plaid, quantity: -3 },
      'junk',
      { product: cushion, quantity: 1 },
      { product: staging, quantity: 24 },
    ]);
    expect(readStoredBasket(raw)).toEqual({
      kind: 'list',
      lines: [
        { product: cushion, quantity: 3 },
        { product: staging, quantity: 24 },
      ],
      skipped: 2,
    });
  });
});
