import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

/** The SQL of Web Push subscriptions (docs/push.md): always one person's own rows. */

/** Devices kept per person: a new one past this pushes out the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

export interface StoredSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Keeps a browser's subscription for `userId`. The endpoint is the browser's: given again (the
 * same person, or someone else who signed in on that browser), its row is taken over with the
 * new keys, so a shared device is never notified for the person who left it. Answers whether the
 * row is new to this person.
 */
export async function saveSubscription(
  db: Db,
  sub: {
    userId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    userAgent: string;
    at: string;
  },
): Promise<{ created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('push_subscription')
      .select('user_id')
      .where('endpoint', '=', sub.endpoint)
      .executeTakeFirst();
    const row = {
      user_id: sub.userId,
      p256dh: sub.p256dh,
      auth: sub.auth,
      user_agent: sub.userAgent,
      created_at: sub.at,
    };
    await trx
      .insertInto('push_subscription')
      .values({ ...row, endpoint: sub.endpoint })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet(row))
      .execute();
    // The oldest past the limit go (a phone replaced again and again leaves no trail).
    const kept = await trx
      .selectFrom('push_subscription')
      .select('id')
      .where('user_id', '=', sub.userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PUSH_SUBSCRIPTIONS_PER_USER)
      .execute();
    await trx
      .deleteFrom('push_subscription')
      .where('user_id', '=', sub.userId)
      .where(
        'id',
        'not in',
        kept.map((k) => k.id),
      )
      .execute();
    return { created: before?.user_id !== sub.userId };
  });
}

/** Forgets the caller's subscription of `endpoint`; false when the caller has none there. */
export async function deleteSubscription(
  db: Db,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscription')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The subscriptions to notify for `userId`: none for an archived or deleted account. */
export async function subscriptionsToNotify(db: Db, userId: string): Promise<StoredSubscription[]> {
  return db
    .selectFrom('push_subscription as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .select(['s.id', 's.endpoint', 's.p256dh', 's.auth'])
    .where('s.user_id', '=', userId)
    .where('u.is_archived', '=', 0)
    .where('u.deleted_at', 'is', null)
    .orderBy('s.id')
    .execute();
}

/** The push service said this subscription is gone (404, 410): it is dropped. */
export async function dropSubscription(db: Db, sub: StoredSubscription): Promise<void> {
  // By id and endpoint: a row taken over meanwhile by the same browser keeps its new keys.
  await db
    .deleteFrom('push_subscription')
    .where('id', '=', sub.id)
    .where('endpoint', '=', sub.endpoint)
    .where('p256dh', '=', sub.p256dh)
    .execute();
}

/** Every subscription of an account (its deletion: the devices are no longer told anything). */
export async function removeUserSubscriptions(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('push_subscription').where('user_id', '=', userId).execute();
}
