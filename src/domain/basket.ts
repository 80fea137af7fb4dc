/**
 * The shop basket's rules (spec 3.8, 4.5, 8, 9), as pure functions over a list of lines: the page
 * stores the list in Dexie (src/db/basket.repo.ts, design card: not in localStorage), the panel
 * shows it, the payment call sends it and the server reprices it. A line's identity is its
 * product id; lines keep the order in which their product was first added.
 */
import { z } from 'zod';
import { HOMESTYLZ_HOUR_PRODUCT_ID, HOMESTYLZ_M2_PRODUCT_ID } from './homestylz-offers';
import { NBSP } from './typography';

/** Default quantity added (spec 9). */
export const DEFAULT_ADD_QUANTITY = 1;
/** The badge shows '+99' above this count (spec 2.2, 9). */
export const BADGE_CAP = 99;

/** Euros with at most cents: the subtotal is computed in integer cents. */
const euros = z
  .number()
  .finite()
  .nonnegative()
  .refine((price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6, {
    message: 'Le prix ne peut pas avoir plus de deux décimales.',
  });

/** A quantity: a whole number from 1 (m² for product 19, hours for product 23, units otherwise). */
export const basketQuantitySchema = z
  .number({ error: 'La quantité doit être un nombre.' })
  .int({ error: 'La quantité doit être un nombre entier.' })
  .min(1, { error: 'La quantité doit être d’au moins 1.' });

/** Spec 3.8: the product as the basket keeps it (unknown fields of legacy data are dropped). */
export const basketProductSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().trim().min(1),
  /** Euros TTC per unit. */
  price: euros,
  /** Image URL. */
  src: z.string(),
  packname: z.string(),
});

/** A stored basket line: what is read back from Dexie or from the legacy localStorage value. */
export const basketLineSchema = z.object({
  product: basketProductSchema,
  quantity: basketQuantitySchema,
});

export type BasketProduct = z.infer<typeof basketProductSchema>;
export type BasketLine = z.infer<typeof basketLineSchema>;

function checkedQuantity(quantity: number): number {
  if (!basketQuantitySchema.safeParse(quantity).success)
    throw new RangeError(`Quantité invalide : ${quantity}`);
  return quantity;
}

/**
 * Spec 4.5 "add product": an existing line's quantity increases by the amount added (default 1),
 * and takes the product as given now (the newest name and price the page showed); otherwise a
 * new line goes last. A quantity that is not a whole number from 1 throws a RangeError.
 */
export function addToBasket(
  lines: readonly BasketLine[],
  product: BasketProduct,
  quantity: number = DEFAULT_ADD_QUANTITY,
): BasketLine[] {
  checkedQuantity(quantity);
  const index = lines.findIndex((line) => line.product.id === product.id);
  if (index === -1) return [...lines, { product, quantity }];
  return lines.map((line, i) =>
    i === index ? { product, quantity: line.quantity + quantity } : line,
  );
}

/** 'Retirer': the whole line goes. */
export function removeBasketLine(lines: readonly BasketLine[], productId: number): BasketLine[] {
  return lines.filter((line) => line.product.id !== productId);
}

/** '−': one unit less; the line goes when its quantity is 1 or less (spec 4.5). */
export function removeOneFromBasket(lines: readonly BasketLine[], productId: number): BasketLine[] {
  return lines.flatMap((line) => {
    if (line.product.id !== productId) return [line];
    return line.quantity <= 1 ? [] : [{ ...line, quantity: line.quantity - 1 }];
  });
}

export function clearBasket(): BasketLine[] {
  return [];
}

/** The unit a product is sold by, when its quantity is a measure (spec 4.5, 9). */
export function basketMeasureUnit(productId: number): 'm²' | 'h' | undefined {
  if (productId === HOMESTYLZ_M2_PRODUCT_ID) return 'm²';
  if (productId === HOMESTYLZ_HOUR_PRODUCT_ID) return 'h';
  return undefined;
}

/** Sold by the m² or by the hour: the quantity is a measure, not a count of items. */
export function isMeasuredProduct(productId: number): boolean {
  return basketMeasureUnit(productId) !== undefined;
}

/**
 * The name shown for a line (spec 4.5): products 19 and 23 get their quantity and unit in
 * parentheses, replacing any earlier parenthesised part ('Home staging (par m²)' × 24 →
 * 'Home staging (24 m²)'); the number keeps its unit on its line (U+00A0) and is grouped the
 * French way (1 500). Other products keep their name.
 */
export function basketLineName(line: BasketLine): string {
  return measuredName(line.product.id, line.product.name, line.quantity);
}

/**
 * Spec 4.5's name of products 19 and 23 for a quantity: the quantity and unit in parentheses, in
 * place of any earlier parenthesised part; other products keep their name. The basket panel and
 * the server's order lines (shop-catalogue.ts) both name a line with it.
 */
export function measuredName(productId: number, name: string, quantity: number): string {
  const unit = basketMeasureUnit(productId);
  if (!unit) return name;
  const base = name
    .replace(/\s*\([^()]*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return `${base} (${quantity.toLocaleString('fr-FR')}${NBSP}${unit})`;
}

/** Spec 4.5: the sum of quantities, where products 19 and 23 count 1 each whatever their quantity. */
export function basketBadgeCount(lines: readonly BasketLine[]): number {
  return lines.reduce(
    (count, line) => count + (isMeasuredProduct(line.product.id) ? 1 : line.quantity),
    0,
  );
}

/**
 * What the badge shows: nothing ('') for an empty basket (no '0' bubble on the icon), the count
 * up to 99, then '+99' (spec 2.2).
 */
export function basketBadgeText(count: number): string {
  if (count <= 0) return '';
  return count > BADGE_CAP ? `+${BADGE_CAP}` : String(count);
}

/** A price in euros as integer cents (spec 9: unit amount = price × 100). */
export function euroCents(price: number): number {
  return Math.round(price * 100);
}

/** 'Sous-total' in integer cents: the sum of price × quantity, without float drift. */
export function basketSubtotalCents(lines: readonly BasketLine[]): number {
  return lines.reduce((sum, line) => sum + euroCents(line.product.price) * line.quantity, 0);
}

/** 'Sous-total' in euros (for formatEuro). */
export function basketSubtotal(lines: readonly BasketLine[]): number {
  return basketSubtotalCents(lines) / 100;
}

/** What a stored basket value holds (spec 8: a value that is not a list is discarded). */
export type StoredBasket =
  | { kind: 'absent' }
  | { kind: 'unreadable'; reason: string }
  | { kind: 'list'; lines: BasketLine[]; skipped: number };

/**
 * Reads the legacy localStorage value: absent (null), unreadable (invalid JSON or not a list),
 * or the valid lines merged by the add rule (one product listed twice makes one line) with the
 * count of the invalid ones skipped.
 */
export function readStoredBasket(raw: string | null): StoredBasket {
  if (raw === null) return { kind: 'absent' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { kind: 'unreadable', reason: 'JSON invalide' };
  }
  if (!Array.isArray(value)) return { kind: 'unreadable', reason: 'pas une liste' };
  let lines: BasketLine[] = [];
  let skipped = 0;
  for (const item of value) {
    const parsed = basketLineSchema.safeParse(item);
    if (parsed.success) lines = addToBasket(lines, parsed.data.product, parsed.data.quantity);
    else skipped += 1;
  }
  return { kind: 'list', lines, skipped };
}
