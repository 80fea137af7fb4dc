import path from 'node:path';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import type Stripe from 'stripe';
import type { Db } from './db/database';
import { company } from '../src/domain/company';
import { publicBaseUrl, type Env } from './env';
import { TokenService } from './auth/tokens';
import { AccountTokens, UsersRepo } from './resources/users/users.repo';
import type { GeoIndex } from './geo/geo-data';
import { Throttle } from './http/throttle';
import type { MailQueue } from './mail/mail-queue';
import { authRoutes } from './resources/auth/auth.routes';
import { biensRoutes } from './resources/leads/biens.routes';
import { devRoutes } from './resources/dev/dev.routes';
import { registerRoutes } from './resources/register/register.routes';
import { userRoutes } from './resources/users/account.routes';
import { methodNotAllowed } from './http/allowed-methods';
import { apiError, setFrenchZodMessages } from './http/errors';
import { securityHeaders } from './http/security';
import { adminMailsRoutes } from './resources/mails/mails.routes';
import { adminUsersRoutes } from './resources/users/admin-users.routes';
import { clientAreaRoutes } from './resources/client/client.routes';
import { clientDocumentsRoutes } from './resources/documents/documents.routes';
import { visitsRoutes } from './resources/visits/visits.routes';
import { routingRoutes } from './resources/routing/routing.routes';
import { tasksRoutes } from './resources/tasks/tasks.routes';
import { matchesRoutes } from './resources/matches/matches.routes';
import { retentionRoutes } from './resources/retention/retention.routes';
import { mandatesRoutes } from './resources/mandates/mandates.routes';
import { yousignRoutes } from './resources/mandates/yousign.routes';
import { createYousignClient } from './mandates/yousign';
import { registerRoutes as mandateRegisterRoutes } from './resources/mandates/register.routes';
import { mandateFiles } from './resources/mandates/mandate-files';
import type { MandateFiles } from './resources/mandates/mandates.repo';
import { todayRoutes } from './resources/buyers/today.routes';
import { messagesRoutes } from './resources/messages/messages.routes';
import { pushRoutes } from './resources/push/push.routes';
import { pushSettingsFrom, type PushSettings } from './push/push';
import { LocalDocumentStore, type DocumentStore } from './resources/documents/document-store';
import { isDocumentUploadPath } from '../src/domain/api/documents';
import { isVisitPhotoUploadPath } from '../src/domain/api/visits';
import { openApiDocument } from '../src/domain/api/openapi';
import { healthRoutes } from './http/health';
import { logOf, requestContext, requestLogger } from './http/request-context';
import { createLogger, type Logger } from './log';
import { staffBuyersRoutes } from './resources/buyers/staff-buyers.routes';
import { staffFiguresRoutes } from './resources/figures/figures.routes';
import { staffLeadsRoutes } from './resources/leads/staff-leads.routes';
import { staticSite } from './http/static';
import { checkoutRoutes } from './resources/shop/checkout.routes';
import { contactRoutes } from './resources/contact/contact.routes';
import { geoRoutes } from './resources/geo/geo.routes';
import { shopRoutes } from './resources/shop/shop.routes';
import { staffOrdersRoutes } from './resources/shop/staff-orders.routes';
import { stripeClient } from './resources/shop/payment';
import { basketRoutes } from './resources/basket/basket.routes';
import { formCopiesRoutes } from './resources/form-copies/form-copies.routes';

export interface AppDeps {
  env: Env;
  db: Db;
  geo: GeoIndex;
  /** Key that signs session tokens (server/auth/secret.ts). */
  jwtSecret: Uint8Array;
  /** The e-mails to send (delivered by the MailWorker that main.ts starts). */
  mails: MailQueue;
  /** Clock of the attempt limits (tests move it). */
  now?: () => number;
  /** Built PWA to serve; omitted in dev (Vite serves it) and in API tests. */
  staticDir?: string;
  version?: string;
  /** Stripe client (tests give one with a fake HTTP layer); default: from STRIPE_SECRET_KEY. */
  stripe?: Stripe;
  /** Where the clients' documents are kept; default: DATA_DIR/documents on this machine. */
  documents?: DocumentStore;
  /** The process's logger (server/log.ts); default: JSON lines on stdout at LOG_LEVEL. */
  log?: Logger;
  /** Web Push keys and switches; default: from the settings, or a pair kept in DATA_DIR. */
  push?: PushSettings;
  /** The mandate's PDFs and their seal; default: MANDATE_P12_* or the test certificate in DATA_DIR. */
  mandateFiles?: MandateFiles;
}

/** PUT /api/client/documents/:kind: a raw file body, not JSON (server/resources/documents). */
/** A file's raw bytes: a client's document, a visit report's photo (10 MB at most, not JSON). */
const isDocumentUpload = (c: Context) =>
  c.req.method === 'PUT' &&
  (isDocumentUploadPath(c.req.path) || isVisitPhotoUploadPath(c.req.path));

/** Largest request body the API reads; forms are a few kilobytes. */
export const MAX_BODY_BYTES = 100 * 1024;

export function createApp({
  env,
  db,
  geo,
  jwtSecret,
  mails,
  now = Date.now,
  staticDir,
  version = 'dev',
  documents = new LocalDocumentStore(path.resolve(env.DATA_DIR, 'documents')),
  stripe = stripeClient(env.STRIPE_SECRET_KEY),
  log = createLogger(env),
  push = pushSettingsFrom(env, log),
  mandateFiles: files = mandateFiles({
    dataDir: path.resolve(env.DATA_DIR),
    p12Path: env.MANDATE_P12_PATH,
    p12Password: env.MANDATE_P12_PASSWORD,
    production: env.NODE_ENV === 'production',
  }),
}: AppDeps): Hono {
  setFrenchZodMessages();
  const app = new Hono();

  // Every request: its id (X-Request-Id); one log line each with LOG_REQUESTS=1.
  app.use(requestContext({ log, trustProxy: env.TRUST_PROXY, logRequests: env.LOG_REQUESTS }));
  // The built site next: its answers are ready-made at start, security headers included
  // (taken once from the middleware below), so they skip the per-request middleware. A hashed
  // asset of another build is looked up in ASSETS_ARCHIVE_DIR (docs/deploy.md).
  if (staticDir)
    app.use(
      staticSite(staticDir, {
        headersFrom: securityHeaders(env),
        archiveDir: env.ASSETS_ARCHIVE_DIR,
      }),
    );
  // The request's logger, c.get('log'): its lines carry the request's id.
  app.use(requestLogger(log));
  app.use(securityHeaders(env));
  app.use(compress());

  const apiBodyLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => apiError(c, 413, 'La requête est trop volumineuse (100 Ko au plus).'),
  });
  // A document or a visit photo is the file's raw bytes, up to 10 MB, counted by its own route
  // (server/resources/documents, server/resources/visits); every other body is JSON of 100 KB
  // at most.
  app.use('/api/*', (c, next) => (isDocumentUpload(c) ? next() : apiBodyLimit(c, next)));
  app.use('/api/*', async (c, next) => {
    // JSON only: a browser cannot send it from another site without a CORS preflight, which
    // this API never grants, so no other site can post in its visitors' name.
    const type = c.req.header('Content-Type');
    if (
      ['POST', 'PUT', 'PATCH'].includes(c.req.method) &&
      type &&
      !type.toLowerCase().startsWith('application/json') &&
      !isDocumentUpload(c)
    ) {
      return apiError(
        c,
        415,
        'Les données doivent être envoyées au format JSON (Content-Type: application/json).',
      );
    }
    await next();
    // A download's own 'private, no-store' is kept, as is a private answer's own lifetime (a
    // visit photo: only that person's browser may keep it).
    if (!/no-store|private/.test(c.res.headers.get('Cache-Control') ?? ''))
      c.header('Cache-Control', 'no-store');
  });

  app.route('/api/health', healthRoutes({ db, log, version }));
  // The API's description for integrators (src/domain/api/openapi.ts), built once.
  let openApi: object | undefined;
  app.get('/api/openapi.json', (c) => c.json((openApi ??= openApiDocument(version))));
  const throttle = new Throttle(db, now);
  const limits = {
    throttle,
    perHour: env.PUBLIC_FORM_HOURLY_LIMIT,
    trustProxy: env.TRUST_PROXY,
  };
  const publicUrl = publicBaseUrl(env, company.siteUrl);
  app.route('/api/contact', contactRoutes({ db, mails, limits }));
  app.route('/api/public/biens', biensRoutes({ db, geo, mails, limits }));
  const users = new UsersRepo(db);
  const tokens = new TokenService(db, jwtSecret);
  const accountTokens = new AccountTokens(db);
  app.route(
    '/api',
    authRoutes({ db, users, accountTokens, tokens, mails, throttle, limits, publicUrl }),
  );
  app.route('/api', userRoutes({ db, users, tokens, mails, throttle }));
  app.route('/api', registerRoutes({ db, users, accountTokens, mails, limits, publicUrl }));
  // « Continuer sur un autre appareil » (issue 33, docs/form-copies.md): public, by token.
  app.route('/api', formCopiesRoutes({ db, mails, limits, publicUrl, now }));
  // The staff area (issue 15, docs/staff-area.md).
  const staff = { db, users, accountTokens, tokens, mails, publicUrl, now, push };
  app.route('/api', staffBuyersRoutes(staff));
  app.route('/api', staffLeadsRoutes(staff));
  app.route('/api', adminUsersRoutes(staff));
  app.route('/api', staffFiguresRoutes(staff));
  app.route('/api', adminMailsRoutes({ ...staff, throttle }));
  app.route('/api', clientAreaRoutes({ ...staff, throttle, documents }));
  app.route('/api', clientDocumentsRoutes({ ...staff, documents }));
  app.route('/api', visitsRoutes({ ...staff, documents, geo }));
  app.route('/api', messagesRoutes(staff));
  app.route('/api', pushRoutes({ ...staff, throttle }));
  app.route('/api', todayRoutes(staff));
  app.route('/api', tasksRoutes(staff));
  app.route('/api', routingRoutes(staff));
  app.route('/api', matchesRoutes(staff));
  // Retention (issue 31, docs/retention.md): the admin's dry run, log and « Lancer maintenant ».
  app.route('/api', retentionRoutes({ ...staff, documents }));
  // The mandat de recherche and the registre des mandats (issue 30, docs/mandates.md).
  // With SIGNATURE_PROVIDER=yousign, « J’accepte » sends the mandate to Yousign (this route comes
  // before mandatesRoutes' own code route) and Yousign's signed webhook completes it.
  if (env.SIGNATURE_PROVIDER === 'yousign' && env.YOUSIGN_API_KEY && env.YOUSIGN_WEBHOOK_SECRET)
    app.route(
      '/api',
      yousignRoutes({
        ...staff,
        throttle,
        documents,
        files,
        trustProxy: env.TRUST_PROXY,
        yousign: createYousignClient({
          baseUrl: env.YOUSIGN_BASE_URL,
          apiKey: env.YOUSIGN_API_KEY,
        }),
        webhookSecret: env.YOUSIGN_WEBHOOK_SECRET,
        log,
      }),
    );
  app.route(
    '/api',
    mandatesRoutes({ ...staff, throttle, documents, files, trustProxy: env.TRUST_PROXY, log }),
  );
  app.route('/api', mandateRegisterRoutes(staff));
  // Without a Stripe key, the local test checkout pays orders; never in production, where it
  // would give the packs away (docs/shop.md).
  const testCheckout = !stripe && env.NODE_ENV !== 'production';
  app.route(
    '/api',
    shopRoutes({
      db,
      mails,
      limits,
      tokens,
      users,
      publicUrl,
      stripe,
      testCheckout,
      allowLoopbackReturn: env.NODE_ENV !== 'production',
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    }),
  );
  // The homestylz orders for the team and the invoice PDF (issue 32, docs/shop.md).
  app.route('/api', staffOrdersRoutes(staff));
  // A signed-in person's basket, the same on each of their devices (issue 32, docs/shop.md).
  app.route('/api', basketRoutes({ ...staff, throttle }));
  const notAllowed = methodNotAllowed(app);
  app.all('/api/*', (c) => notAllowed(c) ?? apiError(c, 404, 'Cette adresse d’API n’existe pas.'));

  app.route('/geo', geoRoutes(geo));
  if (testCheckout) app.route('/checkout', checkoutRoutes({ db, mails, publicUrl }));
  // Development conveniences: never in production, and env.ts refuses a development server
  // on any address but loopback.
  if (env.NODE_ENV !== 'production') app.route('/dev', devRoutes(mails));

  app.notFound((c) => apiError(c, 404, 'Page introuvable.'));
  app.onError((err, c) => {
    if (err instanceof HTTPException)
      return apiError(c, err.status, err.message || 'Requête invalide.');
    logOf(c, log).error({ err }, 'Erreur inattendue');
    return apiError(c, 500, 'Une erreur inattendue est survenue. Réessayez dans un instant.');
  });

  return app;
}
