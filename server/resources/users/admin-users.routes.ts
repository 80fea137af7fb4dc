import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { emailSchema } from '../../../src/domain/contact.schema';
import { isRoleCode } from '../../../src/domain/role-names';
import { Role, type RoleCode } from '../../../src/domain/roles';
import { phoneSchema } from '../../../src/domain/user.schema';
import { personName } from '../../../src/domain/text';
import { hashPassword } from '../../auth/password-hash';
import { requireAuth, requireRoles, type AuthEnv } from '../../auth/middleware';
import { toUser } from './users.repo';
import { apiError, readJson, validationError } from '../../http/errors';
import { accountCreatedMail } from '../../mail/templates';
import { audit } from '../../staff/audit';
import { hunterRefusal } from '../../staff/hunters';
import type { StaffRouteDeps } from '../../staff/deps';
import { likePattern, pagingSchema, queryOf } from '../../staff/paging';
import { actorOf, isSupervisor, requireStaff, type StaffEnv } from '../../staff/policy';

const WELCOME_TTL_MS = 48 * 60 * 60 * 1000;
const FORBIDDEN = 'Vous n’avez pas accès à cette ressource.';
const NOT_FOUND = 'Cet utilisateur n’existe pas.';

const listSchema = z.object({
  q: z.string().trim().max(100, 'La recherche est trop longue.').optional(),
  role: z.coerce
    .number({ error: 'Ce rôle n’existe pas.' })
    .refine(isRoleCode, 'Ce rôle n’existe pas.')
    .optional(),
  archived: z.enum(['0', '1'], { error: 'archived vaut 0 ou 1.' }).optional(),
  ...pagingSchema,
});

const userFieldsSchema = z.object({
  lastname: personName('Le nom'),
  firstname: personName('Le prénom'),
  email: emailSchema,
  phone: phoneSchema.or(z.literal('')).default(''),
  roles: z
    .array(z.number().refine(isRoleCode, 'Ce rôle n’existe pas.'), { error: 'Choisissez un rôle.' })
    .min(1, 'Choisissez au moins un rôle.')
    .max(5),
  idChasseur: z.string().trim().min(1).max(64).nullable().default(null),
});

const archiveSchema = z.object({
  isArchived: z.boolean({ error: 'isArchived vaut true ou false.' }),
});

/**
 * Users (issue 15, spec 7's user paths): what staff may see of accounts, and the admins' CRUD.
 * Mounted on /api. Every change is audited; a change of roles or an archive ends the person's
 * sessions (session version), so old tokens lose the old rights at once.
 */
export function adminUsersRoutes(deps: StaffRouteDeps): Hono<AuthEnv> {
  const { db, mails, accountTokens, publicUrl, now } = deps;
  const app = new Hono<StaffEnv>();
  const auth = requireAuth(deps.tokens, deps.users);
  const admin = [auth, requireRoles([Role.ADMIN])] as const;

  /** A page of accounts; `hunterId` limits it to that hunter's clients. */
  async function page(c: Context, hunterId?: string) {
    const parsed = listSchema.safeParse(queryOf(c.req.url));
    if (!parsed.success) return validationError(c, parsed.error);
    const { q, role, archived, page: n, pageSize } = parsed.data;
    let query = db.selectFrom('app_user').where('deleted_at', 'is', null);
    if (hunterId) query = query.where('id_chasseur', '=', hunterId);
    if (role !== undefined)
      query = query.where(
        sql<boolean>`exists (select 1 from json_each(roles) where value = ${role})`,
      );
    if (archived) query = query.where('is_archived', '=', archived === '1' ? 1 : 0);
    if (q) {
      const like = likePattern(q.toLowerCase());
      query = query.where(
        sql<boolean>`(lower(lastname || ' ' || firstname || ' ' || firstname || ' ' || lastname) like ${like} escape '\\' or email like ${like} escape '\\' or replace(phone, ' ', '') like ${likePattern(q.replace(/\s/g, ''))} escape '\\')`,
      );
    }
    const [rows, counted] = await Promise.all([
      query
        .selectAll()
        .orderBy('lastname')
        .orderBy('firstname')
        .orderBy('id')
        .limit(pageSize)
        .offset((n - 1) * pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return c.json({ items: rows.map(toUser), total: Number(counted.n), page: n, pageSize });
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
    return row ? c.json(toUser(row)) : apiError(c, 404, NOT_FOUND);
  });

  const checkHunter = (id: string | null) => hunterRefusal(db, id);

  /** Active admins other than `id`: the last one may not leave. */
  async function otherAdmins(id: string): Promise<number> {
    const r = await db
      .selectFrom('app_user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '!=', id)
      .where('is_archived', '=', 0)
      .where(sql<boolean>`exists (select 1 from json_each(roles) where value = ${Role.ADMIN})`)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  app.post('/admin/users', ...admin, async (c) => {
    const parsed = userFieldsSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const data = parsed.data;
    if (await deps.users.findByEmail(data.email))
      return apiError(c, 409, 'Un compte existe déjà avec cette adresse e-mail.');
    const refusal = await checkHunter(data.idChasseur);
    if (refusal) return apiError(c, 400, refusal);
    const at = new Date(now()).toISOString();
    // No usable password: the person chooses one through the e-mailed link (which activates).
    const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
    const row = await db.transaction().execute(async (trx) => {
      const created = await deps.users.create(
        {
          email: data.email,
          passwordHash,
          firstname: data.firstname,
          lastname: data.lastname,
          phone: data.phone,
          roles: data.roles as RoleCode[],
          isActive: false,
          idChasseur: data.idChasseur,
        },
        trx,
      );
      const code = await accountTokens.create(created.id, 'reset', WELCOME_TTL_MS, trx);
      await mails.enqueue(
        accountCreatedMail(
          created.email,
          created.firstname,
          `${publicUrl}/reinitialiser-mot-de-passe/${code}`,
        ),
        trx,
      );
      await audit(
        trx,
        {
          actorId: actorOf(c).id,
          action: 'user-create',
          recordType: 'user',
          recordId: created.id,
          after: toUser(created),
        },
        at,
      );
      return created;
    });
    return c.json(toUser(row), 201);
  });

  app.put('/admin/users/:id', ...admin, async (c) => {
    const parsed = userFieldsSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const id = c.req.param('id');
    const row = await deps.users.findById(id);
    if (!row) return apiError(c, 404, NOT_FOUND);
    const data = parsed.data;
    const before = toUser(row);
    if (
      before.roles.includes(Role.ADMIN) &&
      !data.roles.includes(Role.ADMIN) &&
      (await otherAdmins(id)) === 0
    )
      return apiError(c, 409, 'Il faut au moins un administrateur actif.');
    const taken = await deps.users.findByEmail(data.email);
    if (taken && taken.id !== id)
      return apiError(c, 409, 'Un compte existe déjà avec cette adresse e-mail.');
    const refusal = await checkHunter(data.idChasseur === id ? 'self' : data.idChasseur);
    if (refusal) return apiError(c, 400, refusal);
    const rolesChanged =
      JSON.stringify([...before.roles].sort()) !== JSON.stringify([...data.roles].sort());
    const at = new Date(now()).toISOString();
    const updated = await db.transaction().execute(async (trx) => {
      const saved = await trx
        .updateTable('app_user')
        .set((eb) => ({
          lastname: data.lastname,
          firstname: data.firstname,
          email: data.email.toLowerCase(),
          phone: data.phone,
          roles: JSON.stringify(data.roles),
          id_chasseur: data.idChasseur,
          updated_at: at,
          ...(rolesChanged ? { session_version: eb('session_version', '+', 1) } : {}),
        }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(
        trx,
        {
          actorId: actorOf(c).id,
          action: 'user-update',
          recordType: 'user',
          recordId: id,
          before,
          after: toUser(saved),
        },
        at,
      );
      return saved;
    });
    return c.json(toUser(updated));
  });

  app.put('/users/:id', ...admin, async (c) => {
    const parsed = archiveSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const id = c.req.param('id');
    const row = await deps.users.findById(id);
    if (!row) return apiError(c, 404, NOT_FOUND);
    const { isArchived } = parsed.data;
    if (isArchived && toUser(row).roles.includes(Role.ADMIN) && (await otherAdmins(id)) === 0)
      return apiError(c, 409, 'Il faut au moins un administrateur actif.');
    const at = new Date(now()).toISOString();
    const updated = await db.transaction().execute(async (trx) => {
      const saved = await trx
        .updateTable('app_user')
        .set((eb) => ({
          is_archived: isArchived ? 1 : 0,
          updated_at: at,
          // Archived: every session ends now.
          ...(isArchived ? { session_version: eb('session_version', '+', 1) } : {}),
        }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(
        trx,
        {
          actorId: actorOf(c).id,
          action: isArchived ? 'user-archive' : 'user-unarchive',
          recordType: 'user',
          recordId: id,
          before: { isArchived: row.is_archived === 1 },
          after: { isArchived },
        },
        at,
      );
      return saved;
    });
    return c.json(toUser(updated));
  });

  app.delete('/admin/users/:id', ...admin, async (c) => {
    const id = c.req.param('id');
    const row = await deps.users.findById(id);
    if (!row) return apiError(c, 404, NOT_FOUND);
    if (toUser(row).roles.includes(Role.ADMIN) && (await otherAdmins(id)) === 0)
      return apiError(c, 409, 'Il faut au moins un administrateur actif.');
    const [projects, orders, clients] = await Promise.all([
      db.selectFrom('buyer_project').select('id').where('user_id', '=', id).limit(1).execute(),
      db.selectFrom('orders').select('id').where('user_id', '=', id).limit(1).execute(),
      db.selectFrom('app_user').select('id').where('id_chasseur', '=', id).limit(1).execute(),
    ]);
    if (projects.length + orders.length + clients.length > 0)
      return apiError(
        c,
        409,
        'Cet utilisateur a des projets, des commandes ou des clients attribués\u00a0: archivez-le plutôt.',
      );
    const at = new Date(now()).toISOString();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('account_token').where('user_id', '=', id).execute();
      await trx.deleteFrom('app_user').where('id', '=', id).execute();
      await audit(
        trx,
        {
          actorId: actorOf(c).id,
          action: 'user-delete',
          recordType: 'user',
          recordId: id,
          before: toUser(row),
        },
        at,
      );
    });
    return c.body(null, 204);
  });

  app.post('/admin/users/:id/resend-activation', ...admin, async (c) => {
    const row = await deps.users.findById(c.req.param('id'));
    if (!row) return apiError(c, 404, NOT_FOUND);
    if (row.is_active === 1) return apiError(c, 409, 'Ce compte est déjà activé.');
    await db.transaction().execute(async (trx) => {
      const code = await accountTokens.create(row.id, 'reset', WELCOME_TTL_MS, trx);
      await mails.enqueue(
        accountCreatedMail(
          row.email,
          row.firstname,
          `${publicUrl}/reinitialiser-mot-de-passe/${code}`,
        ),
        trx,
      );
    });
    return c.json({ sent: true });
  });

  return app as unknown as Hono<AuthEnv>;
}
