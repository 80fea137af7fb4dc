import { Hono, type Context } from 'hono';
import {
  activationSchema,
  emailRequestSchema,
  loginRequestSchema,
  resetPasswordSchema,
  type LoginResponse,
} from '../../src/domain/auth.schema';
import { company } from '../../src/domain/company';
import { decoyHash, hashPassword, verifyPassword } from '../auth/password-hash';
import { requireAuth, type AuthEnv } from '../auth/middleware';
import type { TokenService } from '../auth/tokens';
import { toUser, type AccountTokens, type UsersRepo } from '../auth/users.repo';
import type { Env } from '../env';
import { clientIp, rateLimitKey } from '../http/client-ip';
import { apiError, readJson, validationError } from '../http/errors';
import { RateLimiter } from '../http/rate-limit';
import type { Mailer } from '../mail/mailer';
import { activationMail, passwordChangedMail, passwordResetMail } from '../mail/templates';

export const ACTIVATION_TTL_MS = 48 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;

export interface AuthDeps {
  env: Env;
  users: UsersRepo;
  accountTokens: AccountTokens;
  tokens: TokenService;
  mailer: Mailer;
  /** Failed sign-ins: 5 per e-mail and per address in 15 minutes, the sixth answers 429. */
  loginFailures?: RateLimiter;
  /** E-mails sent on request (activation, reset): a few per address and hour. */
  mailRequests?: RateLimiter;
}

/**
 * Base of the links sent by e-mail. In production only PUBLIC_URL (or the company's address)
 * is used: the request's Host header could be forged to send someone a poisoned reset link.
 */
export function publicBase(c: Context, env: Env): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/$/, '');
  if (env.NODE_ENV === 'production') return company.siteUrl;
  return new URL(c.req.url).origin;
}

const WRONG_CREDENTIALS = 'Adresse e-mail ou mot de passe incorrect.';
const SAME_ANSWER_RESEND =
  'Si un compte en attente de confirmation existe pour cette adresse, un nouvel e-mail de confirmation vient de lui être envoyé.';
const SAME_ANSWER_FORGOT =
  'Si un compte existe pour cette adresse, vous allez recevoir un e-mail pour choisir un nouveau mot de passe.';

export function authRoutes({
  env,
  users,
  accountTokens,
  tokens,
  mailer,
  loginFailures = new RateLimiter(5, 15 * 60_000),
  mailRequests = new RateLimiter(3, 60 * 60_000),
}: AuthDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post('/login', async (c) => {
    const parsed = loginRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const { username, password } = parsed.data;
    const emailKey = `email:${username.toLowerCase()}`;
    const ipKey = `ip:${rateLimitKey(clientIp(c, env.TRUST_PROXY))}`;
    if (loginFailures.exhausted(emailKey) || loginFailures.exhausted(ipKey)) {
      return c.json<LoginResponse>(
        {
          success: false,
          message:
            'Trop de tentatives de connexion. Patientez 15 minutes avant de réessayer, ou choisissez un nouveau mot de passe avec « Mot de passe oublié ».',
        },
        429,
      );
    }

    const row = await users.findByEmail(username);
    // An unknown e-mail costs the same time and gets the same answer as a wrong password.
    const ok = await verifyPassword(password, row?.password_hash ?? (await decoyHash()));
    if (!row || !ok) {
      loginFailures.hit(emailKey);
      loginFailures.hit(ipKey);
      return c.json<LoginResponse>({ success: false, message: WRONG_CREDENTIALS }, 401);
    }
    loginFailures.reset(emailKey);
    if (row.is_archived === 1) {
      return c.json(
        {
          success: false,
          reason: 'archived',
          message: 'Ce compte a été archivé. Contactez-nous pour le réactiver.',
        },
        403,
      );
    }
    if (row.is_active !== 1) {
      return c.json(
        {
          success: false,
          reason: 'not-confirmed',
          message:
            'Votre adresse e-mail n’est pas encore confirmée. Cliquez sur le lien de l’e-mail de confirmation, ou demandez-en un nouveau.',
        },
        403,
      );
    }
    const user = toUser(row);
    const { token } = await tokens.issue(user);
    return c.json<LoginResponse>({ success: true, message: 'Connexion réussie.', token, user });
  });

  app.post('/auth/logout', requireAuth(tokens, users), async (c) => {
    await tokens.revoke(c.get('session'));
    return c.body(null, 204);
  });

  app.post('/auth/activate', async (c) => {
    const parsed = activationSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const userId = await accountTokens.consume(parsed.data.code, 'activation');
    const row = userId ? await users.findById(userId) : undefined;
    if (!row || row.is_archived === 1) {
      return c.json(
        {
          reason: 'invalid-code',
          message:
            'Ce lien de confirmation n’est plus valable : il a déjà servi ou il a expiré. Demandez un nouvel e-mail ci-dessous.',
        },
        400,
      );
    }
    await users.activate(row.id);
    const user = toUser({ ...row, is_active: 1 });
    const { token } = await tokens.issue(user);
    return c.json<LoginResponse>({
      success: true,
      message: 'Votre inscription est confirmée. Bienvenue !',
      token,
      user,
    });
  });

  app.post('/auth/resend-activation', async (c) => {
    const parsed = emailRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const row = await users.findByEmail(parsed.data.email);
    if (
      row &&
      row.is_active !== 1 &&
      row.is_archived !== 1 &&
      mailRequests.hit(`activation:${row.id}`)
    ) {
      const code = await accountTokens.create(row.id, 'activation', ACTIVATION_TTL_MS);
      await mailer.send(
        activationMail(row.email, row.firstname, `${publicBase(c, env)}/activation/${code}`),
      );
    }
    return c.json({ message: SAME_ANSWER_RESEND });
  });

  app.post('/auth/forgot-password', async (c) => {
    const parsed = emailRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const row = await users.findByEmail(parsed.data.email);
    if (row && row.is_archived !== 1 && mailRequests.hit(`reset:${row.id}`)) {
      const code = await accountTokens.create(row.id, 'reset', RESET_TTL_MS);
      await mailer.send(
        passwordResetMail(
          row.email,
          row.firstname,
          `${publicBase(c, env)}/reinitialiser-mot-de-passe/${code}`,
        ),
      );
    }
    return c.json({ message: SAME_ANSWER_FORGOT });
  });

  app.post('/auth/reset-password', async (c) => {
    const parsed = resetPasswordSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const userId = await accountTokens.consume(parsed.data.token, 'reset');
    const row = userId ? await users.findById(userId) : undefined;
    if (!row || row.is_archived === 1) {
      return apiError(
        c,
        400,
        'Ce lien de réinitialisation n’est plus valable : il a déjà servi ou il a expiré. Demandez-en un nouveau.',
      );
    }
    await users.setPassword(row.id, await hashPassword(parsed.data.password));
    // Following the e-mailed link proves the address: an unconfirmed account is confirmed too.
    if (row.is_active !== 1) await users.activate(row.id);
    await mailer.send(passwordChangedMail(row.email, row.firstname));
    return c.json({
      success: true,
      message: 'Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.',
    });
  });

  return app;
}
