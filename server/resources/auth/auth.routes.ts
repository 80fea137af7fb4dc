import { Hono, type Context } from 'hono';
import {
  activationSchema,
  emailRequestSchema,
  loginRequestSchema,
  resetPasswordSchema,
  type LoginResponse,
} from '../../../src/domain/auth.schema';
import { decoyHash, hashPassword, verifyPassword } from '../../auth/password-hash';
import { requireAuth, type AuthEnv } from '../../auth/middleware';
import type { TokenService } from '../../auth/tokens';
import {
  tokenSubject,
  toUser,
  type AccountTokens,
  type UserRow,
  type UsersRepo,
} from '../users/users.repo';
import type { Db } from '../../db/database';
import { clientIp, rateLimitKey } from '../../http/client-ip';
import { apiError, readJson, validationError, waitInFrench } from '../../http/errors';
import {
  ACCOUNT_MAILS_PER_ACCOUNT,
  SIGN_IN_PER_ACCOUNT_AND_ADDRESS,
  SIGN_IN_PER_ADDRESS,
  keyPart,
  passwordCheckKey,
  type Throttle,
} from '../../http/throttle';
import { limitPublicForm, type FormLimits } from '../../http/form-limits';
import type { MailQueue } from '../../mail/mail-queue';
import { accountOfLink, mailAccountLink, setPasswordFromLink } from './account-links';

export interface AuthDeps {
  db: Db;
  users: UsersRepo;
  accountTokens: AccountTokens;
  tokens: TokenService;
  mails: MailQueue;
  throttle: Throttle;
  /** Per-address limit of the two e-mail requests, as for the public forms. */
  limits: FormLimits;
  /** Base of the links sent by e-mail (env.ts publicBaseUrl). */
  publicUrl: string;
}

/** The sign-in keys of one account, whatever the address (the address's part follows). */
const signInPrefix = (email: string) => `sign-in:${keyPart(email.trim().toLowerCase())}|`;

const ACTIVATION_EXPIRED =
  'Ce lien de confirmation n’est plus valable\u00a0: il a déjà servi ou il a expiré. Demandez un nouvel e-mail ci-dessous.';
const RESET_EXPIRED =
  'Ce lien de réinitialisation n’est plus valable\u00a0: il a déjà servi ou il a expiré. Demandez-en un nouveau.';
const WRONG_CREDENTIALS = 'Adresse e-mail ou mot de passe incorrect.';
const SAME_ANSWER_RESEND =
  'Si un compte en attente de confirmation existe pour cette adresse, un nouvel e-mail de confirmation vient de lui être envoyé.';
const SAME_ANSWER_FORGOT =
  'Si un compte existe pour cette adresse, vous allez recevoir un e-mail pour choisir un nouveau mot de passe.';

export function authRoutes({
  db,
  users,
  accountTokens,
  tokens,
  mails,
  throttle,
  limits,
  publicUrl,
}: AuthDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const linkDeps = { accountTokens, users, mails, publicUrl };

  app.post('/login', async (c) => {
    const parsed = loginRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const { username, password } = parsed.data;
    // The attempt is counted before the hash is checked, so parallel guesses cannot all pass
    // a check made before any of them is counted (docs/api-auth.md).
    const address = keyPart(rateLimitKey(clientIp(c, limits.trustProxy)));
    const pair = {
      key: `${signInPrefix(username)}${address}`,
      policy: SIGN_IN_PER_ACCOUNT_AND_ADDRESS,
    };
    const fromAddress = { key: `sign-in-address:${address}`, policy: SIGN_IN_PER_ADDRESS };
    const reservation = await throttle.reserve([pair, fromAddress]);
    if (!reservation.ok) {
      c.header('Retry-After', String(reservation.retryAfterSeconds));
      return c.json<LoginResponse>(
        {
          success: false,
          message: `Trop de tentatives de connexion. Réessayez ${waitInFrench(reservation.retryAfterSeconds)}, ou choisissez un nouveau mot de passe avec «\u00a0Mot de passe oublié\u00a0».`,
        },
        429,
      );
    }

    const row = await users.findByEmail(username);
    // An unknown e-mail costs the same time and gets the same answer as a wrong password.
    const ok = await verifyPassword(password, row?.password_hash ?? (await decoyHash()));
    if (!row || !ok) {
      return c.json<LoginResponse>({ success: false, message: WRONG_CREDENTIALS }, 401);
    }
    await throttle.forget(pair.key);
    await throttle.release(fromAddress);
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
    const { token } = await tokens.issue(tokenSubject(row));
    await users.recordSignIn(row.id);
    return c.json<LoginResponse>({
      success: true,
      message: 'Connexion réussie.',
      token,
      user: toUser(row),
    });
  });

  app.post('/auth/logout', requireAuth(tokens, users), async (c) => {
    await tokens.revoke(c.get('session'));
    return c.body(null, 204);
  });

  app.post('/auth/activate', async (c) => {
    const parsed = activationSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const row = await accountOfLink(linkDeps, 'activation', parsed.data.code);
    if (!row) return apiError(c, 400, ACTIVATION_EXPIRED, undefined, { reason: 'invalid-code' });
    await users.activate(row.id);
    const user = toUser({ ...row, is_active: 1 });
    const { token } = await tokens.issue(tokenSubject(row));
    await users.recordSignIn(row.id);
    return c.json<LoginResponse>({
      success: true,
      message: 'Votre inscription est confirmée. Bienvenue\u202f!',
      token,
      user,
    });
  });

  /**
   * The two « send me a link » requests: the same answer whatever the address, and a mail only
   * to an account in the state `wanted`, under the per-address and per-account limits.
   */
  const linkRequest =
    (kind: 'activation' | 'reset', wanted: (row: UserRow) => boolean, answer: string) =>
    async (c: Context) => {
      const parsed = emailRequestSchema.safeParse(await readJson(c));
      if (!parsed.success) return validationError(c, parsed.error);
      // Per address (whatever the account, so the answer says nothing about it): one address
      // cannot have our mails sent to every account in turn.
      const refused = await limitPublicForm(
        c,
        limits,
        'account-mail',
        'Plusieurs demandes d’e-mail viennent d’être faites depuis cette connexion.',
      );
      if (refused) return refused;
      const row = await users.findByEmail(parsed.data.email);
      if (
        row &&
        wanted(row) &&
        (
          await throttle.reserve([
            { key: `${kind}-mail:${row.id}`, policy: ACCOUNT_MAILS_PER_ACCOUNT },
          ])
        ).ok
      ) {
        await mailAccountLink(db, linkDeps, kind, row);
      }
      return c.json({ message: answer });
    };

  app.post(
    '/auth/resend-activation',
    linkRequest(
      'activation',
      (row) => row.is_active !== 1 && row.is_archived !== 1,
      SAME_ANSWER_RESEND,
    ),
  );
  app.post(
    '/auth/forgot-password',
    linkRequest('reset', (row) => row.is_archived !== 1, SAME_ANSWER_FORGOT),
  );

  app.post('/auth/reset-password', async (c) => {
    const parsed = resetPasswordSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const row = await accountOfLink(linkDeps, 'reset', parsed.data.token);
    if (!row) return apiError(c, 400, RESET_EXPIRED);
    await setPasswordFromLink(db, linkDeps, row, await hashPassword(parsed.data.password));
    // Whoever proved the address by the link is not kept waiting by earlier wrong guesses
    // (the sign-in's 429 sends people here).
    await throttle.forgetPrefix(signInPrefix(row.email));
    await throttle.forget(passwordCheckKey(row.id));
    return c.json({
      success: true,
      message: 'Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.',
    });
  });

  return app;
}
