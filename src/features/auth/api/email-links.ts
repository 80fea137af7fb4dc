import type { LoginResponse } from '../../../domain/auth.schema';
import { api } from '../../../lib/api';

/** The calls behind the links the server e-mails: account activation and password reset. */

/** POST /api/auth/activate: confirms the account and signs its owner in. */
export function activateAccount(code: string): Promise<Required<LoginResponse>> {
  return api<Required<LoginResponse>>('/api/auth/activate', { method: 'POST', body: { code } });
}

/** POST /api/auth/forgot-password: same answer whether or not the address exists. */
export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return api<{ message: string }>('/api/auth/forgot-password', {
    method: 'POST',
    body: { email },
  });
}

/** POST /api/auth/reset-password with the token from the e-mailed link. */
export function resetPassword(body: {
  token: string;
  password: string;
  passwordConfirm: string;
}): Promise<{ success: boolean; message: string }> {
  return api<{ success: boolean; message: string }>('/api/auth/reset-password', {
    method: 'POST',
    body,
  });
}
