import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

/** Idempotency-Key: a client-made id (a UUID in practice), 16 to 128 URL-safe characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type IdempotentResult =
  | { kind: 'new'; answer: StoredAnswer }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'conflict' };

/** Hash of the validated body: the same answers give the same hash whatever the spacing. */
export function bodyHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/**
 * Runs `work` once per (scope, key). The same key with the same body gets the first answer again
 * and stores nothing; the same key with another body is a conflict. The check, the work and the
 * stored answer share one transaction, and kysely's SQLite driver runs one at a time, so two
 * tabs sending one draft at the same instant still make one record.
 */
export async function once(
  db: Db,
  scope: string,
  key: string,
  hash: string,
  work: (trx: Transaction<Database>) => Promise<StoredAnswer>,
): Promise<IdempotentResult> {
  return db.transaction().execute(async (trx) => {
    const seen = await trx
      .selectFrom('idempotency_key')
      .selectAll()
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    if (seen) {
      if (seen.body_hash !== hash) return { kind: 'conflict' } as const;
      return {
        kind: 'replay',
        answer: { status: seen.status, body: JSON.parse(seen.response) as unknown },
      } as const;
    }
    const answer = await work(trx);
    await trx
      .insertInto('idempotency_key')
      .values({
        scope,
        key,
        body_hash: hash,
        status: answer.status,
        response: JSON.stringify(answer.body),
        created_at: new Date().toISOString(),
      })
      .execute();
    return { kind: 'new', answer } as const;
  });
}

/** True when this key already has an answer: the request is a replay, not a new submission. */
export async function answered(db: Db, scope: string, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('idempotency_key')
    .select('key')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}
