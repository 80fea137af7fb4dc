import { Role } from '../../src/domain/roles';
import type { Db } from '../db/database';

/**
 * Who may be given clients or leads: an active, non-archived account with the chasseur role.
 * Returns the French refusal, or null (also for null: « nobody », taking the work back).
 */
export async function hunterRefusal(db: Db, hunterId: string | null): Promise<string | null> {
  if (hunterId === null) return null;
  const hunter = await db
    .selectFrom('app_user')
    .select(['roles', 'is_archived', 'is_active'])
    .where('id', '=', hunterId)
    .executeTakeFirst();
  const ok =
    hunter !== undefined &&
    hunter.is_archived === 0 &&
    hunter.is_active === 1 &&
    (JSON.parse(hunter.roles) as number[]).includes(Role.CHASSEUR);
  return ok ? null : 'Choisissez un chasseur immobilier actif.';
}
