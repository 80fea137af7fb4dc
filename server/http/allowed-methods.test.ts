import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../test-app';
import { allowedMethods } from './allowed-methods';

describe('allowedMethods', () => {
  const routes = [
    { method: 'GET', path: '/api/user' },
    { method: 'POST', path: '/api/:role/changepassword' },
    { method: 'PUT', path: '/api/:role/update/' },
    { method: 'ALL', path: '/api/*' },
  ];

  it('lists the methods of the routes matching a path, GET bringing HEAD', () => {
    expect(allowedMethods(routes, '/api/user')).toEqual(['GET', 'HEAD']);
    expect(allowedMethods(routes, '/api/client/changepassword')).toEqual(['POST']);
    expect(allowedMethods(routes, '/api/client/update/')).toEqual(['PUT']);
  });

  it('ignores catch-alls and middleware, and paths no route has', () => {
    expect(allowedMethods(routes, '/api/nope')).toEqual([]);
    expect(allowedMethods(routes, '/api/a/b/changepassword')).toEqual([]);
  });
});

describe('wrong methods on the real API', () => {
  it('answer 405 with Allow and a French message; unknown paths stay 404', async () => {
    const { app, db } = await makeTestApp();
    const cases: [string, string, string][] = [
      ['DELETE', '/api/user', 'GET, HEAD'],
      ['POST', '/api/user', 'GET, HEAD'],
      ['GET', '/api/public/biens', 'POST'],
      ['PUT', '/api/register', 'POST'],
      ['GET', '/api/client/changepassword', 'POST'],
      ['DELETE', '/api/login', 'POST'],
      ['POST', '/api/health', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await app.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('Allow')).toBe(allow);
      const body = (await res.json()) as { message: string };
      expect(body.message).toBe(
        `Cette méthode n’est pas acceptée pour cette adresse. Méthodes acceptées\u00a0: ${allow}.`,
      );
    }
    expect((await app.request('/api/nope', { method: 'GET' })).status).toBe(404);
    expect((await app.request('/api/public/biens/12', { method: 'GET' })).status).toBe(404);
    await db.destroy();
  });
});
