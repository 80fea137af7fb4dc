import { type OutboxEntry, type OutboxFlow, newOutboxEntry } from '../domain/outbox';
import { appDb } from './database';

/**
 * Outbox entries, shared by the service worker (which writes them as it queues and replays) and
 * the page (which shows them). Keyed by Idempotency-Key: queueing the same submission twice
 * (two tabs, a retry) keeps one entry.
 */
export async function recordQueued(
  key: string,
  flow: OutboxFlow,
  summary?: string,
): Promise<OutboxEntry> {
  return appDb.transaction('rw', appDb.outbox, async () => {
    const existing = await appDb.outbox.get(key);
    if (existing && existing.status !== 'failed') return existing;
    const entry = newOutboxEntry(key, flow, Date.now(), summary);
    await appDb.outbox.put(entry);
    return entry;
  });
}

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
