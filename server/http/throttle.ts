import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { skippingLocked } from '../db/dialect';

/**
 * An address or an e-mail as it appears in a key: a hash, so the table holds no personal data
 * in clear (RGPD), and still one value per address or e-mail.
 */
export function keyPart(value: string): string {
  return createHash('sha256').update(`throttle:${value}`).digest('base64url').slice(0, 22);
}

/**
 * Attempts counted per key in the database, so a restart forgets nothing and every server on
 * the same database shares the counts. An attempt is reserved before the work it guards (a
 * password hash, a stored form) by one atomic statement per key — an upsert that adds one, or
 * starts a new window, only when the key is not waiting — in a transaction that holds the keys'
 * rows until their waits are written: requests sent in parallel, to one server or several, on
 * SQLite or PostgreSQL, are counted one after the other, and none slips through between a check
 * and its count (OWASP Authentication and Credential Stuffing cheat sheets; docs/api-auth.md).
 */
export interface ThrottlePolicy {
  /** Attempts allowed in a window before any wait. */
  free: number;
  windowMs: number;
  /**
   * Once `free` is used: a wait before each next attempt that doubles from baseMs up to maxMs.
   * Without it, the key waits for the end of its window.
   */
  backoff?: { baseMs: number; maxMs: number };
}

export type Reservation = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface ThrottleKey {
  key: string;
  policy: ThrottlePolicy;
}

export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one attempt on every key, or on none when one of them must still wait: the answer then
   * says how long (the longest wait of the keys).
   */
  async reserve(keys: readonly ThrottleKey[]): Promise<Reservation> {
    const t = this.now();
    await this.purge(t);
    // One order for every caller: two requests locking the same rows never wait on each other.
    const sorted = [...keys].sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
    try {
      return await this.db.transaction().execute(async (trx) => {
        const counted: { key: ThrottleKey; count: number; windowStart: number }[] = [];
        let waiting = false;
        for (const k of sorted) {
          // The first statement writes: SQLite takes its write lock before any read, and
          // PostgreSQL locks the row (a parallel attempt on it waits for this transaction).
          const row = await trx
            .insertInto('throttle')
            .values({
              key: k.key,
              count: 1,
              window_start: t,
              blocked_until: 0,
              expires_at: t + k.policy.windowMs,
            })
            .onConflict((oc) =>
              oc
                .column('key')
                .doUpdateSet({
                  count: sql<number>`case when ${sql.ref('throttle.window_start')} <= ${t - k.policy.windowMs} then 1 else ${sql.ref('throttle.count')} + 1 end`,
                  window_start: sql<number>`case when ${sql.ref('throttle.window_start')} <= ${t - k.policy.windowMs} then ${t} else ${sql.ref('throttle.window_start')} end`,
                })
                .where('throttle.blocked_until', '<=', t),
            )
            .returning(['count', 'window_start'])
            .executeTakeFirst();
          if (!row) waiting = true;
          else counted.push({ key: k, count: row.count, windowStart: row.window_start });
        }
        if (waiting) {
          // Counted nowhere (the transaction is rolled back): the longest wait is the answer.
          const rows = await trx
            .selectFrom('throttle')
            .select('blocked_until')
            .where(
              'key',
              'in',
              sorted.map((k) => k.key),
            )
            .execute();
          const wait = Math.max(0, ...rows.map((r) => r.blocked_until - t));
          throw new Waiting(Math.max(1, Math.ceil(wait / 1000)));
        }
        for (const { key, count, windowStart } of counted) {
          const blockedUntil = blockedUntilAfter(count, windowStart, t, key.policy);
          await trx
            .updateTable('throttle')
            .set({
              blocked_until: blockedUntil,
              expires_at: Math.max(windowStart + key.policy.windowMs, blockedUntil),
            })
            .where('key', '=', key.key)
            .execute();
        }
        return { ok: true } as const;
      });
    } catch (error) {
      if (error instanceof Waiting) return { ok: false, retryAfterSeconds: error.seconds };
      throw error;
    }
  }

  /** Gives back one attempt (a successful sign-in from a shared address), lifting its wait. */
  async release({ key, policy }: ThrottleKey): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // One atomic decrement, which holds the row until its wait is written.
      const row = await trx
        .updateTable('throttle')
        .set({
          count: sql<number>`case when ${sql.ref('count')} > 0 then ${sql.ref('count')} - 1 else 0 end`,
        })
        .where('key', '=', key)
        .returning(['count', 'window_start'])
        .executeTakeFirst();
      if (!row) return;
      await trx
        .updateTable('throttle')
        .set({ blocked_until: blockedUntilAfter(row.count, row.window_start, this.now(), policy) })
        .where('key', '=', key)
        .execute();
    });
  }

  /** Forgets a key (the right password for that account from that address). */
  async forget(key: string): Promise<void> {
    await this.db.deleteFrom('throttle').where('key', '=', key).execute();
  }

  /** Forgets every key starting with prefix (an account's sign-in keys, from every address). */
  async forgetPrefix(prefix: string): Promise<void> {
    const escaped = prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`);
    await this.db
      .deleteFrom('throttle')
      .where(sql<boolean>`key like ${`${escaped}%`} escape '\\'`)
      .execute();
  }

  /**
   * Deletes the rows that mean nothing any more. On PostgreSQL the rows another attempt holds are
   * skipped (they are being counted), so this never waits for, nor deadlocks with, a reservation.
   */
  private async purge(t: number): Promise<void> {
    const expired = this.db.selectFrom('throttle').select('key').where('expires_at', '<=', t);
    await this.db
      .deleteFrom('throttle')
      .where('key', 'in', skippingLocked(this.db, expired))
      .execute();
  }
}

/** Thrown inside the reservation's transaction to roll it back: some key must still wait. */
class Waiting extends Error {
  constructor(readonly seconds: number) {
    super('waiting');
  }
}

function blockedUntilAfter(
  count: number,
  windowStart: number,
  now: number,
  policy: ThrottlePolicy,
): number {
  if (count < policy.free) return 0;
  if (!policy.backoff) return windowStart + policy.windowMs;
  const { baseMs, maxMs } = policy.backoff;
  return now + Math.min(maxMs, baseMs * 2 ** Math.min(30, count - policy.free));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Sign-in (docs/api-auth.md): per account and address, 5 tries, then a wait of 1 minute that
 * doubles up to 15 minutes; per address whatever the account (credential stuffing), 30 tries
 * an hour, then 5 minutes doubling up to an hour. The account alone is never locked, so nobody
 * elsewhere can lock its owner out.
 */
export const SIGN_IN_PER_ACCOUNT_AND_ADDRESS: ThrottlePolicy = {
  free: 5,
  windowMs: HOUR,
  backoff: { baseMs: MINUTE, maxMs: 15 * MINUTE },
};
export const SIGN_IN_PER_ADDRESS: ThrottlePolicy = {
  free: 30,
  windowMs: HOUR,
  backoff: { baseMs: 5 * MINUTE, maxMs: HOUR },
};
/** The current password asked by a password change: as a sign-in, per account. */
export const PASSWORD_CHECK_PER_ACCOUNT = SIGN_IN_PER_ACCOUNT_AND_ADDRESS;
export const passwordCheckKey = (userId: string) => `password-check:${userId}`;

/** Public forms: `perHour` new submissions an hour from one address (PUBLIC_FORM_HOURLY_LIMIT). */
export const formsPerAddress = (perHour: number): ThrottlePolicy => ({
  free: perHour,
  windowMs: HOUR,
});
/** Mails a visitor's form sends to the address it gives: one an hour per recipient. */
export const VISITOR_MAILS_PER_RECIPIENT: ThrottlePolicy = { free: 1, windowMs: HOUR };
/** Mails sent on request (activation again, password reset): 3 an hour per account. */
export const ACCOUNT_MAILS_PER_ACCOUNT: ThrottlePolicy = { free: 3, windowMs: HOUR };
