import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { apiError, readJson, validationError } from './errors';

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

/** What `prepare` of an idempotent POST decides: answer now (a Response), or go on with `value`. */
export type Prepared<P> = Response | { value: P };

export interface IdempotentPost<T, P> {
  db: Db;
  /** Where its keys live: one scope per endpoint (per caller too, for signed-in endpoints). */
  scope: string | ((c: Context) => string);
  schema: z.ZodType<T>;
  /** What of the validated body is fingerprinted (default: all of it; never a password). */
  fingerprint?: (data: T) => unknown;
  /**
   * Checks and work outside the transaction, after validation: references to other data, the
   * abuse limits (`replay` is true when this key already has an answer: a replay is not a new
   * submission), a password hash.
   */
  prepare: (c: Context, data: T, replay: boolean) => Promise<Prepared<P>>;
  /** The submission itself, in the transaction that stores its answer under the key. */
  work: (trx: Transaction<Database>, data: T, prepared: P) => Promise<StoredAnswer>;
  /** An error of `work` that is an answer (a known e-mail…), or undefined to let it through. */
  refusal?: (c: Context, error: unknown) => Response | undefined;
}

/**
 * POST handler of a public form sent through the outbox (DESIGN.md, offline model): checks the
 * Idempotency-Key, validates the body, prepares, then runs the work once per key. The same key
 * again gets the first answer with `Idempotent-Replayed: true`; the same key with other answers
 * gets 409.
 */
export function idempotentPost<T, P>({
  db,
  scope: scopeOf,
  schema,
  fingerprint = (data) => data,
  prepare,
  work,
  refusal,
}: IdempotentPost<T, P>) {
  return async (c: Context): Promise<Response> => {
    const scope = typeof scopeOf === 'function' ? scopeOf(c) : scopeOf;
    const key = c.req.header('Idempotency-Key') ?? '';
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      return apiError(
        c,
        400,
        'L’en-tête Idempotency-Key est manquant ou invalide (16 à 128 caractères).',
      );
    }
    const parsed = schema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const prepared = await prepare(c, parsed.data, await answered(db, scope, key));
    if (prepared instanceof Response) return prepared;

    let result: IdempotentResult;
    try {
      result = await once(db, scope, key, bodyHash(fingerprint(parsed.data)), (trx) =>
        work(trx, parsed.data, prepared.value),
      );
    } catch (error) {
      const answer = refusal?.(c, error);
      if (answer) return answer;
      throw error;
    }
    if (result.kind === 'conflict') {
      return apiError(
        c,
        409,
        'Cet envoi a déjà été fait avec d’autres réponses. Rechargez la page pour renvoyer vos réponses actuelles.',
      );
    }
    if (result.kind === 'replay') c.header('Idempotent-Replayed', 'true');
    return c.json(result.answer.body as object, result.answer.status as ContentfulStatusCode);
  };
}
