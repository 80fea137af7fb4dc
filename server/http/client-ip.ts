import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The visitor's address. Behind a reverse proxy (TRUST_PROXY=1) it is the last address the proxy
 * appended to X-Forwarded-For; otherwise the socket's peer. 'local' when there is no socket.
 */
export function clientIp(c: Context, trustProxy = false): string {
  if (trustProxy) {
    const last = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
}

/** Key for rate limits: an IPv6 visitor owns a whole /64, so counting per address is too easy. */
export function rateLimitKey(ip: string): string {
  if (!isIPv6(ip) || ip.toLowerCase().startsWith('::ffff:')) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head.split(':').filter(Boolean);
  const right = tail === undefined ? [] : tail.split(':').filter(Boolean);
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  const groups = [...left, ...zeros, ...right].map((g) => g.replace(/^0+(?=.)/, ''));
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** Pseudonymised address kept with a message for abuse tracing (RGPD: no raw IP stored). */
export function hashIp(ip: string): string {
  return createHash('sha256').update(`contact:${ip}`).digest('hex').slice(0, 32);
}
