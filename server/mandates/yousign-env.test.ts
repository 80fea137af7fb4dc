import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../env';

describe('the signature provider settings (server/env.ts)', () => {
  it('defaults to the internal provider and to Yousign’s sandbox', () => {
    const env = parseEnv({});
    expect(env.SIGNATURE_PROVIDER).toBe('internal');
    expect(env.YOUSIGN_BASE_URL).toBe('https://api-sandbox.yousign.app/v3');
    expect(env.YOUSIGN_API_KEY).toBeUndefined();
    expect(parseEnv({ YOUSIGN_BASE_URL: '' }).YOUSIGN_BASE_URL).toBe(
      'https://api-sandbox.yousign.app/v3',
    );
  });

  it('refuses to start with Yousign chosen and its key or webhook secret missing, naming them', () => {
    expect(() => parseEnv({ SIGNATURE_PROVIDER: 'docusign' })).toThrow(
      /SIGNATURE_PROVIDER doit valoir internal ou yousign/,
    );
    expect(() => parseEnv({ SIGNATURE_PROVIDER: 'yousign' })).toThrow(EnvError);
    expect(() => parseEnv({ SIGNATURE_PROVIDER: 'yousign' })).toThrow(
      /YOUSIGN_API_KEY, YOUSIGN_WEBHOOK_SECRET: obligatoire avec SIGNATURE_PROVIDER=yousign/,
    );
    expect(() =>
      parseEnv({
        SIGNATURE_PROVIDER: 'yousign',
        YOUSIGN_API_KEY: ' ',
        YOUSIGN_WEBHOOK_SECRET: 's',
      }),
    ).toThrow(/- YOUSIGN_API_KEY: obligatoire/);
    expect(() => parseEnv({ YOUSIGN_BASE_URL: 'sandbox' })).toThrow(/YOUSIGN_BASE_URL/);
    const env = parseEnv({
      SIGNATURE_PROVIDER: 'yousign',
      YOUSIGN_API_KEY: 'key',
      YOUSIGN_WEBHOOK_SECRET: 'secret',
      YOUSIGN_BASE_URL: 'https://api.yousign.app/v3',
    });
    expect(env).toMatchObject({
      SIGNATURE_PROVIDER: 'yousign',
      YOUSIGN_API_KEY: 'key',
      YOUSIGN_BASE_URL: 'https://api.yousign.app/v3',
    });
  });

  it('never names the key’s value in its refusals', () => {
    const refusal = (() => {
      try {
        parseEnv({ SIGNATURE_PROVIDER: 'yousign', YOUSIGN_API_KEY: 'very-secret-key' });
      } catch (err) {
        return String(err);
      }
      return '';
    })();
    expect(refusal).toMatch(/YOUSIGN_WEBHOOK_SECRET/);
    expect(refusal).not.toContain('very-secret-key');
  });
});
