import type { RoleCode } from './roles';

// Apart from ./roles.ts, which the shell loads for its guards: only the API calls, the server
// and the screens that show a role need these words.

/** Role names as they appear in API paths: /api/{role}/changepassword. */
export const roleNames = {
  1: 'client',
  2: 'chasseur',
  3: 'manager',
  4: 'directeur',
  5: 'admin',
} as const satisfies Record<RoleCode, string>;

export type RoleName = (typeof roleNames)[RoleCode];

/** Each role as people read it. */
export const roleLabels: Record<RoleCode, string> = {
  1: 'Client',
  2: 'Chasseur immobilier',
  3: 'Manager',
  4: 'Directeur',
  5: 'Administrateur',
};

export function isRoleCode(value: unknown): value is RoleCode {
  return typeof value === 'number' && value in roleNames;
}

export function roleCodeOf(name: string): RoleCode | undefined {
  const entry = Object.entries(roleNames).find(([, n]) => n === name);
  return entry ? (Number(entry[0]) as RoleCode) : undefined;
}
