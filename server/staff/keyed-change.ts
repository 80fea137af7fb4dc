import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { readJson, validationError } from '../http/errors';
import { idempotentPost, type IdempotentPost } from '../http/idempotency';

/**
 * A staff change the outbox may replay (issue 29: a stage move or an assignment made without
 * network). With an Idempotency-Key it runs once per (scope, key) through idempotentPost: a
 * replay gets the first answer again, whatever happened to the record since (`prepare` is then
 * called with `replay` true: it checks who may see the record, nothing else). Without one (an
 * API tool, a screen of a previous version), it runs as a plain request: the same checks, the
 * work in one transaction.
 */
export function keyedChange<T, P>(options: IdempotentPost<T, P>) {
  const keyed = idempotentPost(options);
  return async (c: Context): Promise<Response> => {
    if (c.req.header('Idempotency-Key') !== undefined) return keyed(c);
    const parsed = options.schema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const prepared = await options.prepare(c, parsed.data, false);
    if (prepared instanceof Response) return prepared;
    const answer = await options.db
      .transaction()
      .execute((trx) => options.work(trx, parsed.data, prepared.value));
    return c.json(answer.body as object, answer.status as ContentfulStatusCode);
  };
}
