import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * An address or an e-mail as it appears in a key: a hash, so the table holds no personal data
 * in clear (RGPD), and still one value per address or e-mail.
 */
export function keyPart(value: string): string {
  return createHash('sha256').update(`throttle:${value}`).digest('base64url').slice(0, 22);
}

/**
 * Attempts counted per key in SQLite, so a restart forgets nothing and a second server on the
 * same database shares the counts. An attempt is reserved before the work it guards (a password
 * hash, a stored form), in one transaction that kysely's SQLite driver runs alone: requests sent
 * in parallel are counted one after the other, and none slips through between a check and its
 * count (OWASP Authentication and Credential Stuffing cheat sheets; docs/api-auth.md).
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
    return this.db.transaction().execute(async (trx) => {
      // A write first: the transaction takes SQLite's write lock before reading, so a second
      // server on the same file waits (busy_timeout) instead of failing on a lock upgrade.
      await trx.deleteFrom('throttle').where('expires_at', '<=', t).execute();
      const rows = await trx
        .selectFrom('throttle')
        .selectAll()
        .where(
          'key',
          'in',
          keys.map((k) => k.key),
        )
        .execute();
      const byKey = new Map(rows.map((r) => [r.key, r]));
      const waits = rows.filter((r) => r.blocked_until > t).map((r) => r.blocked_until - t);
      if (waits.length > 0) {
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) };
      }
      for (const { key, policy } of keys) {
        const row = byKey.get(key);
        const fresh = !row || t >= row.window_start + policy.windowMs;
        const count = fresh ? 1 : row.count + 1;
        const windowStart = fresh ? t : row.window_start;
        const blockedUntil = blockedUntilAfter(count, windowStart, t, policy);
        const expiresAt = Math.max(windowStart + policy.windowMs, blockedUntil);
        await trx
          .insertInto('throttle')
          .values({
            key,
            count,
            window_start: windowStart,
            blocked_until: blockedUntil,
            expires_at: expiresAt,
          })
          .onConflict((oc) =>
            oc.column('key').doUpdateSet({
              count,
              window_start: windowStart,
              blocked_until: blockedUntil,
              expires_at: expiresAt,
            }),
          )
          .execute();
      }
      return { ok: true } as const;
    });
  }

  /** Gives back one attempt (a successful sign-in from a shared address), lifting its wait. */
  async release({ key, policy }: ThrottleKey): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('throttle')
        .selectAll()
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row) return;
      const count = Math.max(0, row.count - 1);
      await trx
        .updateTable('throttle')
        .set({
          count,
          blocked_until: blockedUntilAfter(count, row.window_start, this.now(), policy),
        })
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
