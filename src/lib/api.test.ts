// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, isOwnOrigin } from './api';
import { TOKEN_KEY } from './session';

describe('isOwnOrigin', () => {
  const origin = 'https://www.chassimmo.fr';
  it.each([
    ['/api/user', true],
    ['https://www.chassimmo.fr/api/user', true],
    ['//evil.example/api', false],
    ['https://geo.api.gouv.fr/regions/11/departements', false],
  ])('%s → %s', (url, expected) => {
    expect(isOwnOrigin(url, origin)).toBe(expected);
  });
});

describe('bearer header (spec 6)', () => {
  let seen: Headers[];
  beforeEach(() => {
    seen = [];
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
        seen.push(new Headers(init?.headers));
        return Promise.resolve(Response.json({ ok: true }));
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is absent without a token', async () => {
    await api('/api/user');
    expect(seen[0]!.has('Authorization')).toBe(false);
  });

  it('carries the stored token on every request to our server', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc.def.ghi');
    await api('/api/user');
    await api('/api/contact', { method: 'POST', body: { a: 1 } });
    expect(seen.map((h) => h.get('Authorization'))).toEqual([
      'Bearer abc.def.ghi',
      'Bearer abc.def.ghi',
    ]);
  });

  it('never goes to another origin, and yields to an explicit header', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc.def.ghi');
    await api('https://geo.api.gouv.fr/regions/11/departements');
    await api('/api/auth/logout', { headers: { Authorization: 'Bearer ancien' } });
    expect(seen[0]!.has('Authorization')).toBe(false);
    expect(seen[1]!.get('Authorization')).toBe('Bearer ancien');
  });
});
