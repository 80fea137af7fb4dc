import type { RegisterRequest } from '../../../domain/buyer-signup.schema';
import { api } from '../../../lib/api';

export interface Registered {
  id: number;
  message: string;
}
/** The service worker's answer offline: the request waits in its queue (not confirmed). */
export interface RegistrationQueued {
  queued: true;
  message: string;
}

export function isQueued(answer: Registered | RegistrationQueued): answer is RegistrationQueued {
  return 'queued' in answer && answer.queued;
}

/** POST /api/register with the draft's Idempotency-Key: a resend creates nothing new. */
export function register(
  body: RegisterRequest,
  idempotencyKey: string,
): Promise<Registered | RegistrationQueued> {
  return api<Registered | RegistrationQueued>('/api/register', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
