import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from '../log';

declare module 'hono' {
  interface ContextVariableMap {
    /** This request's logger: every line it writes carries `reqId`. */
    log: Logger;
    requestId: string;
    /** Set by takeRequestId(): the answer carries X-Request-Id already. */
    requestIdSent: boolean;
  }
}

/**
 * An X-Request-Id the proxy may hand over: letters, digits, '.', '_', '-' (a UUID, a hex or
 * base64url id), 128 at most. Anything else (spaces, quotes, line breaks that would forge a
 * log line, a huge value) is replaced by an id of our own.
 */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * The id of a request: the proxy's X-Request-Id when the proxy is trusted (TRUST_PROXY) and the
 * value is safe, so its access log and ours share one id; otherwise a new UUID. A client talking
 * to the server directly cannot choose the id its lines are filed under.
 */
export function requestIdOf(header: string | undefined, trustProxy: boolean): string {
  return trustProxy && header && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * For a middleware that builds its answers' headers itself (the built site, whose ready-made
 * answers go out without Hono's Headers object): the id to add as X-Request-Id, which is then
 * left to it. Undefined outside requestContext.
 */
export function takeRequestId(c: Context): string | undefined {
  const id = c.get('requestId') as string | undefined;
  if (id) c.set('requestIdSent', true);
  return id;
}

/**
 * The request's logger: the one requestLogger() put in the context, or a child of `root` with
 * the request's id (a built-site answer, which skips requestLogger), or `root` outside any request.
 */
export function logOf(c: Context, root: Logger): Logger {
  const log = c.get('log') as Logger | undefined;
  if (log) return log;
  const requestId = c.get('requestId') as string | undefined;
  return requestId ? root.child({ reqId: requestId }) : root;
}

/**
 * A path as logged: a form copy's token (issue 33: /api/form-copies/{token},
 * /signup/reprendre/{token}) opens that person's answers for 7 days, so it is never written out.
 */
export const withoutTokens = (path: string) =>
  path.replace(/\/(form-copies|reprendre)\/[^/]+/g, '/$1/…');

/**
 * First middleware of the app: gives the request its id, answered in X-Request-Id. With
 * `logRequests` (LOG_REQUESTS=1), one line per answered request: method, path without its query
 * (which may hold a token) nor a form copy's token, status and duration.
 */
export function requestContext(options: {
  log: Logger;
  trustProxy: boolean;
  logRequests: boolean;
}): MiddlewareHandler {
  const { log, trustProxy, logRequests } = options;
  return async (c, next) => {
    const requestId = requestIdOf(c.req.header('X-Request-Id'), trustProxy);
    c.set('requestId', requestId);
    const started = logRequests ? performance.now() : 0;
    await next();
    if (!c.get('requestIdSent')) {
      try {
        c.res.headers.set('X-Request-Id', requestId);
      } catch {
        c.header('X-Request-Id', requestId); // an answer with immutable headers: Hono copies it
      }
    }
    if (logRequests) {
      logOf(c, log).info(
        {
          method: c.req.method,
          path: withoutTokens(c.req.path),
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'Requête traitée',
      );
    }
  };
}

/**
 * After the built site (whose answers log nothing of their own): the request's child logger,
 * `c.get('log')`, whose every line carries `reqId`.
 */
export function requestLogger(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    c.set('log', logOf(c, log));
    await next();
  };
}
