import { Hono, type Context } from 'hono';
import {
  CLIENT_EXPORT_PATH,
  CRITERIA_PATH,
  DELETE_ACCOUNT_PATH,
  OVERVIEW_PATH,
  criteriaSchema,
  deletionSchema,
} from '../../../src/domain/api/client';
import { Role } from '../../../src/domain/roles';
import { decoyHash, verifyPassword } from '../../auth/password-hash';
import { requireAuth, requireRoles, type AuthEnv } from '../../auth/middleware';
import { apiError, readJson, validationError } from '../../http/errors';
import { idempotentPost } from '../../http/idempotency';
import { underApi } from '../../http/paths';
import {
  ACCOUNT_MAILS_PER_ACCOUNT,
  PASSWORD_CHECK_PER_ACCOUNT,
  passwordCheckKey,
  type Throttle,
} from '../../http/throttle';
import type { StaffRouteDeps } from '../../staff/deps';
import type { DocumentStore } from '../documents/document-store';
import {
  clientExport,
  clientOverview,
  clientProject,
  deleteClientAccount,
  saveClientCriteria,
} from './client.repo';

/**
 * The client area's server half (issue 16, docs/client-area.md): what the buyer sees of their
 * project, editing the search, the RGPD export and the account's deletion. Mounted on /api;
 * every path acts on the caller's own data only (no id of another person is ever taken).
 */
export function clientAreaRoutes(
  deps: StaffRouteDeps & { throttle: Throttle; documents: DocumentStore },
): Hono<AuthEnv> {
  const { db, mails, now, throttle } = deps;
  const app = new Hono<AuthEnv>();
  const client = [requireAuth(deps.tokens, deps.users), requireRoles([Role.CLIENT])] as const;
  const me = (c: Context) => (c as Context<AuthEnv>).get('user')._id;
  const at = () => new Date(now()).toISOString();

  app.get(underApi(OVERVIEW_PATH), ...client, async (c) => {
    const user = c.get('user');
    return c.json(await clientOverview(db, { id: user._id, id_chasseur: user.idChasseur }));
  });

  // The wizard's own schema; sent with an Idempotency-Key so an edit made offline arrives once.
  app.post(
    underApi(CRITERIA_PATH),
    ...client,
    idempotentPost({
      db,
      scope: (c) => `client-criteria:${me(c)}`,
      schema: criteriaSchema,
      prepare: async (c) => {
        const id = Number(c.req.param('id'));
        const project = Number.isSafeInteger(id) ? await clientProject(db, me(c), id) : undefined;
        if (!project) return apiError(c, 404, 'Ce projet n’existe pas.');
        return { value: project };
      },
      work: (trx, update, project) => saveClientCriteria(trx, project, update, at()),
    }),
  );

  /** RGPD art. 15 and 20: everything stored about the caller, as one JSON file. */
  app.get(underApi(CLIENT_EXPORT_PATH), ...client, async (c) => {
    const userId = me(c);
    // One e-mail per export, three an hour at most: a script calling the export in a loop does
    // not flood the person's inbox (the export itself is theirs to take).
    const told = await throttle.reserve([
      { key: `export-mail:${userId}`, policy: ACCOUNT_MAILS_PER_ACCOUNT },
    ]);
    const row = await deps.users.findById(userId);
    if (!row) return apiError(c, 404, 'Compte introuvable.');
    const data = await clientExport(db, mails, row, { at: at(), notify: told.ok });
    c.header('Content-Disposition', 'attachment; filename="mes-donnees-chassimmo.json"');
    return c.json(data);
  });

  /**
   * « Supprimer mon compte »: asks the password (under the sign-in limit), then anonymises the
   * account (client.repo.ts deleteClientAccount).
   */
  app.post(underApi(DELETE_ACCOUNT_PATH), ...client, async (c) => {
    const parsed = deletionSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const userId = me(c);
    const attempt = { key: passwordCheckKey(userId), policy: PASSWORD_CHECK_PER_ACCOUNT };
    const reservation = await throttle.reserve([attempt]);
    if (!reservation.ok)
      return apiError(c, 429, 'Trop d’essais du mot de passe. Réessayez plus tard.');
    const row = await deps.users.findById(userId);
    if (!row) return apiError(c, 404, 'Compte introuvable.');
    if (!(await verifyPassword(parsed.data.password, row.password_hash || (await decoyHash()))))
      return apiError(c, 400, 'Le mot de passe est incorrect.', {
        password: 'Le mot de passe est incorrect.',
      });
    await throttle.forget(attempt.key);
    await deleteClientAccount(db, mails, deps.documents, row, at());
    return c.json({ deleted: true, message: 'Votre compte est supprimé.' });
  });

  return app;
}
