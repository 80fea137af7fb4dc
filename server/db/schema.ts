import type { Generated } from 'kysely';

/** Tables as kysely sees them; columns in snake_case as stored. */
export interface ContactMessageTable {
  id: Generated<number>;
  created_at: string;
  brand: 'main' | 'homestylz';
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  ip_hash: string | null;
}

export interface UserTable {
  id: string;
  email: string;
  password_hash: string;
  lastname: string;
  firstname: string;
  phone: string;
  address: string;
  /** JSON array of role codes (src/domain/roles.ts). */
  roles: string;
  children_count: number;
  is_archived: number;
  /** 1 once the e-mail address is confirmed. */
  is_active: number;
  id_chasseur: string | null;
  created_at: string;
  updated_at: string;
}

/** One-time codes sent by e-mail; only their SHA-256 is stored. */
export interface AccountTokenTable {
  token_hash: string;
  user_id: string;
  kind: 'activation' | 'reset';
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** Signed-out tokens, kept until they would have expired. */
export interface RevokedTokenTable {
  jti: string;
  expires_at: number;
}

export interface Database {
  contact_message: ContactMessageTable;
  app_user: UserTable;
  account_token: AccountTokenTable;
  revoked_token: RevokedTokenTable;
}
