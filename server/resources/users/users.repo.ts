import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { isRoleCode } from '../../../src/domain/role-names';
import type { RoleCode } from '../../../src/domain/roles';
import type { ProfileUpdate, User } from '../../../src/domain/user.schema';
import type { Db } from '../../db/database';
import type { Database, UserTable } from '../../db/schema';

type UserRow = Selectable<UserTable>;

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
    return trx
      .insertInto('app_user')
      .values({
        id: randomUUID(),
        email: normalizeEmail(input.email),
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
    return this.db
      .updateTable('app_user')
      .set({
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
