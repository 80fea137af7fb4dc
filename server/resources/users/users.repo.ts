import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { isRoleCode } from '../../../src/domain/role-names';
import { hasAnyRole, type RoleCode } from '../../../src/domain/roles';
import { foldForSearch, searchTextOf } from '../../../src/domain/search';
import type { ProfileUpdate, User } from '../../../src/domain/user.schema';
import type { UserRow as UserView } from '../../../src/domain/api/users';
import type { Db } from '../../db/database';
import type { Database, UserTable } from '../../db/schema';

export type UserRow = Selectable<UserTable>;

/** The API's view of a user: never the password hash. */
export function toUser(row: UserRow): User {
  let roles: RoleCode[] = [];
  try {
    const parsed: unknown = JSON.parse(row.roles);
    if (Array.isArray(parsed)) roles = parsed.filter(isRoleCode);
  } catch {
    roles = [];
  }
  return {
    _id: row.id,
    lastname: row.lastname,
    firstname: row.firstname,
    email: row.email,
    phone: row.phone,
    address: row.address,
    roles,
    childrenCount: row.children_count,
    isArchived: row.is_archived === 1,
    isActive: row.is_active === 1,
    idChasseur: row.id_chasseur,
  };
}

/** Accounts holding `role` (`column`: the roles' column, e.g. 'h.roles' for an alias). */
// The roles column is a JSON list of role codes, all plain words: the quoted code appears in it
// exactly when the account holds the role, on SQLite and PostgreSQL alike.
export const withRole = (role: RoleCode, column = 'roles') =>
  sql<boolean>`${sql.ref(column)} like ${`%${JSON.stringify(role)}%`}`;

/** A user as the staff API answers it: with its version (src/domain/api/users.ts). */
export const toUserView = (row: UserRow): UserView => ({ ...toUser(row), version: row.version });

/**
 * The columns the staff lists search and sort accounts by, computed from the fields they come
 * from: every write of a name, e-mail or phone writes them too.
 */
export function userSearchColumns(u: {
  lastname: string;
  firstname: string;
  email: string;
  phone: string;
}): { search_text: string; sort_name: string } {
  return {
    search_text: searchTextOf(u.lastname, u.firstname, u.email, u.phone),
    sort_name: foldForSearch(`${u.lastname} ${u.firstname}`),
  };
}

/** What a session token is issued for (tokens.ts). */
export function tokenSubject(row: UserRow): {
  id: string;
  roles: RoleCode[];
  sessionVersion: number;
} {
  return { id: row.id, roles: toUser(row).roles, sessionVersion: row.session_version };
}

export interface NewUser {
  email: string;
  passwordHash: string;
  lastname: string;
  firstname: string;
  phone?: string;
  address?: string;
  roles: RoleCode[];
  isActive?: boolean;
  isArchived?: boolean;
  idChasseur?: string | null;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export class UsersRepo {
  constructor(private readonly db: Db) {}

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('app_user')
      .selectAll()
      .where('email', '=', normalizeEmail(email))
      .executeTakeFirst();
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Creates an account; `trx` to make it part of a wider transaction. */
  async create(input: NewUser, trx: Kysely<Database> = this.db): Promise<UserRow> {
    const now = new Date().toISOString();
    const email = normalizeEmail(input.email);
    return trx
      .insertInto('app_user')
      .values({
        id: randomUUID(),
        email,
        ...userSearchColumns({ ...input, email, phone: input.phone ?? '' }),
        password_hash: input.passwordHash,
        lastname: input.lastname,
        firstname: input.firstname,
        phone: input.phone ?? '',
        address: input.address ?? '',
        roles: JSON.stringify(input.roles),
        children_count: 0,
        is_archived: input.isArchived ? 1 : 0,
        is_active: input.isActive ? 1 : 0,
        id_chasseur: input.idChasseur ?? null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async updateProfile(id: string, profile: ProfileUpdate): Promise<UserRow | undefined> {
    const row = await this.findById(id);
    if (!row) return undefined;
    return this.db
      .updateTable('app_user')
      .set({
        ...userSearchColumns({ ...profile, email: row.email }),
        lastname: profile.lastname,
        firstname: profile.firstname,
        phone: profile.phone,
        address: profile.address,
        children_count: profile.childrenCount,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Sets a new password and ends every session signed with the old one: tokens carry the
   * session version they were issued under (tokens.ts). Returns the new version.
   */
  async setPassword(
    id: string,
    passwordHash: string,
    trx: Kysely<Database> = this.db,
  ): Promise<number> {
    const row = await trx
      .updateTable('app_user')
      .set((eb) => ({
        password_hash: passwordHash,
        session_version: eb('session_version', '+', 1),
        updated_at: new Date().toISOString(),
      }))
      .where('id', '=', id)
      .returning('session_version')
      .executeTakeFirstOrThrow();
    return row.session_version;
  }

  async activate(id: string, trx: Kysely<Database> = this.db): Promise<void> {
    await trx
      .updateTable('app_user')
      .set({ is_active: 1, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /**
   * A successful sign-in, remembered as a contact from the person: the retention pass counts its
   * 3 years from the last one (src/domain/retention.ts, docs/retention.md).
   */
  async recordSignIn(id: string, at: string = new Date().toISOString()): Promise<void> {
    await this.db
      .updateTable('app_user')
      .set({ last_sign_in_at: at })
      .where('id', '=', id)
      .execute();
  }

  count(): Promise<number> {
    return this.db
      .selectFrom('app_user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** One-time codes sent by e-mail (activation, password reset): only their hash is stored. */
export class AccountTokens {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A new code; earlier unused codes of the same kind for this user stop working. Inside the
   * caller's transaction when given (the code and the mail that carries it commit together).
   */
  async create(
    userId: string,
    kind: 'activation' | 'reset',
    ttlMs: number,
    outer?: Transaction<Database>,
  ): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    const now = this.now();
    const write = async (trx: Kysely<Database>) => {
      await trx
        .updateTable('account_token')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('account_token')
        .values({
          token_hash: sha256(code),
          user_id: userId,
          kind,
          expires_at: now + ttlMs,
          used_at: null,
          created_at: now,
        })
        .execute();
    };
    if (outer) await write(outer);
    else await this.db.transaction().execute(write);
    return code;
  }

  /** The user the code belongs to, once: a used, unknown or expired code gives undefined. */
  async consume(code: string, kind: 'activation' | 'reset'): Promise<string | undefined> {
    const now = this.now();
    const result = await this.db
      .updateTable('account_token')
      .set({ used_at: now })
      .where('token_hash', '=', sha256(code))
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return result?.user_id;
  }
}

/**
 * « Supprimer mon compte » (POST /api/client/delete-account): the account keeps its id and its
 * dates, loses everything that names the person, and every session ends.
 */
export async function anonymiseUser(
  trx: Transaction<Database>,
  userId: string,
  at: string,
): Promise<void> {
  const anonymous = {
    email: `supprime-${userId}@compte-supprime.invalid`,
    firstname: 'Compte',
    lastname: 'supprimé',
    phone: '',
  };
  await trx
    .updateTable('app_user')
    .set((eb) => ({
      ...anonymous,
      ...userSearchColumns(anonymous),
      address: '',
      children_count: 0,
      password_hash: '',
      is_archived: 1,
      deleted_at: at,
      updated_at: at,
      session_version: eb('session_version', '+', 1),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', userId)
    .execute();
}

/**
 * The accounts that can be given work or told of it: active, not archived, not deleted, with
 * one of `roles`; by first name then last name.
 */
export async function activeAccountsWithRoles(
  db: Kysely<Database>,
  roles: readonly RoleCode[],
): Promise<Selectable<UserTable>[]> {
  const rows = await db
    .selectFrom('app_user')
    .selectAll()
    .where('is_archived', '=', 0)
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('firstname')
    .orderBy('lastname')
    .execute();
  return rows.filter((r) => hasAnyRole(toUser(r).roles, roles));
}
