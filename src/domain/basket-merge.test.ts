import { describe, expect, it } from 'vitest';
import {
  BASKET_MAX_LINES,
  basketItemsOf,
  basketLinesOf,
  basketMergeSchema,
  basketPutSchema,
  mergeBasketItems,
  normaliseBasketItems,
  rebaseBasketItems,
  sameBasketItems,
} from './api/basket';
import { HOMESTYLZ_M2_PRODUCT_ID } from './homestylz-offers';
import { shopProductById } from './shop-catalogue';

const forfait = shopProductById(2)!;
const m2 = shopProductById(HOMESTYLZ_M2_PRODUCT_ID)!;

describe('mergeBasketItems (sign-in: the device basket into the account one, spec 4.5)', () => {
  it('adds the quantities of a product on both sides and keeps every other line', () => {
    expect(
      mergeBasketItems(
        [
          { productId: 2, quantity: 1 },
          { productId: 4, quantity: 2 },
        ],
        [
          { productId: 2, quantity: 3 },
          { productId: HOMESTYLZ_M2_PRODUCT_ID, quantity: 24 },
        ],
      ),
    ).toEqual([
      { productId: 2, quantity: 4 },
      { productId: 4, quantity: 2 },
      { productId: HOMESTYLZ_M2_PRODUCT_ID, quantity: 24 },
    ]);
  });

  it('keeps the account lines first, then the device’s new ones in their order', () => {
    const merged = mergeBasketItems(
      [{ productId: 4, quantity: 1 }],
      [
        { productId: 3, quantity: 1 },
        { productId: 1, quantity: 1 },
        { productId: 4, quantity: 1 },
      ],
    );
    expect(merged.map((item) => item.productId)).toEqual([4, 3, 1]);
  });

  it('an empty side changes nothing', () => {
    const basket = [{ productId: 1, quantity: 2 }];
    expect(mergeBasketItems(basket, [])).toEqual(basket);
    expect(mergeBasketItems([], basket)).toEqual(basket);
    expect(mergeBasketItems([], [])).toEqual([]);
  });

  it('caps a sum at the product’s maximum', () => {
    expect(
      mergeBasketItems(
        [{ productId: 2, quantity: forfait.maxQuantity - 1 }],
        [{ productId: 2, quantity: 5 }],
      ),
    ).toEqual([{ productId: 2, quantity: forfait.maxQuantity }]);
    expect(
      mergeBasketItems(
        [{ productId: HOMESTYLZ_M2_PRODUCT_ID, quantity: 400 }],
        [{ productId: HOMESTYLZ_M2_PRODUCT_ID, quantity: 400 }],
      ),
    ).toEqual([{ productId: HOMESTYLZ_M2_PRODUCT_ID, quantity: m2.maxQuantity }]);
  });

  it('drops a product the catalogue does not sell', () => {
    expect(
      mergeBasketItems([{ productId: 999, quantity: 1 }], [{ productId: 7, quantity: 2 }]),
    ).toEqual([]);
  });
});

describe('rebaseBasketItems (a merge answered after the person changed the device basket)', () => {
  const snapshot = [{ productId: 2, quantity: 1 }];
  const merged = [
    { productId: 4, quantity: 1 },
    { productId: 2, quantity: 2 },
  ];

  it('is the merged basket when nothing changed since the snapshot', () => {
    expect(rebaseBasketItems(merged, snapshot, snapshot)).toEqual(merged);
    expect(sameBasketItems(rebaseBasketItems(merged, snapshot, snapshot), merged)).toBe(true);
  });

  it('keeps a unit or a line added here since, once', () => {
    expect(
      rebaseBasketItems(merged, snapshot, [
        { productId: 2, quantity: 2 },
        { productId: 1, quantity: 1 },
      ]),
    ).toEqual([
      { productId: 4, quantity: 1 },
      { productId: 2, quantity: 3 },
      { productId: 1, quantity: 1 },
    ]);
  });

  it('takes away the units of a line removed here', () => {
    expect(rebaseBasketItems(merged, snapshot, [])).toEqual([
      { productId: 4, quantity: 1 },
      { productId: 2, quantity: 1 },
    ]);
    expect(rebaseBasketItems([{ productId: 2, quantity: 1 }], snapshot, [])).toEqual([]);
  });

  it('stays within the product’s bounds', () => {
    expect(rebaseBasketItems(merged, snapshot, [{ productId: 2, quantity: 100 }])[1]).toEqual({
      productId: 2,
      quantity: forfait.maxQuantity,
    });
  });
});

describe('normaliseBasketItems', () => {
  it('makes one line of a product listed twice (add rule), within its bounds', () => {
    expect(
      normaliseBasketItems([
        { productId: 3, quantity: 15 },
        { productId: 1, quantity: 1 },
        { productId: 3, quantity: 15 },
      ]),
    ).toEqual([
      { productId: 3, quantity: 20 },
      { productId: 1, quantity: 1 },
    ]);
  });
});

describe('basketLinesOf', () => {
  it('names and prices each line from the catalogue, whatever the device said', () => {
    const lines = basketLinesOf([{ productId: 2, quantity: 2 }]);
    expect(lines).toEqual([
      {
        product: {
          id: 2,
          name: forfait.name,
          price: forfait.price,
          src: forfait.src,
          packname: forfait.packname,
        },
        quantity: 2,
      },
    ]);
    expect(basketItemsOf(lines)).toEqual([{ productId: 2, quantity: 2 }]);
  });
});

describe('the request schemas', () => {
  it('refuse a quantity that is not a whole number from 1, in French', () => {
    for (const quantity of [0, -1, 1.5, '2']) {
      const parsed = basketPutSchema.safeParse({ items: [{ productId: 2, quantity }] });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/quantité/);
    }
  });

  it(`refuse more than ${BASKET_MAX_LINES} lines`, () => {
    const items = Array.from({ length: BASKET_MAX_LINES + 1 }, () => ({
      productId: 2,
      quantity: 1,
    }));
    const parsed = basketPutSchema.safeParse({ items });
    expect(parsed.error?.issues[0]?.message).toBe(
      `Le panier ne peut pas compter plus de ${BASKET_MAX_LINES} lignes.`,
    );
  });

  it('want a merge key', () => {
    expect(basketMergeSchema.safeParse({ items: [] }).success).toBe(false);
    expect(basketMergeSchema.safeParse({ key: 'abc', items: [] }).success).toBe(false);
    expect(
      basketMergeSchema.safeParse({ key: '0b8f4a7e-9c1d-4e2a-8f3b-1a2b3c4d5e6f', items: [] })
        .success,
    ).toBe(true);
  });
});
