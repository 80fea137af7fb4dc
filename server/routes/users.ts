import { Hono } from 'hono';
import { changePasswordSchema } from '../../src/domain/auth.schema';
import { Role } from '../../src/domain/roles';
import { profileUpdateSchema } from '../../src/domain/user.schema';
import { hashPassword, verifyPassword } from '../auth/password-hash';
import { requireAuth, requireRoleParam, requireRoles, type AuthEnv } from '../auth/middleware';
import type { TokenService } from '../auth/tokens';
import { toUser, type UsersRepo } from '../auth/users.repo';
import { readJson, validationError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { passwordChangedMail } from '../mail/templates';

export interface UserRoutesDeps {
  users: UsersRepo;
  tokens: TokenService;
  mailer: Mailer;
}

/** The signed-in person's own account (spec 7), and the admin's user list. */
export function userRoutes({ users, tokens, mailer }: UserRoutesDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const auth = requireAuth(tokens, users);

  app.get('/user', auth, (c) => c.json(c.get('user')));

  app.post('/:role/changepassword', auth, requireRoleParam(), async (c) => {
    const parsed = changePasswordSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const row = await users.findById(c.get('user')._id);
    if (!row || !(await verifyPassword(parsed.data.oldPassword, row.password_hash))) {
      return c.json(
        {
          message: 'Le mot de passe actuel est incorrect.',
          fieldErrors: { oldPassword: 'Le mot de passe actuel est incorrect.' },
        },
        400,
      );
    }
    await users.setPassword(row.id, await hashPassword(parsed.data.newPassword));
    await mailer.send(passwordChangedMail(row.email, row.firstname));
    return c.json({ success: true, message: 'Votre mot de passe a été modifié.' });
  });

  const update = app.put.bind(app);
  for (const path of ['/:role/update/', '/:role/update']) {
    update(path, auth, requireRoleParam(), async (c) => {
      const parsed = profileUpdateSchema.safeParse(await readJson(c));
      if (!parsed.success) return validationError(c, parsed.error);
      const row = await users.updateProfile(c.get('user')._id, parsed.data);
      if (!row) return c.json({ message: 'Compte introuvable.' }, 404);
      return c.json(toUser(row));
    });
  }

  app.get('/admin/users', auth, requireRoles([Role.ADMIN]), async (c) =>
    c.json(await users.list()),
  );

  return app;
}
