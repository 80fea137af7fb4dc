import { Hono } from 'hono';
import { z } from 'zod';
import { Role } from '../../../src/domain/roles';
import { requireAuth, requireRoles, type AuthEnv } from '../../auth/middleware';
import { apiError, validationError } from '../../http/errors';
import { audit } from '../../staff/audit';
import type { StaffRouteDeps } from '../../staff/deps';
import { pagingSchema, queryOf } from '../../staff/paging';
import { actorOf } from '../../staff/policy';

const querySchema = z.object({
  status: z
    .enum(['pending', 'sending', 'sent', 'failed'], { error: 'Ce statut n’existe pas.' })
    .optional(),
  ...pagingSchema,
});

/** « Courriels » (issue 15, admins): the durable mail queue, and « Renvoyer » for a failed mail. */
export function adminMailsRoutes(deps: StaffRouteDeps): Hono<AuthEnv> {
  const { db, mails, now } = deps;
  const app = new Hono<AuthEnv>();
  const admin = [requireAuth(deps.tokens, deps.users), requireRoles([Role.ADMIN])] as const;

  app.get('/admin/mails', ...admin, async (c) => {
    const parsed = querySchema.safeParse(queryOf(c.req.url));
    if (!parsed.success) return validationError(c, parsed.error);
    const { status, page, pageSize } = parsed.data;
    return c.json({ ...(await mails.page(status, page, pageSize)), page, pageSize });
  });

  app.post('/admin/mails/:id/retry', ...admin, async (c) => {
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id) || !(await mails.retry(id)))
      return apiError(c, 409, 'Seul un courriel en échec peut être renvoyé.');
    await audit(
      db,
      {
        actorId: actorOf(c).id,
        action: 'mail-retry',
        recordType: 'user',
        recordId: `mail:${id}`,
        after: { mailId: id },
      },
      new Date(now()).toISOString(),
    );
    return c.json({ requeued: true });
  });

  return app;
}
