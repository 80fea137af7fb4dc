import { z } from 'zod';
import { addToBasket, type BasketLine } from '../basket';
import { shopProductById } from '../shop-catalogue';

/**
 * The basket of a signed-in person across their devices (issue 32, docs/shop.md « Le panier sur
 * plusieurs appareils »): the server keeps one basket per account, the device keeps its own copy
 * in Dexie (src/db/basket.repo.ts) and sends each change; at sign-in the device's basket is merged
 * into the server's by the spec's add rule (4.5). Written once, for server/resources/basket and
 * src/db/basket-sync.ts.
 */

/** GET: the caller's basket. PUT ({ items }): the caller's whole basket, last write wins. */
export const MY_BASKET_PATH = '/api/basket/mine';
/** POST ({ key, items }): the device's basket added to the caller's, once per key. */
export const MY_BASKET_MERGE_PATH = '/api/basket/mine/merge';

/** More lines than this is not a basket (the catalogue has a handful of products). */
export const BASKET_MAX_LINES = 50;
/** How many merge keys the server remembers per account (a key is replayed only by retries). */
export const BASKET_MERGE_KEYS_KEPT = 20;

/** What the server stores of a line: the product's id and its quantity, nothing the client chose. */
export interface BasketItem {
  productId: number;
  quantity: number;
}

const itemSchema = z.object(
  {
    productId: z
      .number({ error: 'Le produit d’une ligne du panier doit être un numéro.' })
      .int({ error: 'Le produit d’une ligne du panier doit être un numéro entier.' })
      .positive({ error: 'Le produit d’une ligne du panier doit être un numéro entier.' }),
    quantity: z
      .number({ error: 'La quantité doit être un nombre.' })
      .int({ error: 'La quantité doit être un nombre entier.' })
      .min(1, { error: 'La quantité doit être d’au moins 1.' }),
  },
  { error: 'Chaque ligne du panier doit donner un produit et une quantité.' },
);

const itemsSchema = z
  .array(itemSchema, { error: 'Le panier doit être une liste de lignes.' })
  .max(BASKET_MAX_LINES, {
    error: `Le panier ne peut pas compter plus de ${BASKET_MAX_LINES} lignes.`,
  });

/** PUT body: the whole basket as the device holds it. */
export const basketPutSchema = z.object(
  { items: itemsSchema },
  { error: 'Le panier envoyé est illisible.' },
);

/** POST merge body: the device's basket and the key of this one merge (a retry sends it again). */
export const basketMergeSchema = z.object(
  {
    key: z
      .string({ error: 'La clé de fusion du panier manque.' })
      .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'La clé de fusion du panier est invalide.' }),
    items: itemsSchema,
  },
  { error: 'Le panier envoyé est illisible.' },
);

export type BasketPut = z.output<typeof basketPutSchema>;
export type BasketMerge = z.output<typeof basketMergeSchema>;

/** Every answer: the basket as the server keeps it, its lines named and priced by the catalogue. */
export interface MyBasket {
  lines: BasketLine[];
  /** Increases with each write: two devices that read the same version hold the same basket. */
  version: number;
  updatedAt: string | null;
}

/**
 * The catalogue's rules on a list of items (spec 4.5 add rule, docs/shop.md): a product listed
 * twice makes one line (quantities added), an unknown product is dropped, each quantity is brought
 * within the product's bounds (shop-catalogue.ts), lines keep the order of their first mention.
 */
export function normaliseBasketItems(items: readonly BasketItem[]): BasketItem[] {
  const merged: BasketItem[] = [];
  for (const item of items) {
    const product = shopProductById(item.productId);
    if (!product || !Number.isInteger(item.quantity) || item.quantity < 1) continue;
    const line = merged.find((m) => m.productId === item.productId);
    if (line) line.quantity += item.quantity;
    else merged.push({ productId: item.productId, quantity: item.quantity });
  }
  return merged.flatMap((item) => {
    const product = shopProductById(item.productId);
    if (!product) return [];
    const quantity = Math.min(product.maxQuantity, Math.max(product.minQuantity, item.quantity));
    return [{ productId: item.productId, quantity }];
  });
}

/**
 * The merge at sign-in: the device's lines added to the account's by the spec's add rule (4.5):
 * a product on both sides gets the sum of its quantities (within the product's maximum), every
 * other line is kept, the account's lines first, then the device's new ones.
 */
export function mergeBasketItems(
  account: readonly BasketItem[],
  device: readonly BasketItem[],
): BasketItem[] {
  return normaliseBasketItems([...normaliseBasketItems(account), ...normaliseBasketItems(device)]);
}

/**
 * A merge answered after the person changed the device's basket (the first answer was lost, the
 * retry came later): the merged basket plus what they changed since the merge's snapshot, product
 * by product (a unit added here is added there, a line removed here takes its units away), within
 * the catalogue's bounds. Without a change since the snapshot, the merged basket as it is.
 */
export function rebaseBasketItems(
  merged: readonly BasketItem[],
  snapshot: readonly BasketItem[],
  local: readonly BasketItem[],
): BasketItem[] {
  const quantity = (items: readonly BasketItem[], id: number) =>
    items.find((item) => item.productId === id)?.quantity ?? 0;
  const ids = [...new Set([...merged, ...local, ...snapshot].map((item) => item.productId))];
  return normaliseBasketItems(
    ids.flatMap((productId) => {
      const next =
        quantity(merged, productId) + quantity(local, productId) - quantity(snapshot, productId);
      return next >= 1 ? [{ productId, quantity: next }] : [];
    }),
  );
}

/** The same items in the same order. */
export const sameBasketItems = (a: readonly BasketItem[], b: readonly BasketItem[]) =>
  a.length === b.length &&
  a.every((item, i) => item.productId === b[i]?.productId && item.quantity === b[i]?.quantity);

/** The lines the pages show for stored items: product name, price, picture from the catalogue. */
export function basketLinesOf(items: readonly BasketItem[]): BasketLine[] {
  return normaliseBasketItems(items).reduce<BasketLine[]>((lines, item) => {
    const product = shopProductById(item.productId);
    if (!product) return lines;
    return addToBasket(
      lines,
      {
        id: product.id,
        name: product.name,
        price: product.price,
        src: product.src,
        packname: product.packname,
      },
      item.quantity,
    );
  }, []);
}

/** The items a device sends for its lines. */
export function basketItemsOf(lines: readonly BasketLine[]): BasketItem[] {
  return lines.map((line) => ({ productId: line.product.id, quantity: line.quantity }));
}
