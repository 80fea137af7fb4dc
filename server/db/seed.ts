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

export const demoAccounts: DemoAccount[] = [
  { email: 'admin@demo.chassimmo.fr', firstname: 'Alice', lastname: 'Admin', roles: [Role.ADMIN] },
  {
    email: 'directeur@demo.chassimmo.fr',
    firstname: 'David',
    lastname: 'Directeur',
    roles: [Role.DIRECTEUR],
  },
  {
    email: 'manager@demo.chassimmo.fr',
    firstname: 'Manon',
    lastname: 'Manager',
    roles: [Role.MANAGER],
  },
  {
    email: 'chasseur@demo.chassimmo.fr',
    firstname: 'Charles',
    lastname: 'Chasseur',
    roles: [Role.CHASSEUR],
  },
  {
    email: 'client@demo.chassimmo.fr',
    firstname: 'Claire',
    lastname: 'Cliente',
    roles: [Role.CLIENT],
  },
  {
    email: 'nouveau@demo.chassimmo.fr',
    firstname: 'Noé',
    lastname: 'Nouveau',
    roles: [Role.CLIENT],
    isActive: false,
  },
  {
    email: 'archive@demo.chassimmo.fr',
    firstname: 'Arthur',
    lastname: 'Archivé',
    roles: [Role.CLIENT],
    isArchived: true,
  },
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
