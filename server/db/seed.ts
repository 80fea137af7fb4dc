import { Role, type RoleCode } from '../../src/domain/roles';
import { hashPassword } from '../auth/password-hash';
import type { UsersRepo } from '../resources/users/users.repo';

/** Password of every demo account (README). Local use only: never seeded in production. */
export const DEMO_PASSWORD = 'Demo1234';

interface DemoAccount {
  email: string;
  firstname: string;
  lastname: string;
  roles: RoleCode[];
  isActive?: boolean;
  isArchived?: boolean;
}

/** A demo account: `name`@demo.chassimmo.fr. */
const demo = (
  name: string,
  firstname: string,
  lastname: string,
  role: RoleCode,
  more: Partial<DemoAccount> = {},
): DemoAccount => ({
  email: `${name}@demo.chassimmo.fr`,
  firstname,
  lastname,
  roles: [role],
  ...more,
});

export const demoAccounts: DemoAccount[] = [
  demo('admin', 'Alice', 'Admin', Role.ADMIN),
  demo('directeur', 'David', 'Directeur', Role.DIRECTEUR),
  demo('manager', 'Manon', 'Manager', Role.MANAGER),
  demo('chasseur', 'Charles', 'Chasseur', Role.CHASSEUR),
  demo('client', 'Claire', 'Cliente', Role.CLIENT),
  demo('nouveau', 'Noé', 'Nouveau', Role.CLIENT, { isActive: false }),
  demo('archive', 'Arthur', 'Archivé', Role.CLIENT, { isArchived: true }),
];

/** Seeds the demo accounts on an empty database; does nothing once any account exists. */
export async function seedDemoAccounts(users: UsersRepo): Promise<boolean> {
  if ((await users.count()) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let chasseurId: string | null = null;
  for (const account of demoAccounts) {
    const row = await users.create({
      email: account.email,
      passwordHash,
      firstname: account.firstname,
      lastname: account.lastname,
      phone: '06 12 34 56 78',
      roles: account.roles,
      isActive: account.isActive ?? true,
      isArchived: account.isArchived ?? false,
      idChasseur: account.roles.includes(Role.CLIENT) ? chasseurId : null,
    });
    if (account.roles.includes(Role.CHASSEUR)) chasseurId = row.id;
  }
  return true;
}
