import type { Context, Hono } from 'hono';
import { apiError } from './errors';

interface RouteLike {
  method: string;
  path: string;
}

/** A route path as a RegExp: ':param' (with an optional {pattern}) is one segment, '*' anything. */
function toRegExp(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * The methods the app answers on this path, from its registered routes. 'ALL' entries are
 * middleware and catch-alls (`app.use`, `app.all`), not resources: they are left out. GET brings
 * HEAD, which Hono answers with it.
 */
export function allowedMethods(routes: readonly RouteLike[], path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === 'ALL' || !toRegExp(route.path).test(path)) continue;
    methods.add(route.method);
    if (route.method === 'GET') methods.add('HEAD');
  }
  return [...methods].sort();
}

/**
 * For the API's catch-all: a known path asked with another method answers 405 with `Allow`
 * (RFC 9110 § 15.5.6), not 404, so a client learns what the address accepts. Undefined when no
 * route has this path. The route table is read at the first call, once every route exists.
 */
export function methodNotAllowed(app: Hono): (c: Context) => Response | undefined {
  let routes: RouteLike[] | undefined;
  return (c) => {
    routes ??= app.routes.filter((r) => r.method !== 'ALL');
    const allowed = allowedMethods(routes, c.req.path);
    if (allowed.length === 0) return undefined;
    c.header('Allow', allowed.join(', '));
    return apiError(
      c,
      405,
      `Cette méthode n’est pas acceptée pour cette adresse. Méthodes acceptées\u00a0: ${allowed.join(', ')}.`,
    );
  };
}
