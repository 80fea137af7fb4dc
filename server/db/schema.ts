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

export interface Database {
  contact_message: ContactMessageTable;
}
