import { Hono } from 'hono';
import type { AuthEnv } from '../auth/middleware';
import type { StaffRouteDeps } from '../staff/deps';

/** Issue 15 (docs/staff-area.md). Mounted on /api. */
export function staffBuyersRoutes(deps: StaffRouteDeps): Hono<AuthEnv> {
  void deps;
  return new Hono<AuthEnv>();
}
