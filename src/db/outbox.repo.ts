import {
  type ChangeFlow,
  type ChangeOf,
  type OutboxChange,
  type OutboxEntry,
  type OutboxFlow,
  newOutboxEntry,
} from '../domain/outbox';
import { appDb, type AppDatabase } from './database';

/** A signed-in change (staff note, criteria, document) as the screens read it. */
export type ChangeEntry<F extends ChangeFlow> = OutboxEntry & { flow: F; change: ChangeOf<F> };

/**
 * Outbox entries, shared by the service worker (which writes them as it queues and replays) and
 * the page (which shows them). Keyed by Idempotency-Key: queueing the same submission twice
 * (two tabs, a retry) keeps one entry. A signed-in change made offline lives here and only here
 * (its `owner` and `change`), in its own table: no trim of the kept answers can reach it.
 */
export function createOutbox(db: AppDatabase) {
  return {
    /** One transaction: an entry already there (not refused) is kept, given what it lacked. */
    recordQueued(
      key: string,
      flow: OutboxFlow,
      summary?: string,
      signedIn?: { owner?: string; change?: OutboxChange },
    ): Promise<OutboxEntry> {
      return db.transaction('rw', db.outbox, async () => {
        const existing = await db.outbox.get(key);
        if (existing && existing.status !== 'failed') {
          if (existing.change || !signedIn?.change) return existing;
          const completed = { ...existing, ...signedIn };
          await db.outbox.put(completed);
          return completed;
        }
        const entry = newOutboxEntry(key, flow, Date.now(), summary);
        if (signedIn?.owner) entry.owner = signedIn.owner;
        if (signedIn?.change) entry.change = signedIn.change;
        await db.outbox.put(entry);
        return entry;
      });
    },

    /** `owner`'s changes of `flow`, oldest first, whatever their state (the screens pick). */
    async listChanges<F extends ChangeFlow>(owner: string, flow: F): Promise<ChangeEntry<F>[]> {
      const entries = await db.outbox
        .where('flow')
        .equals(flow)
        .filter((e) => e.owner === owner && e.change?.flow === flow)
        .toArray();
      return (entries as ChangeEntry<F>[]).sort((a, b) => a.createdAt - b.createdAt);
    },
  };
}

const outbox = createOutbox(appDb);
export const recordQueued = outbox.recordQueued;
export const listChanges = outbox.listChanges;

export function getOutboxEntry(key: string): Promise<OutboxEntry | undefined> {
  return appDb.outbox.get(key);
}

export async function saveOutboxEntry(entry: OutboxEntry): Promise<void> {
  await appDb.outbox.put(entry);
}

/** Entries still waiting or being sent. */
export function listUnsettled(): Promise<OutboxEntry[]> {
  return appDb.outbox.where('status').anyOf('queued', 'sending').toArray();
}

export function listOutbox(): Promise<OutboxEntry[]> {
  return appDb.outbox.orderBy('key').toArray();
}

/** Sent entries are shown for a while ("envoyé"), hidden ones kept as long, then forgotten. */
export async function pruneSent(olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
  const limit = Date.now() - olderThanMs;
  await appDb.outbox
    .filter(
      (e) =>
        (e.status === 'sent' && (e.sentAt ?? 0) < limit) ||
        (e.hidden === true && e.status !== 'queued' && e.updatedAt < limit),
    )
    .delete();
}

/** The notice of its arrival or refusal was shown. */
export async function markNoticed(key: string): Promise<void> {
  await appDb.outbox.update(key, { noticed: true });
}

/** 'Masquer': out of the outbox list (a refusal already read). */
export async function dismissOutboxEntry(key: string): Promise<void> {
  await appDb.outbox.update(key, { hidden: true });
}
