import {
  BASKET_MERGE_KEYS_KEPT,
  mergeBasketItems,
  normaliseBasketItems,
  type BasketItem,
} from '../../../src/domain/api/basket';
import type { Db } from '../../db/database';

/**
 * The SQL of a signed-in person's basket (issue 32, docs/shop.md): always the caller's own row.
 * Every write checks the items against the catalogue (unknown product dropped, quantities within
 * bounds) and raises the version. Writes are compare-and-swap on the version, so two devices
 * writing at once (two merges, a merge and a change) never lose one of them silently, on SQLite
 * as on PostgreSQL, without a lock.
 */

export interface StoredBasket {
  items: BasketItem[];
  version: number;
  updatedAt: string | null;
  mergeKeys: string[];
}

const EMPTY: StoredBasket = { items: [], version: 0, updatedAt: null, mergeKeys: [] };

function parseList(json: string): unknown[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

export async function readBasket(db: Db, userId: string): Promise<StoredBasket> {
  const row = await db
    .selectFrom('user_basket')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return EMPTY;
  return {
    // What was stored was checked when written; the catalogue may have changed since.
    items: normaliseBasketItems(parseList(row.items) as BasketItem[]),
    version: row.version,
    updatedAt: row.updated_at,
    mergeKeys: parseList(row.merge_keys).filter((k): k is string => typeof k === 'string'),
  };
}

/**
 * Applies `change` to the stored basket and writes the result if nobody wrote in between; tried
 * again on a concurrent write (a few times: only one person's devices write this row).
 */
async function update(
  db: Db,
  userId: string,
  at: string,
  change: (current: StoredBasket) => { items: BasketItem[]; mergeKeys: string[] } | null,
): Promise<StoredBasket> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const current = await readBasket(db, userId);
    const next = change(current);
    if (!next) return current;
    const row = {
      items: JSON.stringify(normaliseBasketItems(next.items)),
      version: current.version + 1,
      merge_keys: JSON.stringify(next.mergeKeys.slice(-BASKET_MERGE_KEYS_KEPT)),
      updated_at: at,
    };
    const written =
      current.version === 0
        ? await db
            .insertInto('user_basket')
            .values({ user_id: userId, ...row })
            .onConflict((oc) => oc.column('user_id').doNothing())
            .executeTakeFirst()
            .then((r) => Number(r.numInsertedOrUpdatedRows ?? 0))
        : await db
            .updateTable('user_basket')
            .set(row)
            .where('user_id', '=', userId)
            .where('version', '=', current.version)
            .executeTakeFirst()
            .then((r) => Number(r.numUpdatedRows));
    if (written === 1) return readBasket(db, userId);
  }
  throw new Error('Le panier change trop souvent pour être enregistré.');
}

/** PUT: the device's whole basket replaces the stored one (last write wins, docs/shop.md). */
export function replaceBasket(db: Db, userId: string, items: BasketItem[], at: string) {
  return update(db, userId, at, (current) => ({ items, mergeKeys: current.mergeKeys }));
}

/**
 * POST merge: the device's basket added by the spec's add rule, once per key: the same key again
 * (a retry whose answer was lost) answers the basket as it is, without adding it a second time.
 */
export function mergeBasket(db: Db, userId: string, key: string, items: BasketItem[], at: string) {
  return update(db, userId, at, (current) =>
    current.mergeKeys.includes(key)
      ? null
      : { items: mergeBasketItems(current.items, items), mergeKeys: [...current.mergeKeys, key] },
  );
}

/** A client's account erased (server/resources/client): their basket goes with it. */
export async function removeUserBasket(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('user_basket').where('user_id', '=', userId).execute();
}
