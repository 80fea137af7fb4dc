import { Hono } from 'hono';
import { changePasswordSchema } from '../../../src/domain/auth.schema';
import { profileUpdateSchema } from '../../../src/domain/user.schema';
import { hashPassword, verifyPassword } from '../../auth/password-hash';
import { requireAuth, requireRoleParam, type AuthEnv } from '../../auth/middleware';
import type { TokenService } from '../../auth/tokens';
import { tokenSubject, toUser, type UsersRepo } from './users.repo';
import { projectsOf } from '../buyers/buyer-projects.repo';
import type { Db } from '../../db/database';
import {
  apiError,
  readJson,
  tooManyRequests,
  validationError,
  waitInFrench,
} from '../../http/errors';
import { PASSWORD_CHECK_PER_ACCOUNT, passwordCheckKey, type Throttle } from '../../http/throttle';
import type { MailQueue } from '../../mail/mail-queue';
import { passwordChangedMail } from '../../mail/templates';

export interface UserRoutesDeps {
  db: Db;
  users: UsersRepo;
  tokens: TokenService;
  mails: MailQueue;
  throttle: Throttle;
}

/** The signed-in person's own account (spec 7). The admins' paths: routes/admin-users.ts. */
export function userRoutes({ db, users, tokens, mails, throttle }: UserRoutesDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const auth = requireAuth(tokens, users);

  app.get('/user', auth, (c) => c.json(c.get('user')));

  /** The signed-in person's projects, newest first, with their stage. */
  app.get('/projects/mine', auth, async (c) => c.json(await projectsOf(db, c.get('user')._id)));

  app.post('/:role/changepassword', auth, requireRoleParam(), async (c) => {
    const parsed = changePasswordSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const userId = c.get('user')._id;
    // A stolen token must not become a way to guess the password: the current password is
    // checked under the same limit as a sign-in, counted before the hash.
    const attempt = { key: passwordCheckKey(userId), policy: PASSWORD_CHECK_PER_ACCOUNT };
    const reservation = await throttle.reserve([attempt]);
    if (!reservation.ok) {
      return tooManyRequests(
        c,
        reservation.retryAfterSeconds,
        `Trop d’essais du mot de passe actuel. Réessayez ${waitInFrench(reservation.retryAfterSeconds)}, ou choisissez un nouveau mot de passe avec «\u00a0Mot de passe oublié\u00a0».`,
      );
    }
    const row = await users.findById(userId);
    if (!row || !(await verifyPassword(parsed.data.oldPassword, row.password_hash))) {
      return apiError(c, 400, 'Le mot de passe actuel est incorrect.', {
        oldPassword: 'Le mot de passe actuel est incorrect.',
      });
    }
    await throttle.forget(attempt.key);
    const passwordHash = await hashPassword(parsed.data.newPassword);
    const sessionVersion = await db.transaction().execute(async (trx) => {
      const version = await users.setPassword(row.id, passwordHash, trx);
      await mails.enqueue(passwordChangedMail(row.email, row.firstname), trx);
      return version;
    });
    // Every other session of the account has ended; this one goes on with a new token.
    const { token } = await tokens.issue(tokenSubject({ ...row, session_version: sessionVersion }));
    return c.json({ success: true, message: 'Votre mot de passe a été modifié.', token });
  });

  const update = app.put.bind(app);
  for (const path of ['/:role/update/', '/:role/update']) {
    update(path, auth, requireRoleParam(), async (c) => {
      const parsed = profileUpdateSchema.safeParse(await readJson(c));
      if (!parsed.success) return validationError(c, parsed.error);
      const row = await users.updateProfile(c.get('user')._id, parsed.data);
      if (!row) return apiError(c, 404, 'Compte introuvable.');
      return c.json(toUser(row));
    });
  }

  return app;
}
