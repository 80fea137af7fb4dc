import { api } from '../../lib/api';

/**
 * The server's answer to a long form's POST, or the service worker's when there is no network:
 * the request then waits in its outbox (not confirmed yet).
 */
type Answer = { id: number; message: string } | { queued: true; message: string };

/**
 * POSTs a long form's body (already validated with the server's schema) under the draft's
 * Idempotency-Key: sending it again after a lost answer stores nothing new. `queued` when the
 * service worker keeps it for the network (DESIGN.md, offline model).
 */
export async function sendLongForm(
  endpoint: string,
  body: unknown,
  idempotencyKey: string,
): Promise<{ queued: boolean }> {
  const answer = await api<Answer>(endpoint, {
    method: 'POST',
    body: body as Record<string, unknown>,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return { queued: 'queued' in answer && answer.queued };
}
