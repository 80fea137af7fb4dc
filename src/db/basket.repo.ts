import Dexie from 'dexie';
import {
  type BasketLine,
  type BasketProduct,
  addToBasket,
  basketBadgeCount,
  basketBadgeText,
  basketLineSchema,
  clearBasket,
  readStoredBasket,
  removeBasketLine,
  removeOneFromBasket,
} from '../domain/basket';
import { LEGACY_BASKET_KEY } from '../lib/basket-badge';
import { publishBadge } from '../lib/publish-badge';
import { basketChanged } from '../lib/basket-sync-state';
import { browserStorage } from '../lib/token-storage';
import { type AppDatabase, type BasketLineRecord, appDb } from './database';

/**
 * The shop basket in Dexie (spec 4.5; the design card: not in localStorage). Every change reads
 * the lines, applies the rule of src/domain/basket.ts and writes the difference in one 'rw'
 * transaction: IndexedDB runs two such transactions one after the other, so two tabs adding at
 * once both count. Offline changes nothing: the basket is this device's own. Open tabs see a
 * change through liveQuery (useBasket); the header sees it through the badge mirror
 * (src/lib/basket-badge.ts), written inside the same transaction so that the mirror's writes
 * come in the order of the changes.
 */
export interface BasketRepo {
  /** Lines in the order their product was first added; a stored line that does not parse is left out. */
  list(): Promise<BasketLine[]>;
  /** Spec 4.5 add: +quantity (default 1) on the product's line, or a new line last. */
  add(product: BasketProduct, quantity?: number): Promise<BasketLine[]>;
  /** 'Retirer'. */
  removeLine(productId: number): Promise<BasketLine[]>;
  /** '−': one unit less, the line gone at 1 or less. */
  removeOne(productId: number): Promise<BasketLine[]>;
  /** After a paid order (spec 4.6) or when the person empties it. */
  clear(): Promise<BasketLine[]>;
  /**
   * The lines the server keeps for the signed-in person (src/db/basket-sync.ts), or none when they
   * sign out: stored as they are, without being sent back to the server. Or the lines `lines`
   * makes of the stored ones, read and written in one transaction (the sign-in merge keeps what
   * the person changed meanwhile: no change can come between the reading and the writing).
   * `unless`, asked inside the transaction, keeps the stored lines instead (the sync: a change of
   * the person's was written since it asked the server).
   */
  replace(
    lines: readonly BasketLine[] | ((stored: readonly BasketLine[]) => BasketLine[]),
    options?: { unless?: () => boolean },
  ): Promise<BasketLine[]>;
  /** Writes the badge mirror from the stored lines (the header's first read, a stale mirror). */
  refreshBadge(): Promise<string>;
  /**
   * Moves a legacy `basket_cart_items` (spec 9) into Dexie, once: its valid lines are added by
   * the add rule, then the key is removed; a value that is not a list is logged and removed
   * (spec 8). Once: the key is read and removed inside the transaction, so a later or
   * concurrent call (this tab or another) finds nothing to migrate.
   */
  migrateLegacy(storage?: Storage | null): Promise<LegacyMigration>;
}

export type LegacyMigration =
  | { kind: 'none' }
  | { kind: 'discarded'; reason: string }
  | { kind: 'migrated'; lines: number; skipped: number };

function toLines(records: readonly BasketLineRecord[]): BasketLine[] {
  return [...records]
    .sort((a, b) => a.addedAt - b.addedAt || a.productId - b.productId)
    .flatMap((record) => {
      const parsed = basketLineSchema.safeParse(record);
      if (parsed.success && parsed.data.product.id === record.productId) return [parsed.data];
      console.warn('Ligne de panier illisible, ignorée :', record);
      return [];
    });
}

type Rule = (lines: readonly BasketLine[]) => BasketLine[];

export function createBasketRepo(db: AppDatabase): BasketRepo {
  /** Inside a 'rw' transaction on basketLines: applies the rule and stores the difference. */
  async function applyRule(rule: Rule): Promise<BasketLine[]> {
    const records = await db.basketLines.toArray();
    const next = rule(toLines(records));
    const addedAt = new Map(records.map((r) => [r.productId, r.addedAt]));
    const kept = new Set(next.map((line) => line.product.id));
    // Increasing even if the clock goes back, so a new line always goes last.
    let stamp = Math.max(Date.now(), ...records.map((r) => r.addedAt + 1));
    await db.basketLines.bulkDelete(
      records.filter((r) => !kept.has(r.productId)).map((r) => r.productId),
    );
    await db.basketLines.bulkPut(
      next.map((line) => ({
        ...line,
        productId: line.product.id,
        addedAt: addedAt.get(line.product.id) ?? stamp++,
      })),
    );
    const badge = basketBadgeText(basketBadgeCount(next));
    // Outside the transaction's zone: a listener reading another table must not join it.
    Dexie.ignoreTransaction(() => publishBadge(badge));
    return next;
  }

  async function change(rule: Rule, { fromPerson = true } = {}): Promise<BasketLine[]> {
    try {
      return await db.transaction('rw', db.basketLines, async () => {
        const lines = await applyRule(rule);
        // Signed in, the person's change goes to their other devices too (issue 32). Counted
        // inside the transaction, not once it is committed: the sync (./basket-sync.ts) decides
        // in its own transactions (`replace`'s `unless`), which IndexedDB runs one after the
        // other, so it always finds the change counted once it is written, and never stores the
        // server's basket over it (a basket emptied after a payment came back, on every device).
        if (fromPerson) Dexie.ignoreTransaction(() => basketChanged());
        return lines;
      });
    } catch (error) {
      // The mirror was written before the commit failed: put back what is stored.
      void refreshBadge().catch(() => undefined);
      throw error;
    }
  }

  async function list(): Promise<BasketLine[]> {
    return toLines(await db.basketLines.toArray());
  }

  async function refreshBadge(): Promise<string> {
    const text = basketBadgeText(basketBadgeCount(await list()));
    publishBadge(text);
    return text;
  }

  async function migrate(storage: Storage | null): Promise<LegacyMigration> {
    if (!storage) return { kind: 'none' };
    let removed: string | null = null;
    try {
      // Read and removed inside the transaction, once it runs: IndexedDB runs a second tab's
      // migration after this one committed, which then finds no key. The callback itself starts
      // before that: the key is read only after a first request was answered.
      return await db.transaction('rw', db.basketLines, async () => {
        await db.basketLines.count();
        const raw = storage.getItem(LEGACY_BASKET_KEY);
        const stored = readStoredBasket(raw);
        if (stored.kind === 'absent') return { kind: 'none' } as const;
        if (stored.kind === 'unreadable') {
          console.warn(`Panier enregistré illisible (${stored.reason}), supprimé :`, raw);
          storage.removeItem(LEGACY_BASKET_KEY);
          return { kind: 'discarded', reason: stored.reason } as const;
        }
        if (stored.skipped > 0)
          console.warn(`Panier enregistré : ${stored.skipped} ligne(s) illisible(s) ignorée(s).`);
        await applyRule((lines) =>
          stored.lines.reduce<BasketLine[]>(
            (merged, line) => addToBasket(merged, line.product, line.quantity),
            [...lines],
          ),
        );
        storage.removeItem(LEGACY_BASKET_KEY);
        removed = raw;
        // Signed in, the moved lines go to the server like any change (issue 32).
        Dexie.ignoreTransaction(() => basketChanged());
        return { kind: 'migrated', lines: stored.lines.length, skipped: stored.skipped } as const;
      });
    } catch (error) {
      // Not stored: the legacy value stays for the next try.
      if (removed !== null && storage.getItem(LEGACY_BASKET_KEY) === null)
        storage.setItem(LEGACY_BASKET_KEY, removed);
      throw error;
    }
  }

  return {
    list,
    add: (product, quantity) => change((lines) => addToBasket(lines, product, quantity)),
    removeLine: (productId) => change((lines) => removeBasketLine(lines, productId)),
    removeOne: (productId) => change((lines) => removeOneFromBasket(lines, productId)),
    clear: () => change(clearBasket),
    replace: (lines, { unless } = {}) =>
      change(
        (stored) =>
          unless?.() ? [...stored] : typeof lines === 'function' ? lines(stored) : [...lines],
        { fromPerson: false },
      ),
    refreshBadge,
    migrateLegacy: (storage = browserStorage()) => migrate(storage),
  };
}

/** The basket of this device (the app's one database). */
export const basketRepo = createBasketRepo(appDb);

/** Moves a legacy basket in the background (spec 9); a failure is logged, tried again next page. */
export function migrateLegacyBasket(): void {
  basketRepo.migrateLegacy().catch((error: unknown) => {
    console.warn('Migration du panier enregistré impossible\u00a0:', error);
  });
}
