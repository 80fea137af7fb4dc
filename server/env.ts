import { createECDH } from 'node:crypto';
import { z } from 'zod';

export const VAPID_PUBLIC_KEY_PATTERN = /^B[A-Za-z0-9_-]{86}$/;
export const VAPID_PRIVATE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** True when `privateKey` is the private half of `publicKey` (P-256, both base64url). */
export function isVapidPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url') === publicKey;
  } catch {
    return false;
  }
}

const optionalUrl = (what: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ error: `${what} doit être une adresse complète (https://…).` }).optional())
    .optional();

/** A setting that may be absent or empty (unset), and otherwise must match `pattern`. */
const optionalMatching = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().regex(pattern, message).optional())
    .optional();

/**
 * A whole number from `min` to `max`, `fallback` when unset or empty; out of range, the message
 * gives both bounds (`between`) or the one crossed.
 */
const integerSetting = (
  name: string,
  [min, max]: [number, number],
  fallback: number,
  between = false,
) => {
  const tooSmall = between
    ? `${name} doit être compris entre ${min} et ${max}.`
    : `${name} doit valoir au moins ${min}.`;
  return z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: `${name} doit être un nombre.` })
      .int(`${name} doit être un entier.`)
      .min(min, tooSmall)
      .max(max, between ? tooSmall : `${name} doit valoir au plus ${max}.`)
      .default(fallback),
  );
};

/**
 * Every environment variable the server reads, parsed once at start.
 * A bad value stops the start with a message naming the variable (STYLE.md habit 8).
 */
export const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'test', 'production'], {
      error: 'NODE_ENV doit valoir development, test ou production.',
    })
    .default('development'),
  PORT: integerSetting('PORT', [0, 65535], 3000, true),
  HOST: z
    .string()
    .trim()
    .min(1, 'HOST ne peut pas être vide (par exemple 127.0.0.1 ou 0.0.0.0).')
    .default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1, 'DATA_DIR ne peut pas être vide.').default('./data'),
  PUBLIC_URL: optionalUrl('PUBLIC_URL'),
  STATIC_DIR: z.string().trim().min(1).optional(),
  VITE_GEO_URL: optionalUrl('VITE_GEO_URL'),
  VITE_ANALYTICS_SRC: optionalUrl('VITE_ANALYTICS_SRC'),
  VITE_CRISP_WEBSITE_ID: z.string().trim().optional(),
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'], { error: 'TRUST_PROXY doit valoir 0 ou 1.' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  JWT_SECRET: z
    .string()
    .trim()
    .min(
      32,
      'JWT_SECRET doit contenir au moins 32 caractères (laissez-le vide pour en générer un).',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: optionalMatching(/^smtps?:\/\//, 'SMTP_URL doit commencer par smtp:// ou smtps://.'),
  MAIL_FROM: z.string().trim().min(3).default('Chassimmo <contact@chassimmo.fr>'),
  PUBLIC_FORM_HOURLY_LIMIT: integerSetting('PUBLIC_FORM_HOURLY_LIMIT', [1, 100_000], 5),
  /** Stripe secret key (sk_test_… or sk_live_…); without it, the shop's local test checkout. */
  STRIPE_SECRET_KEY: optionalMatching(
    /^(sk|rk)_(test|live)_\w+$/,
    'STRIPE_SECRET_KEY doit commencer par sk_test_ ou sk_live_.',
  ),
  /** Signing secret of the Stripe webhook endpoint (whsec_…), checked on every event. */
  STRIPE_WEBHOOK_SECRET: optionalMatching(
    /^whsec_\w+$/,
    'STRIPE_WEBHOOK_SECRET doit commencer par whsec_.',
  ),
  /** Stripe publishable key (pk_…), given to the browser, which loads Stripe.js with it (spec 7). */
  STRIPE_PUBLISHABLE_KEY: optionalMatching(
    /^pk_(test|live)_\w+$/,
    'STRIPE_PUBLISHABLE_KEY doit commencer par pk_test_ ou pk_live_.',
  ),
  /**
   * Who collects the client's signature on the mandat de recherche (docs/mandates.md):
   * « internal » (a code e-mailed by us, the agency's certificate) or « yousign » (Yousign's
   * API v3, with YOUSIGN_API_KEY and YOUSIGN_WEBHOOK_SECRET).
   */
  SIGNATURE_PROVIDER: z
    .enum(['internal', 'yousign'], { error: 'SIGNATURE_PROVIDER doit valoir internal ou yousign.' })
    .default('internal'),
  YOUSIGN_API_KEY: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  /**
   * The agency's certificate that seals every signed mandate (PAdES): a PKCS#12 file and its
   * password. Absent outside production: a self-signed one generated once in DATA_DIR, marked
   * « TEST – non probant »; absent in production, signing a mandate fails with a clear error.
   */
  MANDATE_P12_PATH: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  MANDATE_P12_PASSWORD: z.string().optional(),
  /** Default: Yousign's sandbox (signatures without legal value); production: https://api.yousign.app/v3. */
  YOUSIGN_BASE_URL: optionalUrl('YOUSIGN_BASE_URL').transform(
    (v) => v ?? 'https://api-sandbox.yousign.app/v3',
  ),
  /** Secret of the Yousign webhook subscription: every signature_request.done is checked with it. */
  YOUSIGN_WEBHOOK_SECRET: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  /**
   * PostgreSQL (postgres://user:password@host:5432/base) for several instances or an agency
   * network; absent, the embedded SQLite file in DATA_DIR (docs/deploy.md).
   */
  DATABASE_URL: optionalMatching(
    /^postgres(ql)?:\/\/\S+$/,
    'DATABASE_URL doit commencer par postgres:// (ou rester vide : base SQLite dans DATA_DIR).',
  ),
  /** Connections each instance keeps open to PostgreSQL. */
  DATABASE_POOL_SIZE: integerSetting('DATABASE_POOL_SIZE', [2, 200], 10),
  /**
   * An S3-compatible store for clients' documents (shared by every instance); absent, the local
   * folder DATA_DIR/documents (one machine, or a directory every instance mounts).
   */
  S3_ENDPOINT: optionalUrl('S3_ENDPOINT'),
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  /** 1 for MinIO and most self-hosted stores (bucket in the path, not in the host name). */
  S3_FORCE_PATH_STYLE: z
    .enum(['0', '1', 'true', 'false'], { error: 'S3_FORCE_PATH_STYLE doit valoir 0 ou 1.' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  /**
   * A folder every instance shares (or one that survives deploys) where each build's hashed
   * assets are kept, so a page or worker of the previous version never meets a 404 mid-deploy.
   */
  ASSETS_ARCHIVE_DIR: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  /** Names this process in logs and in the files it leaves (default: host name and pid). */
  INSTANCE_ID: optionalMatching(
    /^[\w.-]{1,64}$/,
    'INSTANCE_ID : lettres, chiffres, . _ - (64 au plus).',
  ),
  /**
   * Web Push (docs/push.md): the VAPID key pair, base64url, as `npx web-push generate-vapid-keys`
   * prints it; absent, a pair generated once and kept in DATA_DIR/vapid-keys.json. Several
   * instances must share one pair.
   */
  VAPID_PUBLIC_KEY: optionalMatching(
    VAPID_PUBLIC_KEY_PATTERN,
    'VAPID_PUBLIC_KEY doit être une clé publique P-256 en base64url (87 caractères commençant par B).',
  ),
  VAPID_PRIVATE_KEY: optionalMatching(
    VAPID_PRIVATE_KEY_PATTERN,
    'VAPID_PRIVATE_KEY doit être une clé privée P-256 en base64url (43 caractères).',
  ),
  /** Whom the push services may contact about our messages; default mailto: the company. */
  VAPID_SUBJECT: optionalMatching(
    /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
    'VAPID_SUBJECT doit être une adresse mailto:… ou https://….',
  ),
  /**
   * Tests only: lets a push subscription point to an http address of this machine (a local
   * server standing in for the push service). Refused outside NODE_ENV=test.
   */
  PUSH_ALLOW_LOCAL_ENDPOINTS: z
    .enum(['0', '1', 'true', 'false'], { error: 'PUSH_ALLOW_LOCAL_ENDPOINTS doit valoir 0 ou 1.' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL doit valoir fatal, error, warn, info, debug, trace ou silent.',
    })
    .default('info'),
  LOG_REQUESTS: z
    .enum(['0', '1', 'true', 'false'], { error: 'LOG_REQUESTS doit valoir 0 ou 1.' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

export type Env = z.output<typeof envSchema>;

/** 127.0.0.0/8, ::1 and localhost: addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * Development conveniences (demo accounts with a published password, /dev/outbox with every
 * reset link) exist only outside production, and then only on a loopback address: a server
 * reachable from elsewhere must run in production.
 */
function refuseExposedDevelopment(env: Env): void {
  if (env.NODE_ENV === 'production' || isLoopbackHost(env.HOST)) return;
  throw new EnvError(
    `Configuration refusée\u00a0:\n  - HOST: ${env.HOST} rend le serveur joignable depuis d’autres machines, ce qui n’est permis qu’avec NODE_ENV=production (en ${env.NODE_ENV}, les comptes de démonstration et la boîte d’envoi /dev/outbox seraient ouverts à tous). Gardez HOST=127.0.0.1, ou lancez avec NODE_ENV=production (voir README, «\u00a0Essayer sur un téléphone\u00a0»).`,
  );
}

/**
 * Base of every link the server writes (e-mails): PUBLIC_URL, or the company's site in
 * production, or the server's own loopback address in development. Never the request's Host
 * header, which anyone can forge to have a reset link point to their own site.
 */
export function publicBaseUrl(env: Env, productionSite: string): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/$/, '');
  if (env.NODE_ENV === 'production') return productionSite.replace(/\/$/, '');
  const host = env.HOST.includes(':') ? `[${env.HOST.replace(/^\[|\]$/g, '')}]` : env.HOST;
  return `http://${host}:${env.PORT}`;
}

/**
 * Stripe in production: with a secret key but no webhook secret, buyers would pay and their
 * orders would never be marked paid nor confirmed (the webhook is the only way back).
 */
function refuseUnfulfillableStripe(env: Env): void {
  if (env.NODE_ENV !== 'production' || !env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET) return;
  throw new EnvError(
    'Configuration refusée\u00a0:\n  - STRIPE_WEBHOOK_SECRET: obligatoire en production avec STRIPE_SECRET_KEY (sans lui, les commandes payées ne seraient jamais confirmées). Créez le point de terminaison /api/stripe/webhook dans le tableau de bord Stripe et copiez son secret de signature (whsec_…).',
  );
}

/**
 * Tokens must verify on every instance and survive a redeploy: in production, or as soon as a
 * shared database says there may be several instances, the key comes from JWT_SECRET, never
 * from a file generated in one instance's DATA_DIR.
 */
function refuseLocalJwtSecret(env: Env): void {
  if (env.JWT_SECRET || (env.NODE_ENV !== 'production' && !env.DATABASE_URL)) return;
  const why = env.DATABASE_URL
    ? 'avec DATABASE_URL, plusieurs instances doivent signer et vérifier les sessions avec la même clé'
    : 'en production, la clé des sessions ne peut pas dépendre d’un fichier créé dans DATA_DIR';
  throw new EnvError(
    `Configuration refusée\u00a0:\n  - JWT_SECRET: obligatoire (${why}). Générez-en une avec \`openssl rand -base64 48\` et donnez la même à chaque instance (docs/deploy.md).`,
  );
}

/**
 * Yousign chosen for the mandates' signatures: without its key nothing could be sent, without
 * the webhook's secret no signature would ever come back (docs/mandates.md).
 */
function refuseIncompleteYousign(env: Env): void {
  if (env.SIGNATURE_PROVIDER !== 'yousign') return;
  const missing = (['YOUSIGN_API_KEY', 'YOUSIGN_WEBHOOK_SECRET'] as const).filter((k) => !env[k]);
  if (missing.length === 0) return;
  throw new EnvError(
    `Configuration refusée\u00a0:\n  - ${missing.join(', ')}: obligatoire avec SIGNATURE_PROVIDER=yousign (la clé d’API envoie les mandats à Yousign, le secret du webhook vérifie les signatures qui reviennent\u00a0; sans Yousign, laissez SIGNATURE_PROVIDER=internal).`,
  );
}

/** An S3 store is all or nothing: a bucket without its keys would fail at the first upload. */
function refuseIncompleteS3(env: Env): void {
  const s3 = {
    S3_BUCKET: env.S3_BUCKET,
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY,
  };
  const given = Object.values(s3).some(Boolean) || Boolean(env.S3_ENDPOINT);
  const missing = Object.entries(s3)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (!given || missing.length === 0) return;
  throw new EnvError(
    `Configuration refusée\u00a0:\n  - ${missing.join(', ')}: manquant pour le stockage S3 des documents (S3_BUCKET, S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble ; sans eux, les documents restent dans DATA_DIR/documents).`,
  );
}

/** VAPID keys come as a pair, and must be one; the local test endpoints, in tests only. */
function refuseBadPush(env: Env): void {
  const problems: string[] = [];
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (Boolean(publicKey) !== Boolean(privateKey))
    problems.push(
      `${publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: manquant (VAPID_PUBLIC_KEY et VAPID_PRIVATE_KEY vont ensemble\u00a0; sans eux, une paire est générée dans DATA_DIR).`,
    );
  else if (publicKey && privateKey && !isVapidPair(publicKey, privateKey))
    problems.push(
      'VAPID_PRIVATE_KEY: ne correspond pas à VAPID_PUBLIC_KEY (copiez les deux clés d’une même paire).',
    );
  if (env.PUSH_ALLOW_LOCAL_ENDPOINTS && env.NODE_ENV !== 'test')
    problems.push(
      'PUSH_ALLOW_LOCAL_ENDPOINTS: réservé aux tests (NODE_ENV=test)\u00a0; ailleurs, les notifications ne partent que vers les services de notification connus.',
    );
  if (problems.length)
    throw new EnvError(`Configuration refusée\u00a0:\n  - ${problems.join('\n  - ')}`);
}

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) {
    refuseExposedDevelopment(result.data);
    refuseUnfulfillableStripe(result.data);
    refuseLocalJwtSecret(result.data);
    refuseIncompleteS3(result.data);
    refuseIncompleteYousign(result.data);
    refuseBadPush(result.data);
    return result.data;
  }
  const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
  throw new EnvError(`Configuration invalide :\n${lines.join('\n')}`);
}
