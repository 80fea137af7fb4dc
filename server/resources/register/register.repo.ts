import type { Transaction } from 'kysely';
import type { RegisterRequest, Registered } from '../../../src/domain/api/register';
import { Role } from '../../../src/domain/roles';
import type { Database } from '../../db/schema';
import type { MailQueue } from '../../mail/mail-queue';
import { newBuyerMail } from '../../mail/templates';
import { queueAccountLink } from '../auth/account-links';
import { insertBuyerProject } from '../buyers/buyer-projects.repo';
import { scheduleBuyerMatches } from '../matches/match-notices';
import { recordArrived } from '../routing/routing.repo';
import type { AccountTokens, UsersRepo } from '../users/users.repo';

/** An account already has this e-mail address (409). */
export class DuplicateEmail extends Error {}

export interface RegistrationDeps {
  users: UsersRepo;
  accountTokens: AccountTokens;
  mails: MailQueue;
  publicUrl: string;
  /** Where new buyers are announced. */
  staffEmail: string;
}

/**
 * A registration, in the idempotent POST's transaction: the unconfirmed client account, its
 * project at VALIDATION, the activation code and the two mails (transactional outbox).
 * Throws DuplicateEmail when the address has an account.
 */
export async function registerBuyer(
  trx: Transaction<Database>,
  deps: RegistrationDeps,
  { password: _p, passwordConfirm: _c, project, partnerCode, ...person }: RegisterRequest,
  passwordHash: string,
): Promise<Registered> {
  const existing = await trx
    .selectFrom('app_user')
    .select('id')
    .where('email', '=', person.email.toLowerCase())
    .executeTakeFirst();
  if (existing) throw new DuplicateEmail();
  const user = await deps.users.create(
    {
      email: person.email,
      passwordHash,
      lastname: person.lastname,
      firstname: person.firstname,
      phone: person.phone,
      roles: [Role.CLIENT],
    },
    trx,
  );
  await insertBuyerProject(trx, user.id, project, partnerCode);
  // Issue 31: given to a hunter by the managers' rule, its reminders planned, and the owner
  // leads its search fits told to its hunter (or the managers) once, by the JobWorker.
  const nowMs = Date.now();
  await recordArrived(trx, { type: 'buyer', userId: user.id }, nowMs);
  await scheduleBuyerMatches(trx, user.id, nowMs);
  await queueAccountLink(trx, deps, 'activation', {
    id: user.id,
    email: person.email,
    firstname: person.firstname,
  });
  await deps.mails.enqueue(newBuyerMail(deps.staffEmail, person, project, partnerCode), trx);
  return {
    id: user.id,
    message:
      'Votre projet est enregistré. Confirmez votre adresse e-mail avec le lien que nous venons de vous envoyer.',
  };
}
