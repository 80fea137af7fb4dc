import { Hono, type MiddlewareHandler } from 'hono';
import {
  RETENTION_PREVIEW_PATH,
  RETENTION_RUNS_PATH,
  retentionRunRequestSchema,
  type RetentionLog,
  type RetentionPreview,
  type RetentionRun,
} from '../../../src/domain/api/retention';
import { requireAuth, type AuthEnv } from '../../auth/middleware';
import { apiError, readJson, validationError } from '../../http/errors';
import type { StaffRouteDeps } from '../../staff/deps';
import { actorOf, FORBIDDEN, isAdmin } from '../../staff/policy';
import type { DocumentStore } from '../documents/document-store';
import { retentionLog, retentionPreview, runRetentionNow } from './retention.repo';

const API = '/api';
const local = (path: string) => path.slice(API.length);

/** After requireAuth: the admin only (policy.ts isAdmin). */
const requireAdmin = (): MiddlewareHandler<AuthEnv> => async (c, next) => {
  if (!isAdmin(actorOf(c))) return apiError(c, 403, FORBIDDEN);
  await next();
};

/**
 * « Conservation des données » (issue 31, src/domain/api/retention.ts, docs/retention.md): the
 * dry run of the next pass, the log of past passes, and « Lancer maintenant ». Admin only.
 * Mounted on /api.
 */
export function retentionRoutes(
  deps: StaffRouteDeps & { documents: DocumentStore },
): Hono<AuthEnv> {
  const { db, now, documents } = deps;
  const app = new Hono<AuthEnv>();
  const admin = [requireAuth(deps.tokens, deps.users), requireAdmin()] as const;

  app.get(local(RETENTION_PREVIEW_PATH), ...admin, async (c) =>
    c.json((await retentionPreview(db, now())) satisfies RetentionPreview),
  );

  app.get(local(RETENTION_RUNS_PATH), ...admin, async (c) =>
    c.json({ runs: await retentionLog(db) } satisfies RetentionLog),
  );

  // One pass at a time; a real pass asked again within a minute (a double click) answers with
  // the first one (200) instead of running a second (201).
  app.post(local(RETENTION_RUNS_PATH), ...admin, async (c) => {
    const parsed = retentionRunRequestSchema.safeParse((await readJson(c)) ?? {});
    if (!parsed.success) return validationError(c, parsed.error);
    const pass = await runRetentionNow(db, documents, {
      now: now(),
      launchedBy: actorOf(c).id,
      dryRun: parsed.data.dryRun,
    });
    return c.json(pass.run satisfies RetentionRun, pass.replayed ? 200 : 201);
  });

  return app;
}
