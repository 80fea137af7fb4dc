import { Hono, type Context } from 'hono';
import { INVALID_FIELDS } from '../../../src/domain/api/errors';
import {
  PUSH_ENDPOINT_REFUSAL,
  PUSH_PUBLIC_KEY_PATH,
  PUSH_SUBSCRIPTIONS_PATH,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  type PushPublicKey,
  type PushSubscribed,
  type PushUnsubscribed,
} from '../../../src/domain/api/push';
import { requireAuth, type AuthEnv } from '../../auth/middleware';
import type { TokenService } from '../../auth/tokens';
import type { Db } from '../../db/database';
import {
  apiError,
  readJson,
  tooManyRequests,
  validationError,
  waitInFrench,
} from '../../http/errors';
import { underApi } from '../../http/paths';
import type { Throttle, ThrottlePolicy } from '../../http/throttle';
import { deviceLabel } from '../../push/device-label';
import { mayNotify, type PushSettings } from '../../push/push';
import type { UsersRepo } from '../users/users.repo';
import { deleteSubscription, saveSubscription } from './push.repo';

/** Turning notifications on or off: 20 times an hour per account is far more than a person does. */
export const PUSH_WRITES_PER_ACCOUNT: ThrottlePolicy = { free: 20, windowMs: 60 * 60_000 };

/**
 * Web Push (issue 29, docs/push.md), mounted on /api: the public key browsers subscribe with, and
 * a signed-in person's subscription for this device, kept or forgotten. A subscription only
 * ever belongs to its caller; its endpoint must be a known push service (no request of the
 * server can be aimed elsewhere).
 */
export function pushRoutes(deps: {
  db: Db;
  tokens: TokenService;
  users: UsersRepo;
  throttle: Throttle;
  push: PushSettings;
  now: () => number;
}): Hono<AuthEnv> {
  const { db, throttle, push, now } = deps;
  const app = new Hono<AuthEnv>();
  const signedIn = requireAuth(deps.tokens, deps.users);
  const me = (c: Context<AuthEnv>) => c.get('user')._id;

  /** Counts one change for the caller; a 429 answer when they made too many. */
  const limited = async (c: Context<AuthEnv>) => {
    const reservation = await throttle.reserve([
      { key: `push-subscription:${me(c)}`, policy: PUSH_WRITES_PER_ACCOUNT },
    ]);
    return reservation.ok
      ? undefined
      : tooManyRequests(
          c,
          reservation.retryAfterSeconds,
          `Trop de changements des notifications. Réessayez ${waitInFrench(reservation.retryAfterSeconds)}.`,
        );
  };

  // Public on purpose: the key is in every browser's subscription anyway.
  app.get(underApi(PUSH_PUBLIC_KEY_PATH), (c) =>
    c.json({ publicKey: push.vapid.publicKey } satisfies PushPublicKey),
  );

  app.post(underApi(PUSH_SUBSCRIPTIONS_PATH), signedIn, async (c) => {
    const parsed = pushSubscriptionSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const { endpoint, keys } = parsed.data;
    if (!mayNotify(endpoint, push))
      return apiError(c, 400, INVALID_FIELDS, { endpoint: PUSH_ENDPOINT_REFUSAL });
    const refused = await limited(c);
    if (refused) return refused;
    const { created } = await saveSubscription(db, {
      userId: me(c),
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      userAgent: deviceLabel(c.req.header('User-Agent')),
      at: new Date(now()).toISOString(),
    });
    return c.json(
      {
        subscribed: true,
        message: 'Les notifications sont activées sur cet appareil.',
      } satisfies PushSubscribed,
      created ? 201 : 200,
    );
  });

  app.delete(underApi(PUSH_SUBSCRIPTIONS_PATH), signedIn, async (c) => {
    const parsed = pushUnsubscribeSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const refused = await limited(c);
    if (refused) return refused;
    // Someone else's endpoint answers as an unknown one: nothing is said about it.
    if (!(await deleteSubscription(db, me(c), parsed.data.endpoint)))
      return apiError(c, 404, 'Les notifications ne sont pas activées sur cet appareil.');
    return c.json({
      unsubscribed: true,
      message: 'Les notifications sont désactivées sur cet appareil.',
    } satisfies PushUnsubscribed);
  });

  return app;
}
