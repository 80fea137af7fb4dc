import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { logger } from 'hono/logger';
import { sql } from 'kysely';
import type { Db } from './db/database';
import type { Env } from './env';
import { TokenService } from './auth/tokens';
import { AccountTokens, UsersRepo } from './auth/users.repo';
import type { GeoIndex } from './geo/geo-data';
import { OutboxMailer, type Mailer } from './mail/mailer';
import { authRoutes } from './routes/auth';
import { biensRoutes } from './routes/biens';
import { devRoutes } from './routes/dev';
import { registerRoutes } from './routes/register';
import { userRoutes } from './routes/users';
import { apiError } from './http/errors';
import { securityHeaders } from './http/security';
import { staticSite } from './http/static';
import { contactRoutes } from './routes/contact';
import { geoRoutes } from './routes/geo';

export interface AppDeps {
  env: Env;
  db: Db;
  geo: GeoIndex;
  /** Key that signs session tokens (server/auth/secret.ts). */
  jwtSecret: Uint8Array;
  /** Where e-mails go: SMTP, or the outbox listed at /dev/outbox. */
  mailer: Mailer;
  /** Built PWA to serve; omitted in dev (Vite serves it) and in API tests. */
  staticDir?: string;
  version?: string;
}

/** Largest request body the API reads; forms are a few kilobytes. */
export const MAX_BODY_BYTES = 100 * 1024;

export function createApp({
  env,
  db,
  geo,
  jwtSecret,
  mailer,
  staticDir,
  version = 'dev',
}: AppDeps): Hono {
  const app = new Hono();
  const startedAt = Date.now();

  if (env.LOG_REQUESTS) app.use(logger());
  app.use(securityHeaders(env));
  app.use(compress());

  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => apiError(c, 413, 'La requête est trop volumineuse (100 Ko au plus).'),
    }),
  );
  app.use('/api/*', async (c, next) => {
    // JSON only: a browser cannot send it from another site without a CORS preflight, which
    // this API never grants, so no other site can post in its visitors' name.
    const type = c.req.header('Content-Type');
    if (
      ['POST', 'PUT', 'PATCH'].includes(c.req.method) &&
      type &&
      !type.toLowerCase().startsWith('application/json')
    ) {
      return apiError(
        c,
        415,
        'Les données doivent être envoyées au format JSON (Content-Type: application/json).',
      );
    }
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.get('/api/health', async (c) => {
    await sql`select 1`.execute(db);
    return c.json({
      status: 'ok',
      version,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    });
  });
  app.route('/api/contact', contactRoutes({ db, trustProxy: env.TRUST_PROXY }));
  app.route('/api/public/biens', biensRoutes({ db, geo, mailer }));
  const users = new UsersRepo(db);
  const tokens = new TokenService(db, jwtSecret);
  const accountTokens = new AccountTokens(db);
  app.route('/api', authRoutes({ env, users, accountTokens, tokens, mailer }));
  app.route('/api', userRoutes({ users, tokens, mailer }));
  app.route('/api', registerRoutes({ env, db, users, accountTokens, tokens, mailer }));
  app.all('/api/*', (c) => apiError(c, 404, 'Cette adresse d’API n’existe pas.'));

  app.route('/geo', geoRoutes(geo));
  if (env.NODE_ENV !== 'production' && mailer instanceof OutboxMailer)
    app.route('/dev', devRoutes(mailer));

  if (staticDir) app.use(staticSite(staticDir));

  app.notFound((c) => apiError(c, 404, 'Page introuvable.'));
  app.onError((err, c) => {
    if (err instanceof HTTPException)
      return apiError(c, err.status, err.message || 'Requête invalide.');
    console.error(err);
    return apiError(c, 500, 'Une erreur inattendue est survenue. Réessayez dans un instant.');
  });

  return app;
}
