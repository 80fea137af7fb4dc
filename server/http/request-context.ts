import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from '../log';

declare module 'hono' {
  interface ContextVariableMap {
    /** This request's logger: every line it writes carries `reqId`. */
    log: Logger;
    requestId: string;
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

/** The request's logger (or `fallback` outside the request middleware, as in some tests). */
export function logOf(c: Context, fallback: Logger): Logger {
  return (c.get('log') as Logger | undefined) ?? fallback;
}

/**
 * First middleware of the app: gives the request its id (answered in X-Request-Id) and its
 * child logger (`c.get('log')`). With `logRequests` (LOG_REQUESTS=1), one line per answered
 * request: method, path without its query (which may hold a token), status and duration.
 */
export function requestContext(options: {
  log: Logger;
  trustProxy: boolean;
  logRequests: boolean;
}): MiddlewareHandler {
  const { log, trustProxy, logRequests } = options;
  return async (c, next) => {
    const requestId = requestIdOf(c.req.header('X-Request-Id'), trustProxy);
    const reqLog = log.child({ reqId: requestId });
    c.set('requestId', requestId);
    c.set('log', reqLog);
    const started = logRequests ? performance.now() : 0;
    await next();
    try {
      c.res.headers.set('X-Request-Id', requestId);
    } catch {
      c.header('X-Request-Id', requestId); // an answer with immutable headers: Hono copies it
    }
    if (logRequests) {
      reqLog.info(
        {
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'Requête traitée',
      );
    }
  };
}
