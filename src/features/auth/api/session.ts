import type { User } from '../../../domain/user.schema';
import { api, toApiFailure } from '../../../lib/api';

/**
 * The session's calls to the server. Loaded on demand by session.store.ts, so the home page
 * does not download the HTTP client.
 */

/** GET /api/user: the current user (spec 3.1), with the stored bearer token. */
export function fetchCurrentUser(signal: AbortSignal): Promise<User> {
  return api<User>('/api/user', { signal });
}

/** POST /api/auth/logout with the token being signed out (already gone from storage). */
export async function revokeToken(token: string): Promise<void> {
  await api('/api/auth/logout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    timeout: 5_000,
  });
}

/** The server refused the token itself (missing, forged, expired, revoked): nothing to revoke. */
export function isSessionRejection(error: unknown): boolean {
  return toApiFailure(error).status === 401;
}

/** The request never got an answer (offline, timeout): it says nothing about the session. */
export function isNetworkFailure(error: unknown): boolean {
  return toApiFailure(error).status === null;
}
