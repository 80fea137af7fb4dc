import { isLoopbackHost } from '../../env';

export interface ReturnUrls {
  success: string;
  cancel: string;
}

/**
 * Where the buyer comes back after paying (spec 4.6): the page they paid from, on this site
 * only, so the payment can never be used as an open redirect to another site. A path ("/…") is
 * taken on the public address; a full address must have the public address's origin, or, outside
 * production, any loopback origin (the Vite dev server, a test browser on localhost). The query
 * and fragment of the page are dropped: the return adds `?success=true` or `?cancel=true`.
 */
export function returnUrls(
  raw: string,
  publicUrl: string,
  allowLoopback: boolean,
): ReturnUrls | undefined {
  const base = new URL(publicUrl);
  let url: URL;
  if (raw.startsWith('/')) {
    // "//evil.example" and "/\evil.example" are other hosts to a browser.
    if (raw.startsWith('//') || raw.includes('\\')) return undefined;
    url = new URL(raw, base);
  } else {
    try {
      url = new URL(raw);
    } catch {
      return undefined;
    }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password) return undefined;
  const sameSite = url.origin === base.origin || (allowLoopback && isLoopbackHost(url.hostname));
  if (!sameSite) return undefined;
  const page = `${url.origin}${url.pathname}`;
  return { success: `${page}?success=true`, cancel: `${page}?cancel=true` };
}
