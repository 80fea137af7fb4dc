import {
  MY_BASKET_MERGE_PATH,
  MY_BASKET_PATH,
  basketItemsOf,
  basketLinesOf,
  rebaseBasketItems,
  sameBasketItems,
  type MyBasket,
} from '../domain/api/basket';
import { api, toApiFailure } from '../lib/api';
import {
  BASKET_SYNC_EVENT,
  readSyncState,
  writeSyncState,
  type BasketSyncState,
} from '../lib/basket-sync-state';
import { publishBadge } from '../lib/publish-badge';
import { basketRepo } from './basket.repo';

/**
 * The signed-in person's basket, the same on each of their devices (issue 32, docs/shop.md « Le
 * panier sur plusieurs appareils »). Dexie keeps the device's copy as before; this module keeps
 * it in step with the server's:
 *
 * - at sign-in (a device that held no basket of this account), the device's basket is merged
 *   into the account's (POST …/merge, by the spec's add rule) under a key kept until the server
 *   answered, so a retry never adds it twice; the answer becomes the device's basket;
 * - each change the person makes here is counted (../lib/basket-sync-state.ts) and the whole
 *   basket is sent (PUT, last write wins); a failure leaves it counted, sent again at the next
 *   change, on `online`, when the page becomes visible, or at the next start;
 * - otherwise (start, page visible again) the server's basket replaces the device's, which shows
 *   what another device added.
 *
 * Not the outbox: a basket is a state, not a submission; only its latest version matters, so a
 * counter and one request replace a queue of every change. One run at a time across tabs (Web
 * Locks where the browser has them).
 */

let listening = false;

function newMergeKey(): string {
  return crypto.randomUUID();
}

/** Runs `task` alone among this device's tabs (one merge, not one per tab). */
async function exclusive(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) await locks.request('basket-sync', task);
  else await task();
}

/** The network failed or the server could not answer now: try again later. */
const isTransient = (error: unknown) => {
  const { status } = toApiFailure(error);
  return status === null || status >= 500 || status === 429;
};

async function run(userId: string): Promise<void> {
  let state = readSyncState();
  if (!state || state.userId !== userId) {
    // Another person's basket (they did not sign out): never merged into this account.
    if (state) await basketRepo.replace([]);
    state = { userId, mergeKey: newMergeKey(), mergeItems: null, changes: 0 };
    writeSyncState(state);
  }
  if (state.mergeKey) {
    // The person's changes counted from here on (../db/basket.repo.ts, as each is written): none
    // is forgotten when the merge writes the state back.
    const counted = state.changes;
    // The device's basket as the merge first sent it: a retry sends the same, with the same key.
    const snapshot = state.mergeItems ?? basketItemsOf(await basketRepo.list());
    if (!state.mergeItems) writeSyncState({ ...(readSyncState() ?? state), mergeItems: snapshot });
    const merged = await api<MyBasket>(MY_BASKET_MERGE_PATH, {
      method: 'POST',
      body: { key: state.mergeKey, items: snapshot },
    });
    // What the person changed here since the snapshot is kept on top of the merged basket: read
    // and written in one transaction, so a change made meanwhile comes before (kept on top) or
    // after (counted, sent below), never between, where it would be written over.
    const mergedItems = basketItemsOf(merged.lines);
    const rebased = basketItemsOf(
      await basketRepo.replace((stored) =>
        basketLinesOf(rebaseBasketItems(mergedItems, snapshot, basketItemsOf(stored))),
      ),
    );
    const now = readSyncState();
    if (now?.userId !== userId) return;
    const changes =
      (sameBasketItems(rebased, mergedItems) ? 0 : 1) + Math.max(0, now.changes - counted);
    writeSyncState({ userId, mergeKey: null, mergeItems: null, changes });
    // The changes made since go to the server too.
    if (changes > 0) return run(userId);
    return;
  }
  if (state.changes > 0) {
    const sent = state.changes;
    const lines = await basketRepo.list();
    let saved: MyBasket | null = null;
    try {
      saved = await api<MyBasket>(MY_BASKET_PATH, {
        method: 'PUT',
        body: { items: basketItemsOf(lines) },
      });
    } catch (error) {
      if (isTransient(error)) throw error;
      // Refused for good (4xx): the server's basket stands, as for any final failure.
    }
    const now = readSyncState();
    if (now?.userId !== userId) return;
    // Changed again meanwhile: the next run sends the newer basket.
    if (now.changes !== sent) return run(userId);
    writeSyncState({ ...now, changes: 0 });
    if (saved) {
      await basketRepo.replace(saved.lines, { unless: () => changedSince(userId) });
      return;
    }
  }
  const current = await api<MyBasket>(MY_BASKET_PATH);
  await basketRepo.replace(current.lines, { unless: () => changedSince(userId) });
}

/**
 * A change of the person's counted since the server was asked (or the device no longer holds
 * this account's basket): sent by the run it started, not written over. Asked inside the
 * transaction that would store the server's basket, after any change written before it, which
 * counts itself inside its own (../db/basket.repo.ts). Asked before that transaction, a change
 * whose transaction was waiting (the database still opening, another tab writing) would be
 * found not yet counted, then written over: a basket emptied after a payment came back.
 */
function changedSince(userId: string): boolean {
  const state = readSyncState();
  return state?.userId !== userId || state.changes > 0 || state.mergeKey !== null;
}

let running: Promise<void> | null = null;
let again = false;

/**
 * Brings the device's basket in step with the account `userId`'s (see above). Calls made while
 * a run is going lead to one more run after it. Never throws: a failure is tried again later.
 */
export function syncBasket(userId: string): Promise<void> {
  listen(userId);
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      try {
        await exclusive(() => run(userId));
      } catch (error) {
        if (!isTransient(error)) console.warn('Synchronisation du panier impossible\u00a0:', error);
        break;
      }
    } while (again);
    running = null;
  })();
  return running;
}

function listen(userId: string): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  const retry = () => {
    const state = readSyncState();
    if (state?.userId === userId) void syncBasket(userId);
  };
  window.addEventListener(BASKET_SYNC_EVENT, retry);
  window.addEventListener('online', retry);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') retry();
  });
}

/**
 * Sign-out, or a device found signed out that held an account's basket: the basket goes from
 * this device (a shared computer must not show the next person what the last one chose); the
 * server keeps it for the person's next sign-in.
 */
export async function forgetAccountBasket(): Promise<void> {
  writeSyncState(null);
  try {
    await basketRepo.replace([]);
  } catch {
    // Storage refused: at least the header shows no basket.
    publishBadge('');
  }
}

/** For tests: the state as stored. */
export const syncState = (): BasketSyncState | null => readSyncState();
