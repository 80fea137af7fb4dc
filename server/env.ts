import { z } from 'zod';

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

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) {
    refuseExposedDevelopment(result.data);
    refuseUnfulfillableStripe(result.data);
    return result.data;
  }
  const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
  throw new EnvError(`Configuration invalide :\n${lines.join('\n')}`);
}
