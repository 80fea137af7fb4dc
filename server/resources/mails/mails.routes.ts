import { Hono, type Context } from 'hono';
import {
  MAIL_BODY_GONE,
  MAIL_NOT_FOUND,
  MAIL_RESEND_LIMITED,
  MAIL_RESEND_REFUSED,
  MAIL_RETRY_REFUSED,
  mailListQuerySchema,
  type MailPage,
  type MailResent,
  type QueuedMailDetail,
} from '../../../src/domain/api/mails';
import { SUPERVISORS } from '../../../src/domain/roles';
import { requireAuth, requireRoles, type AuthEnv } from '../../auth/middleware';
import { apiError, tooManyRequests, validationError } from '../../http/errors';
import type { Throttle, ThrottlePolicy } from '../../http/throttle';
import type { StaffRouteDeps } from '../../staff/deps';
import { queryOf } from '../../staff/paging';
import { actorOf } from '../../staff/policy';
import { listMails, mailDetail, resendMail, retryMail } from './mails.repo';

const HOUR_MS = 60 * 60_000;
/** Sent mails one person may send again in an hour. */
export const RESENDS_PER_PERSON: ThrottlePolicy = { free: 10, windowMs: HOUR_MS };
/** Copies of one mail in an hour, whoever asks. */
export const RESENDS_PER_MAIL: ThrottlePolicy = { free: 2, windowMs: HOUR_MS };

const mailIdOf = (c: Context) => {
  const id = c.req.param('id') ?? '';
  return /^\d{1,12}$/.test(id) ? Number(id) : undefined;
};

/**
 * « Courriels » (issue 15; issue 29: managers, directeurs and admins): the durable mail queue,
 * searched by recipient, each mail read (its personal links masked), a failed one requeued and a
 * sent one sent again as a new copy (rate-limited). Chasseurs and clients have no access: the
 * queue holds everybody's mails, and a hunter's own arrive in their inbox.
 */
export function adminMailsRoutes(deps: StaffRouteDeps & { throttle: Throttle }): Hono<AuthEnv> {
  const { db, mails, now, throttle } = deps;
  const app = new Hono<AuthEnv>();
  const supervisors = [requireAuth(deps.tokens, deps.users), requireRoles(SUPERVISORS)] as const;
  const at = () => new Date(now()).toISOString();

  app.get('/admin/mails', ...supervisors, async (c) => {
    const parsed = mailListQuerySchema.safeParse(queryOf(c.req.url));
    if (!parsed.success) return validationError(c, parsed.error);
    return c.json((await listMails(db, parsed.data)) satisfies MailPage);
  });

  app.get('/admin/mails/:id', ...supervisors, async (c) => {
    const id = mailIdOf(c);
    const mail = id === undefined ? undefined : await mailDetail(db, id);
    if (!mail) return apiError(c, 404, MAIL_NOT_FOUND);
    return c.json(mail satisfies QueuedMailDetail);
  });

  app.post('/admin/mails/:id/retry', ...supervisors, async (c) => {
    const id = mailIdOf(c);
    if (id === undefined || !(await retryMail(db, mails, actorOf(c).id, id, at())))
      return apiError(c, 409, MAIL_RETRY_REFUSED);
    return c.json({ requeued: true });
  });

  app.post('/admin/mails/:id/resend', ...supervisors, async (c) => {
    const id = mailIdOf(c);
    if (id === undefined) return apiError(c, 404, MAIL_NOT_FOUND);
    const reservation = await throttle.reserve([
      { key: `mail-resend:${actorOf(c).id}`, policy: RESENDS_PER_PERSON },
      { key: `mail-resend-mail:${id}`, policy: RESENDS_PER_MAIL },
    ]);
    if (!reservation.ok)
      return tooManyRequests(c, reservation.retryAfterSeconds, MAIL_RESEND_LIMITED);
    const copy = await resendMail(db, mails, actorOf(c).id, id, at());
    if (copy === 'missing') return apiError(c, 404, MAIL_NOT_FOUND);
    if (copy === 'refused') return apiError(c, 409, MAIL_RESEND_REFUSED);
    if (copy === 'gone') return apiError(c, 409, MAIL_BODY_GONE);
    return c.json({ resent: true, id: copy } satisfies MailResent);
  });

  return app;
}
