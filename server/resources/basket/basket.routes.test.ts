import { describe, expect, it } from 'vitest';
import {
  MY_BASKET_MERGE_PATH,
  MY_BASKET_PATH,
  type BasketItem,
  type MyBasket,
} from '../../../src/domain/api/basket';
import { DELETE_ACCOUNT_PATH } from '../../../src/domain/api/client';
import { apiErrorSchema } from '../../../src/domain/api/errors';
import { HOMESTYLZ_M2_PRODUCT_ID } from '../../../src/domain/homestylz-offers';
import { shopProductById } from '../../../src/domain/shop-catalogue';
import { closeAfterEach, fieldErrorsOf, makeTestApp, postJson, signedIn } from '../../test-app';

const keep = closeAfterEach();

async function setup() {
  const made = keep(await makeTestApp({ seed: true }));
  const client = await signedIn(made, 'client@demo.chassimmo.fr');
  const chasseur = await signedIn(made, 'chasseur@demo.chassimmo.fr');
  const get = async (headers: Record<string, string> = client.headers) =>
    made.app.request(MY_BASKET_PATH, { headers });
  const put = (body: unknown, headers: Record<string, string> = client.headers) =>
    made.app.request(MY_BASKET_PATH, { ...postJson(body, headers), method: 'PUT' });
  const merge = (body: unknown, headers: Record<string, string> = client.headers) =>
    made.app.request(MY_BASKET_MERGE_PATH, postJson(body, headers));
  return { made, client, chasseur, get, put, merge };
}

async function basketOf(res: Response): Promise<MyBasket> {
  expect(res.status).toBe(200);
  return (await res.json()) as MyBasket;
}

const itemsOf = (basket: MyBasket): BasketItem[] =>
  basket.lines.map((line) => ({ productId: line.product.id, quantity: line.quantity }));

const KEY = 'f0c1a2b3-0000-4000-8000-000000000001';

describe('/api/basket/mine', () => {
  it('is for signed-in people only', async () => {
    const { made } = await setup();
    expect((await made.app.request(MY_BASKET_PATH)).status).toBe(401);
    expect(
      (await made.app.request(MY_BASKET_MERGE_PATH, postJson({ key: KEY, items: [] }))).status,
    ).toBe(401);
  });

  it('starts empty, keeps what a device puts, named and priced by the catalogue', async () => {
    const { get, put } = await setup();
    expect(await basketOf(await get())).toEqual({ lines: [], version: 0, updatedAt: null });
    const saved = await basketOf(
      await put({
        items: [
          { productId: 2, quantity: 1 },
          { productId: HOMESTYLZ_M2_PRODUCT_ID, quantity: 24 },
        ],
      }),
    );
    expect(saved.version).toBe(1);
    const pack = shopProductById(2)!;
    expect(saved.lines[0]).toEqual({
      product: {
        id: 2,
        name: pack.name,
        price: pack.price,
        src: pack.src,
        packname: pack.packname,
      },
      quantity: 1,
    });
    const read = await basketOf(await get());
    expect(itemsOf(read)).toEqual([
      { productId: 2, quantity: 1 },
      { productId: HOMESTYLZ_M2_PRODUCT_ID, quantity: 24 },
    ]);
    expect(read.version).toBe(1);
    // Emptied (the payment succeeded on a device, or the person cleared it).
    const cleared = await basketOf(await put({ items: [] }));
    expect(cleared.lines).toEqual([]);
    expect(cleared.version).toBe(2);
    expect((await basketOf(await get())).lines).toEqual([]);
  });

  it('drops an unknown product and keeps each quantity within its product’s bounds', async () => {
    const { put } = await setup();
    const saved = await basketOf(
      await put({
        items: [
          { productId: 999, quantity: 1 },
          { productId: 2, quantity: 1000 },
          { productId: HOMESTYLZ_M2_PRODUCT_ID, quantity: 100_000 },
        ],
      }),
    );
    expect(itemsOf(saved)).toEqual([
      { productId: 2, quantity: shopProductById(2)!.maxQuantity },
      { productId: HOMESTYLZ_M2_PRODUCT_ID, quantity: 500 },
    ]);
  });

  it('refuses a malformed basket with a French message (400) and keeps the stored one', async () => {
    const { get, put, merge } = await setup();
    await put({ items: [{ productId: 1, quantity: 2 }] });
    expect(
      (await fieldErrorsOf(await put({ items: [{ productId: 2, quantity: 0 }] })))[
        'items.0.quantity'
      ],
    ).toBe('La quantité doit être d’au moins 1.');
    expect(
      (await fieldErrorsOf(await put({ items: [{ productId: 2, quantity: 1.5 }] })))[
        'items.0.quantity'
      ],
    ).toBe('La quantité doit être un nombre entier.');
    expect((await fieldErrorsOf(await put({ items: 'tout' })))['items']).toBe(
      'Le panier doit être une liste de lignes.',
    );
    const tooMany = Array.from({ length: 51 }, () => ({ productId: 2, quantity: 1 }));
    expect((await fieldErrorsOf(await put({ items: tooMany })))['items']).toBe(
      'Le panier ne peut pas compter plus de 50 lignes.',
    );
    expect((await fieldErrorsOf(await merge({ key: 'x', items: [] })))['key']).toBe(
      'La clé de fusion du panier est invalide.',
    );
    const notJson = await put('pas du JSON');
    expect(notJson.status).toBe(400);
    expect(apiErrorSchema.parse(await notJson.json()).message).toMatch(/invalides/);
    expect(itemsOf(await basketOf(await get()))).toEqual([{ productId: 1, quantity: 2 }]);
  });

  it('merges a device basket by the add rule, once per key', async () => {
    const { get, put, merge } = await setup();
    await put({
      items: [
        { productId: 2, quantity: 1 },
        { productId: 4, quantity: 1 },
      ],
    });
    const device = {
      key: KEY,
      items: [
        { productId: 2, quantity: 2 },
        { productId: 1, quantity: 1 },
      ],
    };
    const merged = await basketOf(await merge(device));
    expect(itemsOf(merged)).toEqual([
      { productId: 2, quantity: 3 },
      { productId: 4, quantity: 1 },
      { productId: 1, quantity: 1 },
    ]);
    // The same merge again (a retry whose answer was lost): nothing is added twice.
    const again = await basketOf(await merge(device));
    expect(itemsOf(again)).toEqual(itemsOf(merged));
    expect(again.version).toBe(merged.version);
    // Another sign-in (another key) adds again, within the product's maximum.
    const later = await basketOf(
      await merge({ key: `${KEY}-2`, items: [{ productId: 2, quantity: 50 }] }),
    );
    expect(itemsOf(later)[0]).toEqual({ productId: 2, quantity: shopProductById(2)!.maxQuantity });
    expect(itemsOf(await basketOf(await get()))).toEqual(itemsOf(later));
  });

  it('counts both of two merges sent at once by two devices', async () => {
    const { merge } = await setup();
    await Promise.all([
      merge({ key: `${KEY}-a`, items: [{ productId: 2, quantity: 1 }] }),
      merge({ key: `${KEY}-b`, items: [{ productId: 2, quantity: 2 }] }),
    ]);
    const final = await basketOf(await merge({ key: `${KEY}-c`, items: [] }));
    expect(itemsOf(final)).toEqual([{ productId: 2, quantity: 3 }]);
  });

  it('is each person’s own: another account never sees nor changes it', async () => {
    const { get, put, merge, chasseur } = await setup();
    await put({ items: [{ productId: 3, quantity: 2 }] });
    expect((await basketOf(await get(chasseur.headers))).lines).toEqual([]);
    await put({ items: [{ productId: 1, quantity: 1 }] }, chasseur.headers);
    await merge({ key: KEY, items: [{ productId: 4, quantity: 1 }] }, chasseur.headers);
    expect(itemsOf(await basketOf(await get()))).toEqual([{ productId: 3, quantity: 2 }]);
    expect(itemsOf(await basketOf(await get(chasseur.headers)))).toEqual([
      { productId: 1, quantity: 1 },
      { productId: 4, quantity: 1 },
    ]);
  });

  it('goes with the client’s erased account', async () => {
    const { made, client, put } = await setup();
    await put({ items: [{ productId: 3, quantity: 2 }] });
    const res = await made.app.request(
      DELETE_ACCOUNT_PATH,
      postJson({ password: 'Demo1234' }, client.headers),
    );
    expect(res.status).toBe(200);
    expect(
      await made.db
        .selectFrom('user_basket')
        .select('user_id')
        .where('user_id', '=', client.id)
        .execute(),
    ).toEqual([]);
  });
});
