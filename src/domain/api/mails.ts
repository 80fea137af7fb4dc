import { z } from 'zod';
import type { MailStatus, QueuedMailRow } from '../staff-admin-views';
import { pagingSchema, type Page } from './lists';

/** « Courriels » (issue 15, admins): the durable mail queue. For server/resources/mails and its screen. */

export type { MailStatus, QueuedMailRow };

export const mailStatuses = [
  'pending',
  'sending',
  'sent',
  'failed',
] as const satisfies readonly MailStatus[];

/** GET /api/admin/mails?status=&page=&pageSize= */
export const mailListQuerySchema = z.object({
  status: z.enum(mailStatuses, { error: 'Ce statut n’existe pas.' }).optional(),
  ...pagingSchema,
});
export type MailListQuery = z.output<typeof mailListQuerySchema>;

export type MailPage = Page<QueuedMailRow>;

export const MAIL_RETRY_REFUSED = 'Seul un courriel en échec peut être renvoyé.';
