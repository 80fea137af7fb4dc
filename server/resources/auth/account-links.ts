import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { MailQueue } from '../../mail/mail-queue';
import { activationMail, passwordResetMail } from '../../mail/templates';
import type { AccountTokens } from '../users/users.repo';

/** How long an activation link works: 48 hours. */
export const ACTIVATION_TTL_MS = 48 * 60 * 60 * 1000;
/** How long a password-reset link works: one hour. */
export const RESET_TTL_MS = 60 * 60 * 1000;

const links = {
  activation: { ttl: ACTIVATION_TTL_MS, page: '/activation/', mail: activationMail },
  reset: { ttl: RESET_TTL_MS, page: '/reinitialiser-mot-de-passe/', mail: passwordResetMail },
} as const;

/**
 * A one-time code for the account and the mail carrying its link, in the caller's transaction
 * (the account's creation, or a request of its own): neither exists without the other.
 */
export async function queueAccountLink(
  trx: Transaction<Database>,
  deps: { accountTokens: AccountTokens; mails: MailQueue; publicUrl: string },
  kind: keyof typeof links,
  account: { id: string; email: string; firstname: string },
): Promise<void> {
  const { ttl, page, mail } = links[kind];
  const code = await deps.accountTokens.create(account.id, kind, ttl, trx);
  await deps.mails.enqueue(
    mail(account.email, account.firstname, `${deps.publicUrl}${page}${code}`),
    trx,
  );
}
