import { Hono } from 'hono';
import { REGISTER_PATH, registerSchema } from '../../../src/domain/api/register';
import { company } from '../../../src/domain/company';
import { hashPassword } from '../../auth/password-hash';
import type { AuthEnv } from '../../auth/middleware';
import type { Db } from '../../db/database';
import { apiError } from '../../http/errors';
import { limitPublicForm, type FormLimits } from '../../http/form-limits';
import { idempotentPost } from '../../http/idempotency';
import { underApi } from '../../http/paths';
import { markFormCopiesSent } from '../form-copies/form-copies.repo';
import { DuplicateEmail, registerBuyer, type RegistrationDeps } from './register.repo';

export interface RegisterDeps extends Omit<RegistrationDeps, 'staffEmail'> {
  db: Db;
  limits: FormLimits;
  staffEmail?: string;
}

const ALREADY_REGISTERED =
  'Un compte existe déjà avec cette adresse e-mail. Connectez-vous, ou choisissez « Mot de passe oublié » sur la page de connexion.';

/** POST /api/register (spec 2.6, 7): unconfirmed client account + project, idempotent. */
export function registerRoutes({
  db,
  limits,
  staffEmail = company.email,
  ...deps
}: RegisterDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    underApi(REGISTER_PATH),
    idempotentPost({
      db,
      scope: 'register',
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
        return { value: await hashPassword(password) };
      },
      work: async (trx, registration, passwordHash, key) => {
        const body = await registerBuyer(trx, { ...deps, staffEmail }, registration, passwordHash);
        // Issue 33: a copy of this draft on another device is told the signup was sent.
        await markFormCopiesSent(trx, 'buyer', key, new Date().toISOString());
        return { status: 201, body };
      },
      refusal: (c, error) =>
        error instanceof DuplicateEmail
          ? apiError(c, 409, ALREADY_REGISTERED, { email: ALREADY_REGISTERED })
          : undefined,
    }),
  );

  return app;
}
