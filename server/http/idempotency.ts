import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
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

/** `status` of a key claimed by a request still at work; its `response` is then the claim's id. */
const PENDING = 0;

export interface OnceOptions {
  /** How long a second request waits for the first one's answer before a 503 (KeyBusy). */
  waitMs?: number;
  /** A claim older than this belongs to a server that stopped mid-work: a retry takes it over. */
  leaseMs?: number;
}

const WAIT_MS = 10_000;
const LEASE_MS = 60_000;

export const KEY_BUSY_MESSAGE =
  'Une requête identique est en cours de traitement. Réessayez dans un instant.';

/**
 * The same key still at work elsewhere after the whole wait: 503, to be tried again later. Not
 * 409, which our outbox (src/domain/outbox.ts `classify`) takes as a final refusal: the form
 * would show as refused while its first sending is about to succeed; a 5xx keeps it queued, and
 * its next try gets the stored answer.
 */
export class KeyBusy extends HTTPException {
  constructor() {
    super(503, { message: KEY_BUSY_MESSAGE });
  }
}

type Claim =
  | { kind: 'won'; token: string }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'conflict' }
  | { kind: 'busy' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims (scope, key) for this request, on any number of servers sharing the database: one
 * atomic insert of a pending row, which only one request can win (`on conflict do nothing`,
 * SQLite and PostgreSQL alike). Another request with the same body waits for the winner's
 * answer (polling the row, `waitMs` at most), or takes the key if the winner gave it back (it
 * failed) or left it pending longer than `leaseMs` (its server stopped). Another body is a
 * conflict at once.
 */
async function claim(
  db: Db,
  scope: string,
  key: string,
  hash: string,
  { waitMs = WAIT_MS, leaseMs = LEASE_MS }: OnceOptions,
): Promise<Claim> {
  const deadline = Date.now() + waitMs;
  let pause = 10;
  for (;;) {
    const token = randomUUID();
    const won = await db
      .insertInto('idempotency_key')
      .values({
        scope,
        key,
        body_hash: hash,
        status: PENDING,
        response: token,
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (won) return { kind: 'won', token };
    const seen = await db
      .selectFrom('idempotency_key')
      .selectAll()
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    if (seen) {
      if (seen.body_hash !== hash) return { kind: 'conflict' };
      if (seen.status !== PENDING) {
        return {
          kind: 'replay',
          answer: { status: seen.status, body: JSON.parse(seen.response) as unknown },
        };
      }
      if (Date.parse(seen.created_at) <= Date.now() - leaseMs) {
        // Compare-and-set on the abandoned claim's id: one taker only.
        const taken = await db
          .updateTable('idempotency_key')
          .set({ response: token, created_at: new Date().toISOString() })
          .where('scope', '=', scope)
          .where('key', '=', key)
          .where('status', '=', PENDING)
          .where('response', '=', seen.response)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 1) return { kind: 'won', token };
        continue;
      }
    }
    // Pending elsewhere (or given back an instant ago: the next insert may win it).
    if (Date.now() >= deadline) return { kind: 'busy' };
    await sleep(Math.min(pause, Math.max(1, deadline - Date.now())));
    pause = Math.min(200, pause * 2);
  }
}

/** Gives a claim back (its work failed or was refused): the next request with the key runs. */
async function release(db: Db, scope: string, key: string, token: string): Promise<void> {
  await db
    .deleteFrom('idempotency_key')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('status', '=', PENDING)
    .where('response', '=', token)
    .execute();
}

/**
 * Runs the winner's `work` and stores its answer under the key, in one transaction that starts
 * by checking the claim is still ours (a write, which on SQLite takes the write lock before any
 * read, and on PostgreSQL locks the row until the answer is committed). Undefined when the claim
 * was taken over meanwhile: nothing of the work is kept. A failed work gives the claim back.
 */
async function settle(
  db: Db,
  scope: string,
  key: string,
  token: string,
  work: (trx: Transaction<Database>) => Promise<StoredAnswer>,
): Promise<StoredAnswer | undefined> {
  const ours = (trx: Transaction<Database>) =>
    trx
      .updateTable('idempotency_key')
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('status', '=', PENDING)
      .where('response', '=', token);
  try {
    return await db.transaction().execute(async (trx) => {
      const held = await ours(trx).set({ created_at: new Date().toISOString() }).executeTakeFirst();
      if (Number(held.numUpdatedRows) !== 1) return undefined;
      const answer = await work(trx);
      await ours(trx)
        .set({ status: answer.status, response: JSON.stringify(answer.body) })
        .execute();
      return answer;
    });
  } catch (error) {
    // At worst (the database is gone too) the claim stays until its lease runs out.
    await release(db, scope, key, token).catch(() => undefined);
    throw error;
  }
}

/**
 * Runs `work` once per (scope, key), whatever the number of servers on the database. The same
 * key with the same body gets the first answer again and stores nothing; the same key with
 * another body is a conflict. The work and its stored answer share one transaction. A request
 * that meets the key still at work elsewhere waits for that answer; after `waitMs` it throws
 * KeyBusy (an HTTPException: 503).
 */
export async function once(
  db: Db,
  scope: string,
  key: string,
  hash: string,
  work: (trx: Transaction<Database>) => Promise<StoredAnswer>,
  options: OnceOptions = {},
): Promise<IdempotentResult> {
  for (;;) {
    const claimed = await claim(db, scope, key, hash, options);
    if (claimed.kind === 'busy') throw new KeyBusy();
    if (claimed.kind !== 'won') return claimed;
    const answer = await settle(db, scope, key, claimed.token, work);
    if (answer) return { kind: 'new', answer };
    // Taken over (this server was too slow): the new owner's answer is the one.
  }
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
   * submission), a password hash. Called with `replay` false only by the request holding the
   * key's claim.
   */
  prepare: (c: Context, data: T, replay: boolean) => Promise<Prepared<P>>;
  /**
   * The submission itself, in the transaction that stores its answer under the key (given too:
   * the copies of the draft sent under it are marked sent, issue 33; undefined when a keyed
   * change runs without one, server/staff/keyed-change.ts).
   */
  work: (trx: Transaction<Database>, data: T, prepared: P, key?: string) => Promise<StoredAnswer>;
  /** An error of `work` that is an answer (a known e-mail…), or undefined to let it through. */
  refusal?: (c: Context, error: unknown) => Response | undefined;
}

/**
 * POST handler of a public form sent through the outbox (DESIGN.md, offline model): checks the
 * Idempotency-Key, validates the body, claims the key, prepares, then runs the work once per
 * key. The same key again gets the first answer with `Idempotent-Replayed: true` (waiting for it
 * when it is still at work, on this server or another); the same key with other answers gets
 * 409; a first request still at work after the whole wait gets 503 « requête identique en
 * cours » with Retry-After (see KeyBusy).
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
    const data = parsed.data;
    const hash = bodyHash(fingerprint(data));
    for (;;) {
      // The key first: only the request that wins it prepares and works; the others wait for
      // its answer (other servers included), so a burst of one submission counts once.
      const claimed = await claim(db, scope, key, hash, {});
      if (claimed.kind === 'busy') {
        c.header('Retry-After', '2');
        return apiError(c, 503, KEY_BUSY_MESSAGE);
      }
      if (claimed.kind !== 'won') {
        const checked = await prepare(c, data, true);
        if (checked instanceof Response) return checked;
        if (claimed.kind === 'conflict') {
          return apiError(
            c,
            409,
            'Cet envoi a déjà été fait avec d’autres réponses. Rechargez la page pour renvoyer vos réponses actuelles.',
          );
        }
        c.header('Idempotent-Replayed', 'true');
        return c.json(claimed.answer.body as object, claimed.answer.status as ContentfulStatusCode);
      }

      let prepared: Prepared<P>;
      try {
        prepared = await prepare(c, data, false);
      } catch (error) {
        await release(db, scope, key, claimed.token).catch(() => undefined);
        throw error;
      }
      // Refused before any work (a limit, a reference): the key is free for a later retry.
      if (prepared instanceof Response) {
        await release(db, scope, key, claimed.token);
        return prepared;
      }
      const { value } = prepared;
      let answer: StoredAnswer | undefined;
      try {
        answer = await settle(db, scope, key, claimed.token, (trx) => work(trx, data, value, key));
      } catch (error) {
        const refused = refusal?.(c, error);
        if (refused) return refused;
        throw error;
      }
      if (answer) return c.json(answer.body as object, answer.status as ContentfulStatusCode);
      // Taken over (this server was too slow): the new owner's answer is the one.
    }
  };
}
