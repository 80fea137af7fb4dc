import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { MailQueue } from '../../mail/mail-queue';
import { activationMail, passwordChangedMail, passwordResetMail } from '../../mail/templates';
import type { AccountTokens, UserRow, UsersRepo } from '../users/users.repo';

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

/** A link requested by its owner (« renvoyer », « mot de passe oublié »): in its own transaction. */
export function mailAccountLink(
  db: Db,
  deps: { accountTokens: AccountTokens; mails: MailQueue; publicUrl: string },
  kind: keyof typeof links,
  account: { id: string; email: string; firstname: string },
): Promise<void> {
  return db.transaction().execute((trx) => queueAccountLink(trx, deps, kind, account));
}

/** The account a link's code opens, once: undefined when used, expired, or the account archived. */
export async function accountOfLink(
  deps: { accountTokens: AccountTokens; users: UsersRepo },
  kind: keyof typeof links,
  code: string,
): Promise<UserRow | undefined> {
  const userId = await deps.accountTokens.consume(code, kind);
  const row = userId ? await deps.users.findById(userId) : undefined;
  return row && row.is_archived !== 1 ? row : undefined;
}

/**
 * The new password chosen by a reset link, in one transaction: every session of the account
 * ends (whoever held the old password is signed out); following the link proved the address, so
 * an unconfirmed account is confirmed too; the mail saying so is queued.
 */
export async function setPasswordFromLink(
  db: Db,
  deps: { users: UsersRepo; mails: MailQueue },
  row: UserRow,
  passwordHash: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deps.users.setPassword(row.id, passwordHash, trx);
    if (row.is_active !== 1) await deps.users.activate(row.id, trx);
    await deps.mails.enqueue(passwordChangedMail(row.email, row.firstname), trx);
  });
}
