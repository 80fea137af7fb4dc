import { Hono } from 'hono';
import { registerSchema } from '../../../src/domain/buyer-signup.schema';
import { Role } from '../../../src/domain/roles';
import { hashPassword } from '../../auth/password-hash';
import type { AuthEnv } from '../../auth/middleware';
import type { AccountTokens, UsersRepo } from '../users/users.repo';
import { insertBuyerProject } from '../buyers/buyer-projects.repo';
import type { Db } from '../../db/database';
import { company } from '../../../src/domain/company';
import { limitPublicForm, type FormLimits } from '../../http/form-limits';
import { apiError } from '../../http/errors';
import { idempotentPost } from '../../http/idempotency';
import type { MailQueue } from '../../mail/mail-queue';
import { activationMail, newBuyerMail } from '../../mail/templates';
import { ACTIVATION_TTL_MS } from '../auth/auth.routes';

export interface RegisterDeps {
  db: Db;
  users: UsersRepo;
  accountTokens: AccountTokens;
  mails: MailQueue;
  limits: FormLimits;
  /** Base of the links sent by e-mail. */
  publicUrl: string;
  /** Where new buyers are announced. */
  staffEmail?: string;
}

const SCOPE = 'register';

const ALREADY_REGISTERED =
  'Un compte existe déjà avec cette adresse e-mail. Connectez-vous, ou choisissez « Mot de passe oublié » sur la page de connexion.';

/** POST /api/register (spec 2.6, 7): unconfirmed client account + project, idempotent. */
export function registerRoutes({
  db,
  users,
  accountTokens,
  mails,
  limits,
  publicUrl,
  staffEmail = company.email,
}: RegisterDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    '/register',
    idempotentPost({
      db,
      scope: SCOPE,
      schema: registerSchema,
      // The stored fingerprint leaves the password out: it is not a place to keep one.
      fingerprint: ({ password: _p, passwordConfirm: _c, ...rest }) => {
        const { project, partnerCode, ...person } = rest;
        return { person, project, partnerCode };
      },
      prepare: async (c, { password }, replay) => {
        // One account per e-mail already limits what reaches a recipient; the address limit
        // stops a flood of accounts. A replay of a stored registration is not a new one.
        if (!replay) {
          const refused = await limitPublicForm(c, limits, 'register');
          if (refused) return refused;
        }
        return { value: { passwordHash: await hashPassword(password) } };
      },
      work: async (
        trx,
        { password: _p, passwordConfirm: _c, project, partnerCode, ...person },
        { passwordHash },
      ) => {
        const existing = await trx
          .selectFrom('app_user')
          .select('id')
          .where('email', '=', person.email.toLowerCase())
          .executeTakeFirst();
        if (existing) throw new DuplicateEmail();
        const user = await users.create(
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
        // The activation code and the mails commit with the account (transactional outbox).
        const code = await accountTokens.create(user.id, 'activation', ACTIVATION_TTL_MS, trx);
        await mails.enqueue(
          activationMail(person.email, person.firstname, `${publicUrl}/activation/${code}`),
          trx,
        );
        await mails.enqueue(newBuyerMail(staffEmail, person, project, partnerCode), trx);
        return {
          status: 201,
          body: {
            id: user.id,
            message:
              'Votre projet est enregistré. Confirmez votre adresse e-mail avec le lien que nous venons de vous envoyer.',
          },
        };
      },
      refusal: (c, error) =>
        error instanceof DuplicateEmail
          ? apiError(c, 409, ALREADY_REGISTERED, { email: ALREADY_REGISTERED })
          : undefined,
    }),
  );

  return app;
}

class DuplicateEmail extends Error {}
