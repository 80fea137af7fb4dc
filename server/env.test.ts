import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EnvError, isLoopbackHost, isVapidPair, parseEnv, publicBaseUrl } from './env';

/** Production needs its signing key from the environment (below). */
const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(48) };

describe('parseEnv', () => {
  it('runs with no configuration at all', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.NODE_ENV).toBe('development');
    expect(env.PUBLIC_URL).toBeUndefined();
  });

  it('stops with a message naming the bad variable', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT doit être compris/);
    expect(() => parseEnv({ PUBLIC_URL: 'pas une url' })).toThrow(/PUBLIC_URL/);
    expect(() => parseEnv({ NODE_ENV: 'prod' })).toThrow(/NODE_ENV doit valoir/);
  });

  it('treats an empty PORT as unset rather than as port 0', () => {
    expect(parseEnv({ PORT: '' }).PORT).toBe(3000);
    expect(() => parseEnv({ HOST: ' ' })).toThrow(/HOST ne peut pas être vide/);
  });

  it('checks the secrets and mail settings it is given', () => {
    expect(() => parseEnv({ JWT_SECRET: 'court' })).toThrow(/JWT_SECRET/);
    expect(parseEnv({ JWT_SECRET: '' }).JWT_SECRET).toBeUndefined();
    expect(() => parseEnv({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(parseEnv({ SMTP_URL: 'smtps://u:p@mail.exemple.fr:465' }).SMTP_URL).toMatch(/^smtps/);
  });

  it('checks the Stripe keys, and refuses a production that could take payments it never confirms', () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => parseEnv({ STRIPE_PUBLISHABLE_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY doit commencer par pk_/,
    );
    expect(parseEnv({ STRIPE_PUBLISHABLE_KEY: ' ' }).STRIPE_PUBLISHABLE_KEY).toBeUndefined();
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' };
    expect(() => parseEnv({ ...stripe, ...production })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(
      parseEnv({ ...stripe, ...production, STRIPE_WEBHOOK_SECRET: 'whsec_abc' })
        .STRIPE_WEBHOOK_SECRET,
    ).toBe('whsec_abc');
    // In development the webhook may come later (stripe listen); the order then waits.
    expect(parseEnv(stripe).STRIPE_SECRET_KEY).toBe('sk_live_abc');
  });

  it('treats an empty optional URL as unset', () => {
    expect(parseEnv({ PUBLIC_URL: '' }).PUBLIC_URL).toBeUndefined();
  });
});

describe('development off loopback', () => {
  it('knows the addresses only this machine reaches', () => {
    for (const host of ['127.0.0.1', '127.8.9.10', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.1', 'chassimmo.fr', '128.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('refuses development and test modes on any other address, allows production', () => {
    expect(() => parseEnv({ HOST: '0.0.0.0' })).toThrow(/NODE_ENV=production/);
    expect(() => parseEnv({ HOST: '192.168.1.20', NODE_ENV: 'test' })).toThrow(EnvError);
    expect(parseEnv({ HOST: '0.0.0.0', ...production }).HOST).toBe('0.0.0.0');
  });

  it('builds e-mail links on PUBLIC_URL, the company site in production, or loopback', () => {
    const site = 'https://www.chassimmo.fr';
    expect(publicBaseUrl(parseEnv({ PUBLIC_URL: 'https://recette.chassimmo.fr/' }), site)).toBe(
      'https://recette.chassimmo.fr',
    );
    expect(publicBaseUrl(parseEnv(production), site)).toBe(site);
    expect(publicBaseUrl(parseEnv({ PORT: '4000' }), site)).toBe('http://127.0.0.1:4000');
    expect(publicBaseUrl(parseEnv({ HOST: '::1' }), site)).toBe('http://[::1]:3000');
  });
});

describe('several instances', () => {
  it('refuses production, or a shared database, without JWT_SECRET, and says why', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET: obligatoire \(en production/,
    );
    const url = 'postgres://app:secret@db:5432/chassimmo';
    expect(() => parseEnv({ DATABASE_URL: url })).toThrow(
      /JWT_SECRET: obligatoire \(avec DATABASE_URL/,
    );
    expect(parseEnv({ DATABASE_URL: url, JWT_SECRET: 'y'.repeat(40) }).DATABASE_URL).toBe(url);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://db/app' })).toThrow(
      /DATABASE_URL doit commencer/,
    );
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('takes an S3 store whole or not at all', () => {
    const s3 = { S3_BUCKET: 'documents', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    expect(parseEnv(s3).S3_BUCKET).toBe('documents');
    expect(() => parseEnv({ S3_BUCKET: 'documents' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: manquant/,
    );
    expect(() => parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
  });
});

describe('Web Push settings', () => {
  /** A fresh P-256 pair, base64url, as `npx web-push generate-vapid-keys` prints one. */
  const newPair = () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const scalar = ecdh.getPrivateKey();
    return {
      VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
      VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString(
        'base64url',
      ),
    };
  };

  it('takes a VAPID pair whole, and checks that its halves belong together', () => {
    const mine = newPair();
    expect(isVapidPair(mine.VAPID_PUBLIC_KEY, mine.VAPID_PRIVATE_KEY)).toBe(true);
    expect(parseEnv(mine).VAPID_PRIVATE_KEY).toBe(mine.VAPID_PRIVATE_KEY);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: mine.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PRIVATE_KEY: manquant/,
    );
    expect(() => parseEnv({ VAPID_PRIVATE_KEY: mine.VAPID_PRIVATE_KEY })).toThrow(
      /VAPID_PUBLIC_KEY: manquant/,
    );
    expect(() => parseEnv({ ...mine, VAPID_PUBLIC_KEY: newPair().VAPID_PUBLIC_KEY })).toThrow(
      /ne correspond pas à VAPID_PUBLIC_KEY/,
    );
    expect(
      parseEnv({ VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: ' ' }).VAPID_PUBLIC_KEY,
    ).toBeUndefined();
  });

  it('refuses a malformed key or subject', () => {
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/VAPID_PUBLIC_KEY doit être/);
    expect(() => parseEnv({ VAPID_PRIVATE_KEY: 'a'.repeat(44) })).toThrow(
      /VAPID_PRIVATE_KEY doit être/,
    );
    expect(() => parseEnv({ VAPID_SUBJECT: 'contact@chassimmo.fr' })).toThrow(/VAPID_SUBJECT/);
    expect(parseEnv({ VAPID_SUBJECT: 'mailto:contact@chassimmo.fr' }).VAPID_SUBJECT).toBe(
      'mailto:contact@chassimmo.fr',
    );
    expect(parseEnv({ VAPID_SUBJECT: 'https://www.chassimmo.fr' }).VAPID_SUBJECT).toBe(
      'https://www.chassimmo.fr',
    );
  });

  it('lets push go to a local test server in tests only', () => {
    const test = { NODE_ENV: 'test', PUSH_ALLOW_LOCAL_ENDPOINTS: '1' };
    expect(parseEnv(test).PUSH_ALLOW_LOCAL_ENDPOINTS).toBe(true);
    expect(parseEnv({}).PUSH_ALLOW_LOCAL_ENDPOINTS).toBe(false);
    expect(() => parseEnv({ PUSH_ALLOW_LOCAL_ENDPOINTS: '1' })).toThrow(/réservé aux tests/);
    expect(() => parseEnv({ ...production, PUSH_ALLOW_LOCAL_ENDPOINTS: '1' })).toThrow(
      /PUSH_ALLOW_LOCAL_ENDPOINTS/,
    );
  });
});
