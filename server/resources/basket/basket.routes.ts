import { Hono, type Context } from 'hono';
import {
  MY_BASKET_MERGE_PATH,
  MY_BASKET_PATH,
  basketLinesOf,
  basketMergeSchema,
  basketPutSchema,
  type MyBasket,
} from '../../../src/domain/api/basket';
import { requireAuth, type AuthEnv } from '../../auth/middleware';
import type { TokenService } from '../../auth/tokens';
import type { Db } from '../../db/database';
import { readJson, tooManyRequests, validationError, waitInFrench } from '../../http/errors';
import { underApi } from '../../http/paths';
import type { Throttle, ThrottlePolicy } from '../../http/throttle';
import type { UsersRepo } from '../users/users.repo';
import { mergeBasket, readBasket, replaceBasket, type StoredBasket } from './basket.repo';

/** Basket writes per account: a person adding and removing fast stays far below. */
export const BASKET_WRITES_PER_ACCOUNT: ThrottlePolicy = { free: 600, windowMs: 60 * 60_000 };

/**
 * The signed-in person's basket across devices (issue 32, docs/shop.md), mounted on /api. Only
 * the caller's own: no account id in any path, so nobody else's basket can be named.
 */
export function basketRoutes(deps: {
  db: Db;
  tokens: TokenService;
  users: UsersRepo;
  throttle: Throttle;
  now: () => number;
}): Hono<AuthEnv> {
  const { db, throttle, now } = deps;
  const app = new Hono<AuthEnv>();
  const signedIn = requireAuth(deps.tokens, deps.users);
  const me = (c: Context<AuthEnv>) => c.get('user')._id;
  const at = () => new Date(now()).toISOString();
  const answer = (c: Context<AuthEnv>, basket: StoredBasket) =>
    c.json({
      lines: basketLinesOf(basket.items),
      version: basket.version,
      updatedAt: basket.updatedAt,
    } satisfies MyBasket);

  const limited = async (c: Context<AuthEnv>) => {
    const reservation = await throttle.reserve([
      { key: `basket:${me(c)}`, policy: BASKET_WRITES_PER_ACCOUNT },
    ]);
    return reservation.ok
      ? undefined
      : tooManyRequests(
          c,
          reservation.retryAfterSeconds,
          `Trop de changements du panier. Réessayez ${waitInFrench(reservation.retryAfterSeconds)}.`,
        );
  };

  app.get(underApi(MY_BASKET_PATH), signedIn, async (c) => answer(c, await readBasket(db, me(c))));

  app.put(underApi(MY_BASKET_PATH), signedIn, async (c) => {
    const parsed = basketPutSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const refused = await limited(c);
    if (refused) return refused;
    return answer(c, await replaceBasket(db, me(c), parsed.data.items, at()));
  });

  app.post(underApi(MY_BASKET_MERGE_PATH), signedIn, async (c) => {
    const parsed = basketMergeSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const refused = await limited(c);
    if (refused) return refused;
    const { key, items } = parsed.data;
    return answer(c, await mergeBasket(db, me(c), key, items, at()));
  });

  return app;
}
