import { proxy } from 'valtio';
import type { User } from '../../domain/user.schema';

/**
 * Who is signed in (spec 4.1). The token is the source of truth: it lives in localStorage and
 * the guards read its roles. The user starts as the token's copy and is then replaced by the
 * server's (GET /api/user) and merged with each profile update (session.actions.ts).
 */
export interface SessionState {
  token: string | null;
  /** Role codes carried by the token: what the guards compare. */
  roles: number[];
  user: User | null;
  /** True once the server has confirmed the user (GET /api/user answered). */
  confirmed: boolean;
}

export const sessionStore = proxy<SessionState>({
  token: null,
  roles: [],
  user: null,
  confirmed: false,
});
