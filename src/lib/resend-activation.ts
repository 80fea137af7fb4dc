import { useState } from 'react';
import { api, toApiFailure } from './api';

/**
 * POST /api/auth/resend-activation (docs/api-auth.md): a new confirmation e-mail for an account
 * not yet confirmed. The answer is the same whether or not the address has such an account.
 */
export function resendActivation(email: string): Promise<{ message: string }> {
  return api<{ message: string }>('/api/auth/resend-activation', {
    method: 'POST',
    body: { email },
  });
}

export type ResendState =
  { status: 'idle' } | { status: 'sending' } | { status: 'done'; message: string; failed: boolean };

/**
 * Asking for a new confirmation e-mail (the sign-in page, the buyer signup's CONFIRM): idle,
 * sending, then the server's answer or why the request failed.
 */
export function useResendActivation() {
  const [resend, setResend] = useState<ResendState>({ status: 'idle' });
  const send = async (email: string) => {
    setResend({ status: 'sending' });
    try {
      const answer = await resendActivation(email);
      setResend({ status: 'done', message: answer.message, failed: false });
    } catch (error) {
      setResend({ status: 'done', message: toApiFailure(error).message, failed: true });
    }
  };
  return { resend, send, reset: () => setResend({ status: 'idle' }) };
}
