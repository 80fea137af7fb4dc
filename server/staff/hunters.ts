import { Role } from '../../src/domain/roles';
import type { Db } from '../db/database';
import { toUser } from '../resources/users/users.repo';

/**
 * Who may be given clients or leads: an active, non-archived account with the chasseur role.
 * Returns the French refusal, or null (also for null: « nobody », taking the work back).
 */
export async function hunterRefusal(db: Db, hunterId: string | null): Promise<string | null> {
  if (hunterId === null) return null;
  const hunter = await db
    .selectFrom('app_user')
    .selectAll()
    .where('id', '=', hunterId)
    .executeTakeFirst();
  const ok =
    hunter !== undefined &&
    hunter.is_archived === 0 &&
    hunter.is_active === 1 &&
    toUser(hunter).roles.includes(Role.CHASSEUR);
  return ok ? null : 'Choisissez un chasseur immobilier actif.';
}
