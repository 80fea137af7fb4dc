import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv as parseDotEnv } from 'node:util';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadJwtSecret } from './auth/secret';
import { UsersRepo } from './resources/users/users.repo';
import { seedDemoAccounts } from './db/seed';
import { seedDemoWork } from './db/seed-demo-work';
import { openDocumentStore } from './resources/documents/open-document-store';
import { MailQueue } from './mail/mail-queue';
import { LocalTransport, MailWorker, SmtpTransport } from './mail/mail-worker';
import { databaseLabel, migrateToLatest, openDatabase, withStartupLock } from './db/database';
import { EnvError, parseEnv, publicBaseUrl } from './env';
import { JobWorker } from './jobs/job-worker';
import { reminderHandlers } from './resources/routing/reminders';
import { matchNoticeHandlers } from './resources/matches/match-notices';
import { retentionHandlers, scheduleNextRetention } from './resources/retention/retention.repo';
import { orderExpiryHandlers } from './resources/shop/fulfilment';
import { stripeClient } from './resources/shop/payment';
import { company } from '../src/domain/company';
import { archiveBuildAssets } from './http/assets-archive';
import { createLogger, instanceId, type Logger } from './log';
import { loadGeoIndex } from './geo/geo-data';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Reads ./.env like Vite does for the client, so the server (its CSP above all) and the build
 * agree on the VITE_* settings. Variables already set in the environment win.
 */
function loadDotEnv(file = '.env'): void {
  if (!existsSync(file)) return;
  for (const [key, value] of Object.entries(parseDotEnv(readFileSync(file, 'utf8')))) {
    process.env[key] ??= value;
  }
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** ASSETS_ARCHIVE_DIR must take this build's assets: a deploy relies on it. */
function archiveAssets(staticDir: string, archiveDir: string, instance: string) {
  try {
    return archiveBuildAssets(staticDir, archiveDir, { instance });
  } catch (err) {
    throw new Error(
      `ASSETS_ARCHIVE_DIR (${archiveDir})\u00a0: impossible d’y copier les fichiers du build (${messageOf(err)}).`,
      { cause: err },
    );
  }
}

/** Set once the settings are read: a failure to start is then a log line too. */
let startLog: Logger | undefined;

async function main(): Promise<void> {
  loadDotEnv();
  const env = parseEnv(process.env);
  const log = (startLog = createLogger(env));
  const instance = instanceId(env);
  const dataDir = path.resolve(env.DATA_DIR);
  // PostgreSQL when DATABASE_URL is set (several instances), else the SQLite file in DATA_DIR.
  const db = openDatabase(env.DATABASE_URL ?? dataDir, { poolSize: env.DATABASE_POOL_SIZE });
  // Instances starting together: one migrates and seeds, the others wait, then find it done.
  await withStartupLock(db, async () => {
    await migrateToLatest(db);
    if (env.NODE_ENV !== 'production' && (await seedDemoAccounts(new UsersRepo(db)))) {
      await seedDemoWork(db);
      log.info(
        'Comptes de démonstration créés, avec des acquéreurs et des propriétaires à suivre (voir README, mot de passe Demo1234).',
      );
    }
  });
  // The S3 bucket or DATA_DIR/documents; its start-up chore: the parts of uploads this instance
  // left when it stopped (never another running instance's).
  const documents = openDocumentStore(env, dataDir, instance);
  await documents.removeStaleParts();
  const mails = new MailQueue(db);
  // Production without SMTP_URL keeps its mails in the queue until one is configured; the
  // other modes without it deliver nowhere and show them at /dev/outbox.
  const transport = env.SMTP_URL
    ? new SmtpTransport(env.SMTP_URL, env.MAIL_FROM)
    : env.NODE_ENV === 'production'
      ? undefined
      : new LocalTransport();
  const worker = transport
    ? new MailWorker(db, mails, transport, {
        forgetDeliveredBodies: env.NODE_ENV === 'production',
        log,
      })
    : undefined;
  if (!transport) {
    log.warn(
      'Aucun SMTP_URL\u00a0: les e-mails attendent dans la file (table mail_queue) et partiront au démarrage suivant, une fois SMTP_URL configuré.',
    );
  }
  // One Stripe client for the API and the jobs (STRIPE_SECRET_KEY; none: the test checkout).
  const stripe = stripeClient(env.STRIPE_SECRET_KEY);
  // Issue 31: the jobs the server runs later by itself (reminders), claimed like the mails.
  const jobs = new JobWorker(
    db,
    {
      ...reminderHandlers({ mails, publicUrl: publicBaseUrl(env, company.siteUrl) }),
      // A new buyer's rapprochement: the owner leads that fit, told to their hunter once.
      ...matchNoticeHandlers({ mails, publicUrl: publicBaseUrl(env, company.siteUrl) }),
      // The nightly retention pass (docs/retention.md).
      ...retentionHandlers({ documents }),
      // Issue 32: an unpaid homestylz order expires 24 h after its checkout (docs/shop.md).
      ...orderExpiryHandlers({ stripe, log }),
    },
    { log },
  );
  const geo = loadGeoIndex();

  // Built layout: dist/server/main.js beside dist/client. In dev (tsx) Vite serves the client.
  const staticDir = env.STATIC_DIR ?? path.resolve(here, '../client');
  // Before serving: an instance of the previous version may be asked for these already.
  if (env.ASSETS_ARCHIVE_DIR && existsSync(path.join(staticDir, 'assets'))) {
    const archiveDir = path.resolve(env.ASSETS_ARCHIVE_DIR);
    const report = archiveAssets(staticDir, archiveDir, instance);
    log.info({ archiveDir, ...report }, 'Fichiers du build archivés pour les autres versions');
  }
  const app = createApp({
    env,
    db,
    geo,
    jwtSecret: loadJwtSecret(env.JWT_SECRET, dataDir),
    mails,
    documents,
    stripe,
    staticDir: existsSync(staticDir) ? staticDir : undefined,
    version: process.env.npm_package_version ?? 'dev',
    log,
  });

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const host = env.HOST === '0.0.0.0' ? 'localhost' : env.HOST;
    log.info(
      { port: info.port },
      `Serveur prêt sur http://${host}:${info.port} (données : ${env.DATABASE_URL ? databaseLabel(env.DATABASE_URL) : path.resolve(env.DATA_DIR)})`,
    );
  });

  worker?.start();
  // The next 03:00 Paris pass, keyed by its day: several instances plan it once.
  await scheduleNextRetention(db, Date.now());
  jobs.start();

  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE') {
      log.fatal(
        `Le port ${env.PORT} est déjà utilisé : arrêtez l’autre serveur ou choisissez un autre PORT.`,
      );
    } else {
      log.fatal({ err }, `Le serveur n’a pas pu démarrer : ${err.message}`);
    }
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} reçu : arrêt propre…`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(() => {
      // The mail in hand is finished and marked before the database closes: nothing is sent
      // twice after a restart.
      void Promise.all([worker?.stop(), jobs.stop()])
        .then(() => {
          if (transport instanceof SmtpTransport) transport.close();
          return db.destroy();
        })
        .finally(() => process.exit(0));
    });
    // Idle keep-alive sockets would hold close() open.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  // A refused setting is said in plain words (there is no logger before the settings are read).
  if (err instanceof EnvError) console.error(err.message);
  else if (startLog) startLog.fatal({ err }, `Démarrage impossible : ${messageOf(err)}`);
  else console.error('Démarrage impossible :', err);
  process.exit(1);
});
