import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

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

  it('treats an empty optional URL as unset', () => {
    expect(parseEnv({ PUBLIC_URL: '' }).PUBLIC_URL).toBeUndefined();
  });
});
