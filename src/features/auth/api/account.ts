import { roleNames, isRoleCode, type RoleName } from '../../../domain/role-names';
import type { ProfileUpdate, User } from '../../../domain/user.schema';
import { api } from '../../../lib/api';

/**
 * The `{role}` segment of the account calls (spec 7): the caller's first role. The server checks
 * that it is one of the token's roles.
 */
export function roleSegment(roles: readonly number[]): RoleName {
  const first = roles.find(isRoleCode);
  if (first === undefined) throw new Error('Aucun rôle connu dans la session.');
  return roleNames[first];
}

/** PUT /api/{role}/update/: the updated user. */
export function updateProfile(roles: readonly number[], profile: ProfileUpdate): Promise<User> {
  return api<User>(`/api/${roleSegment(roles)}/update/`, { method: 'PUT', body: profile });
}

/** POST /api/{role}/changepassword; the answer's token replaces this device's (docs/api-auth.md). */
export function changePassword(
  roles: readonly number[],
  body: { oldPassword: string; newPassword: string },
): Promise<{ success: boolean; message: string; token?: string }> {
  return api<{ success: boolean; message: string; token?: string }>(
    `/api/${roleSegment(roles)}/changepassword`,
    {
      method: 'POST',
      body,
    },
  );
}
