import { api } from '../../../lib/api';

/**
 * POST /api/auth/resend-activation (docs/api-auth.md), as the sign-in page calls it: a new
 * confirmation e-mail for an account not yet confirmed. The answer is the same whether or not
 * the address has such an account.
 */
export function resendActivation(email: string): Promise<{ message: string }> {
  return api<{ message: string }>('/api/auth/resend-activation', {
    method: 'POST',
    body: { email },
  });
}
