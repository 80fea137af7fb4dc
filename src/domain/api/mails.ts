import { z } from 'zod';
import type { MailStatus, QueuedMailRow } from '../staff-admin-views';
import { pagingSchema, SEARCH_MAX, type Page } from './lists';

/**
 * « Courriels » (issue 15, opened to managers and directeurs in issue 29): the durable mail
 * queue, read, searched by recipient, and sent again. For server/resources/mails and its screen.
 */

export type { MailStatus, QueuedMailRow };

export const MAILS_PATH = '/api/admin/mails';
export const mailPath = (id: number) => `${MAILS_PATH}/${id}`;

export const mailStatuses = [
  'pending',
  'sending',
  'sent',
  'failed',
] as const satisfies readonly MailStatus[];

/** GET /api/admin/mails?status=&q=&page=&pageSize= — `q`: part of the recipient's address. */
export const mailListQuerySchema = z.object({
  status: z.enum(mailStatuses, { error: 'Ce statut n’existe pas.' }).optional(),
  q: z.string().trim().max(SEARCH_MAX, 'La recherche est trop longue.').optional(),
  ...pagingSchema,
});
export type MailListQuery = z.output<typeof mailListQuerySchema>;

export type MailPage = Page<QueuedMailRow>;

/**
 * GET /api/admin/mails/:id: one mail with its body. The personal links it carries (activation,
 * password reset: whoever holds one opens the account) are masked, in the text and the HTML;
 * the HTML is shown only in a sandboxed frame, never in the page.
 */
export interface QueuedMailDetail extends QueuedMailRow {
  text: string;
  html: string;
  /** How many personal links were masked. */
  masked: number;
}

/** What replaces a masked personal link. */
export const MASKED_LINK = '[lien personnel masqué]';

export const MAIL_RETRY_REFUSED = 'Seul un courriel en échec peut être renvoyé.';
export const MAIL_RESEND_REFUSED = 'Seul un courriel déjà envoyé peut être renvoyé.';
export const MAIL_NOT_FOUND = 'Ce courriel n’existe pas.';
/** A delivered mail whose personal link was not kept (production): it cannot be sent again. */
export const MAIL_BODY_GONE =
  'Ce courriel contenait un lien personnel qui n’est plus conservé après l’envoi\u00a0: demandez plutôt un nouveau lien (mot de passe oublié, ou «\u00a0Renvoyer le lien d’activation\u00a0» dans «\u00a0Utilisateurs\u00a0»).';
export const MAIL_RESEND_LIMITED =
  'Vous avez renvoyé beaucoup de courriels en peu de temps. Réessayez plus tard.';

/** POST /api/admin/mails/:id/resend: a new queued copy of a sent mail (its id). */
export interface MailResent {
  resent: true;
  id: number;
}
