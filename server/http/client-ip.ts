import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The peer's address as seen by Node; 'local' when the request did not come over a socket. */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
}

/** Pseudonymised address kept with a message for abuse tracing (RGPD: no raw IP stored). */
export function hashIp(ip: string): string {
  return createHash('sha256').update(`contact:${ip}`).digest('hex').slice(0, 32);
}
