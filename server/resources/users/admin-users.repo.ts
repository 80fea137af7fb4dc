import { randomBytes } from 'node:crypto';
import type { Transaction, Updateable } from 'kysely';
import type { UserFields, UserListQuery, UserRow as UserView } from '../../../src/domain/api/users';
import { Role, type RoleCode } from '../../../src/domain/roles';
import { hashPassword } from '../../auth/password-hash';
import type { Db } from '../../db/database';
import type { Database, UserTable } from '../../db/schema';
import { accountCreatedMail } from '../../mail/templates';
import { audit } from '../../staff/audit';
import { eraseStaffFollowUps } from '../client/erasure';
import type { StaffRouteDeps } from '../../staff/deps';
import { countOf, pageOf, searchMatch, type Page } from '../../staff/paging';
import { toUser, toUserView, userSearchColumns, withRole, type UserRow } from './users.repo';

/**
 * The staff's SQL of accounts (issue 15, spec 7's user paths): the lists, the admins' CRUD and
 * the versioned change every staff path makes (issue 25). Each write audits in its transaction.
 */

const WELCOME_TTL_MS = 48 * 60 * 60 * 1000;

/** What a versioned change found: done, stale (with the account now), or no such account. */
export type Versioned<T> =
  { kind: 'done'; value: T } | { kind: 'stale'; current: T } | { kind: 'missing' };

/** A user's roles, read as typed codes (never JSON in a route). */
export async function userWithRoles(db: Db, id: string) {
  const row = await db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { row, user: toUser(row) } : undefined;
}

/** Whether the account holds the role. */
export const hasRole = (row: UserRow, role: RoleCode) => toUser(row).roles.includes(role);

/** A page of accounts; `hunterId` limits it to that hunter's clients. */
export function listUsers(
  db: Db,
  f: UserListQuery,
  hunterId: string | undefined,
): Promise<Page<UserView>> {
  let query = db.selectFrom('app_user').where('deleted_at', 'is', null);
  if (hunterId) query = query.where('id_chasseur', '=', hunterId);
  if (f.role !== undefined) query = query.where(withRole(f.role as RoleCode));
  if (f.archived) query = query.where('is_archived', '=', f.archived === '1' ? 1 : 0);
  if (f.q) query = query.where(searchMatch('search_text', f.q));
  return pageOf(
    f,
    async (limit, offset) =>
      (
        await query
          .selectAll()
          .orderBy('lastname')
          .orderBy('firstname')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .execute()
      ).map(toUserView),
    () => countOf(query),
  );
}

/** Active admins other than `id`: the last one may not leave. */
export async function otherAdmins(db: Db, id: string): Promise<number> {
  return countOf(
    db
      .selectFrom('app_user')
      .where('id', '!=', id)
      .where('is_archived', '=', 0)
      .where(withRole(Role.ADMIN)),
  );
}

/** Whether the account has projects, orders or clients (then it is archived, not deleted). */
export async function hasLinks(db: Db, id: string): Promise<boolean> {
  const [projects, orders, clients] = await Promise.all([
    db.selectFrom('buyer_project').select('id').where('user_id', '=', id).limit(1).execute(),
    db.selectFrom('orders').select('id').where('user_id', '=', id).limit(1).execute(),
    db.selectFrom('app_user').select('id').where('id_chasseur', '=', id).limit(1).execute(),
  ]);
  return projects.length + orders.length + clients.length > 0;
}

/** The welcome mail with a link to choose a password (which activates), in `trx`. */
async function sendWelcome(deps: StaffRouteDeps, trx: Transaction<Database>, row: UserRow) {
  const code = await deps.accountTokens.create(row.id, 'reset', WELCOME_TTL_MS, trx);
  await deps.mails.enqueue(
    accountCreatedMail(
      row.email,
      row.firstname,
      `${deps.publicUrl}/reinitialiser-mot-de-passe/${code}`,
    ),
    trx,
  );
}

/** A new account by an admin, inactive until the person chooses a password; audited. */
export async function createUser(
  deps: StaffRouteDeps,
  actorId: string,
  data: UserFields,
): Promise<UserView> {
  const at = new Date(deps.now()).toISOString();
  // No usable password: the person chooses one through the e-mailed link (which activates).
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  return deps.db.transaction().execute(async (trx) => {
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
    await sendWelcome(deps, trx, created);
    await audit(
      trx,
      {
        actorId,
        action: 'user-create',
        recordType: 'user',
        recordId: created.id,
        after: toUser(created),
      },
      at,
    );
    return toUserView(created);
  });
}

/** The welcome mail again, for an account not yet activated. */
export async function resendWelcome(deps: StaffRouteDeps, row: UserRow): Promise<void> {
  await deps.db.transaction().execute((trx) => sendWelcome(deps, trx, row));
}

/**
 * What a change may add in its transaction: `guard`, checked first (false: nothing is written,
 * the change answers as stale), and `after`, run once the change and its audit are written (its
 * mail, say).
 */
export interface ChangeHooks {
  guard?: (trx: Transaction<Database>) => Promise<boolean>;
  after?: (trx: Transaction<Database>, before: UserRow, after: UserRow) => Promise<void>;
}

/**
 * A staff change to an account, made on the version read: applied only if the account is still
 * at it (the version is bumped), with its audit entry, in one transaction; otherwise the
 * account as it is now.
 */
export async function changeUser(
  db: Db,
  id: string,
  version: number,
  set: (row: UserRow) => Updateable<UserTable>,
  auditOfChange: (before: UserRow, after: UserRow) => Parameters<typeof audit>[1],
  at: string,
  hooks: ChangeHooks = {},
): Promise<Versioned<UserRow>> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return { kind: 'missing' };
    if (row.version !== version) return { kind: 'stale', current: row };
    if (hooks.guard && !(await hooks.guard(trx))) return { kind: 'stale', current: row };
    const saved = await trx
      .updateTable('app_user')
      .set({ ...set(row), version: row.version + 1, updated_at: at })
      .where('id', '=', id)
      .where('version', '=', version)
      .returningAll()
      .executeTakeFirst();
    if (!saved) return { kind: 'stale', current: row };
    await audit(trx, auditOfChange(row, saved), at);
    await hooks.after?.(trx, row, saved);
    return { kind: 'done', value: saved };
  });
}

const sameRoles = (a: readonly number[], b: readonly number[]) =>
  JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

/** PUT /admin/users/:id: a change of roles ends the person's sessions. */
export function editUser(
  db: Db,
  actorId: string,
  id: string,
  data: UserFields & { version: number },
  at: string,
): Promise<Versioned<UserRow>> {
  const email = data.email.toLowerCase();
  return changeUser(
    db,
    id,
    data.version,
    (row) => ({
      lastname: data.lastname,
      firstname: data.firstname,
      email,
      phone: data.phone,
      ...userSearchColumns({ ...data, email }),
      roles: JSON.stringify(data.roles),
      id_chasseur: data.idChasseur,
      ...(sameRoles(toUser(row).roles, data.roles)
        ? {}
        : { session_version: row.session_version + 1 }),
    }),
    (before, after) => ({
      actorId,
      action: 'user-update',
      recordType: 'user',
      recordId: id,
      before: toUser(before),
      after: toUser(after),
    }),
    at,
  );
}

/** DELETE /admin/users/:id, with its codes; audited. */
export async function deleteUser(db: Db, actorId: string, row: UserRow, at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('account_token').where('user_id', '=', row.id).execute();
    // Issue 31: what routing and matching kept of them (the rows that refer to the account).
    await eraseStaffFollowUps(trx, row.id);
    await trx.deleteFrom('app_user').where('id', '=', row.id).execute();
    await audit(
      trx,
      { actorId, action: 'user-delete', recordType: 'user', recordId: row.id, before: toUser(row) },
      at,
    );
  });
}
