import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import {
  USER_STALE,
  type HandoverCounts,
  type HandoverNeededBody,
  userArchiveSchema,
  userEditSchema,
  userFieldsSchema,
  userListQuerySchema,
  type UserRow,
  type UserStaleBody,
} from '../../../src/domain/api/users';
import { Role } from '../../../src/domain/roles';
import { requireAuth, requireRoles, type AuthEnv } from '../../auth/middleware';
import { apiError, readJson, validationError } from '../../http/errors';
import { hunterRefusal } from '../../staff/hunters';
import type { StaffRouteDeps } from '../../staff/deps';
import { queryOf } from '../../staff/paging';
import { actorOf, isSupervisor, requireStaff, type StaffEnv } from '../../staff/policy';
import {
  createUser,
  deleteUser,
  editUser,
  hasLinks,
  hasRole,
  listUsers,
  otherAdmins,
  resendWelcome,
  type Versioned,
} from './admin-users.repo';
import { setArchived, workOf } from './handover.repo';
import { toUserView, type UserRow as UserRecord } from './users.repo';

const FORBIDDEN = 'Vous n’avez pas accès à cette ressource.';
const NOT_FOUND = 'Cet utilisateur n’existe pas.';
const LAST_ADMIN = 'Il faut au moins un administrateur actif.';
const EMAIL_TAKEN = 'Un compte existe déjà avec cette adresse e-mail.';
const DELETED =
  'Ce compte a été supprimé à la demande de la personne\u00a0: il ne peut être ni réactivé ni modifié.';

/** The answer to a versioned change: the account, 409 with the account now, or 404. */
function answer(c: Context, result: Versioned<UserRecord>) {
  if (result.kind === 'missing') return apiError(c, 404, NOT_FOUND);
  if (result.kind === 'stale')
    return c.json(
      { message: USER_STALE, current: toUserView(result.current) } satisfies UserStaleBody,
      409,
    );
  return c.json(toUserView(result.value) satisfies UserRow);
}

/**
 * Users (issue 15, spec 7's user paths): what staff may see of accounts, and the admins' CRUD.
 * Mounted on /api. Every change is audited and made on the version the admin read (409
 * otherwise); a change of roles or an archive ends the person's sessions (session version), so
 * old tokens lose the old rights at once.
 */
export function adminUsersRoutes(deps: StaffRouteDeps): Hono<AuthEnv> {
  const { db, now } = deps;
  const app = new Hono<StaffEnv>();
  const auth = requireAuth(deps.tokens, deps.users);
  const admin = [auth, requireRoles([Role.ADMIN])] as const;
  const at = () => new Date(now()).toISOString();

  /** A page of accounts; `hunterId` limits it to that hunter's clients. */
  async function page(c: Context, hunterId?: string) {
    const parsed = userListQuerySchema.safeParse(queryOf(c.req.url));
    if (!parsed.success) return validationError(c, parsed.error);
    return c.json(await listUsers(db, parsed.data, hunterId));
  }

  // A chasseur sees their clients; supervisors everyone.
  app.get('/users', auth, requireStaff(), (c) => {
    const scope = c.get('scope');
    return page(c, scope.kind === 'hunter' ? scope.hunterId : undefined);
  });

  app.get('/:chasseurId/chasseurusers', auth, requireStaff(), (c) => {
    const hunterId = c.req.param('chasseurId');
    if (!isSupervisor(actorOf(c)) && hunterId !== actorOf(c).id) return apiError(c, 403, FORBIDDEN);
    return page(c, hunterId);
  });

  app.get('/admin/users', ...admin, (c) => page(c));

  app.get('/admin/users/:id', ...admin, async (c) => {
    const row = await deps.users.findById(c.req.param('id'));
    return row ? c.json(toUserView(row) satisfies UserRow) : apiError(c, 404, NOT_FOUND);
  });

  app.post('/admin/users', ...admin, async (c) => {
    const parsed = userFieldsSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const data = parsed.data;
    if (await deps.users.findByEmail(data.email))
      return apiError(c, 409, EMAIL_TAKEN, { email: EMAIL_TAKEN });
    const refusal = await hunterRefusal(db, data.idChasseur);
    if (refusal) return apiError(c, 400, refusal, { idChasseur: refusal });
    return c.json((await createUser(deps, actorOf(c).id, data)) satisfies UserRow, 201);
  });

  /** The body of a change and the account of :id it is made on; or the 400, 404 or 409 answer. */
  async function changeOf<T extends { version: number }>(c: Context, schema: z.ZodType<T>) {
    const parsed = schema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const row = await deps.users.findById(c.req.param('id') ?? '');
    if (!row) return apiError(c, 404, NOT_FOUND);
    // Issue 31: a deleted account is gone for good (no unarchive, no new address, no edit).
    if (row.deleted_at) return apiError(c, 409, DELETED);
    if (row.version !== parsed.data.version) return answer(c, { kind: 'stale', current: row });
    return { row, id: row.id, data: parsed.data };
  }

  app.put('/admin/users/:id', ...admin, async (c) => {
    const change = await changeOf(c, userEditSchema);
    if (change instanceof Response) return change;
    const { row, id, data } = change;
    if (
      hasRole(row, Role.ADMIN) &&
      !data.roles.includes(Role.ADMIN) &&
      (await otherAdmins(db, id)) === 0
    )
      return apiError(c, 409, LAST_ADMIN);
    const taken = await deps.users.findByEmail(data.email);
    if (taken && taken.id !== id) return apiError(c, 409, EMAIL_TAKEN, { email: EMAIL_TAKEN });
    const refusal = await hunterRefusal(db, data.idChasseur === id ? 'self' : data.idChasseur);
    if (refusal) return apiError(c, 400, refusal, { idChasseur: refusal });
    return answer(c, await editUser(db, actorOf(c).id, id, data, at()));
  });

  // Archiving a hunter who still has buyers or owner leads needs `handTo`: another active
  // hunter, or null (the managers' pool). Everything moves in the archive's transaction.
  app.put('/users/:id', ...admin, async (c) => {
    const change = await changeOf(c, userArchiveSchema);
    if (change instanceof Response) return change;
    const { row, id, data } = change;
    if (data.isArchived && hasRole(row, Role.ADMIN) && (await otherAdmins(db, id)) === 0)
      return apiError(c, 409, LAST_ADMIN);
    if (data.isArchived && typeof data.handTo === 'string') {
      const refusal = await hunterRefusal(db, data.handTo === id ? 'self' : data.handTo);
      if (refusal) return apiError(c, 400, refusal, { handTo: refusal });
    }
    const done = await setArchived(deps, actorOf(c).id, id, data, at());
    if (done.kind === 'work')
      return apiError(c, 409, done.message, undefined, {
        handover: done.counts,
      } satisfies Omit<HandoverNeededBody, 'message'>);
    if (done.kind === 'target') {
      const refusal = 'Choisissez un chasseur immobilier actif.';
      return apiError(c, 400, refusal, { handTo: refusal });
    }
    return answer(c, done);
  });

  app.delete('/admin/users/:id', ...admin, async (c) => {
    const id = c.req.param('id');
    const row = await deps.users.findById(id);
    if (!row) return apiError(c, 404, NOT_FOUND);
    if (hasRole(row, Role.ADMIN) && (await otherAdmins(db, id)) === 0)
      return apiError(c, 409, LAST_ADMIN);
    if (await hasLinks(db, id))
      return apiError(
        c,
        409,
        'Cet utilisateur a des projets, des commandes ou des clients attribués\u00a0: archivez-le plutôt.',
      );
    await deleteUser(db, actorOf(c).id, row, at());
    return c.body(null, 204);
  });

  // What an account still works (a hunter's buyers and owner leads): the « Utilisateurs » panel
  // offers to hand over the work of a hunter archived before issue 29 left it behind.
  app.get('/admin/users/:id/handover', ...admin, async (c) => {
    const row = await deps.users.findById(c.req.param('id'));
    if (!row) return apiError(c, 404, NOT_FOUND);
    return c.json((await workOf(db, row.id)) satisfies HandoverCounts);
  });

  app.post('/admin/users/:id/resend-activation', ...admin, async (c) => {
    const row = await deps.users.findById(c.req.param('id'));
    if (!row) return apiError(c, 404, NOT_FOUND);
    if (row.is_active === 1) return apiError(c, 409, 'Ce compte est déjà activé.');
    await resendWelcome(deps, row);
    return c.json({ sent: true });
  });

  return app as unknown as Hono<AuthEnv>;
}
