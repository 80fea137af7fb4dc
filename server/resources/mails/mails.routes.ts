import { Hono } from 'hono';
import {
  MAIL_RETRY_REFUSED,
  mailListQuerySchema,
  type MailPage,
} from '../../../src/domain/api/mails';
import { Role } from '../../../src/domain/roles';
import { requireAuth, requireRoles, type AuthEnv } from '../../auth/middleware';
import { apiError, validationError } from '../../http/errors';
import type { StaffRouteDeps } from '../../staff/deps';
import { queryOf } from '../../staff/paging';
import { actorOf } from '../../staff/policy';
import { listMails, retryMail } from './mails.repo';

/** « Courriels » (issue 15, admins): the durable mail queue, and « Renvoyer » for a failed mail. */
export function adminMailsRoutes(deps: StaffRouteDeps): Hono<AuthEnv> {
  const { db, mails, now } = deps;
  const app = new Hono<AuthEnv>();
  const admin = [requireAuth(deps.tokens, deps.users), requireRoles([Role.ADMIN])] as const;

  app.get('/admin/mails', ...admin, async (c) => {
    const parsed = mailListQuerySchema.safeParse(queryOf(c.req.url));
    if (!parsed.success) return validationError(c, parsed.error);
    return c.json((await listMails(db, parsed.data)) satisfies MailPage);
  });

  app.post('/admin/mails/:id/retry', ...admin, async (c) => {
    const id = Number(c.req.param('id'));
    const at = new Date(now()).toISOString();
    if (!Number.isSafeInteger(id) || !(await retryMail(db, mails, actorOf(c).id, id, at)))
      return apiError(c, 409, MAIL_RETRY_REFUSED);
    return c.json({ requeued: true });
  });

  return app;
}
