import type { LoginForm, LoginResponse } from '../../../domain/auth.schema';
import type { User } from '../../../domain/user.schema';
import { api, toApiFailure, type ApiFailure } from '../../../lib/api';

/** Why the server refused a sign-in (docs/api-auth.md): 403 carries a reason. */
export type LoginRefusal = ApiFailure & { reason?: 'not-confirmed' | 'archived' };

export type LoginResult =
  { ok: true; token: string; user: User; message: string } | { ok: false; failure: LoginRefusal };

function reasonOf(error: unknown): LoginRefusal['reason'] {
  const data = (error as { data?: unknown } | null)?.data;
  if (typeof data === 'object' && data !== null && 'reason' in data) {
    const reason = (data as { reason: unknown }).reason;
    if (reason === 'not-confirmed' || reason === 'archived') return reason;
  }
  return undefined;
}

/**
 * POST /api/login (spec 3.2): e-mail and password sent as username and password; the e-mail
 * trimmed, the password as typed (spaces are password characters).
 * A refusal (wrong credentials, unconfirmed or archived account, too many attempts) and a
 * transport error both come back as a failure with the message to show.
 */
export async function login({ email, password }: LoginForm): Promise<LoginResult> {
  try {
    const answer = await api<LoginResponse>('/api/login', {
      method: 'POST',
      body: { username: email.trim(), password },
    });
    if (answer.success && answer.token && answer.user) {
      return { ok: true, token: answer.token, user: answer.user, message: answer.message };
    }
    return { ok: false, failure: { status: 200, message: answer.message, fieldErrors: {} } };
  } catch (error) {
    return { ok: false, failure: { ...toApiFailure(error), reason: reasonOf(error) } };
  }
}
