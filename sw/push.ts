import type { PushMessage } from '../src/domain/api/push';

/**
 * Web Push in the service worker (docs/push.md): what a push message shows, and which window a
 * click on it brings forward. Pure, so the tests read it without a browser; sw.ts wires it to
 * the `push` and `notificationclick` events.
 */

const ICON = '/icons/icon-192.png';
const FALLBACK: PushMessage = {
  title: 'Chassimmo',
  body: 'Du nouveau dans votre espace.',
  url: '/',
};

/** Only an address of this site is ever opened: anything else falls back to its home page. */
export function sameOriginUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url === '') return new URL('/', origin).href;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : new URL('/', origin).href;
  } catch {
    return new URL('/', origin).href;
  }
}

const text = (value: unknown, fallback: string, max: number) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : fallback;

/**
 * The notification a push message shows: its title and text, the app's icon, its tag (a newer
 * message of the same conversation replaces the older one) and the page to open. A message that
 * cannot be read still shows something (a push the browser was woken for must show a
 * notification), never a raw payload.
 */
export function notificationOf(
  data: unknown,
  origin: string,
): { title: string; options: NotificationOptions & { renotify?: boolean } } {
  const message =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const tag = typeof message.tag === 'string' && message.tag !== '' ? message.tag : undefined;
  return {
    title: text(message.title, FALLBACK.title, 120),
    options: {
      body: text(message.body, FALLBACK.body, 600),
      icon: ICON,
      badge: ICON,
      lang: 'fr',
      data: { url: sameOriginUrl(message.url ?? FALLBACK.url, origin) },
      ...(tag ? { tag, renotify: true } : {}),
    },
  };
}

/** The message's JSON, or undefined when it is not JSON. */
export function readPushData(data: { json(): unknown } | null | undefined): unknown {
  try {
    return data?.json();
  } catch {
    return undefined;
  }
}

/**
 * Of the app's open windows, the one to bring forward for `target`: one already on that page,
 * else any of this site's (it is then sent to the page), else none (a new window opens).
 */
export function windowFor<T extends { url: string }>(
  windows: readonly T[],
  target: string,
  origin: string,
): { window: T; navigate: boolean } | undefined {
  const ours = windows.filter((w) => {
    try {
      return new URL(w.url).origin === origin;
    } catch {
      return false;
    }
  });
  const withoutHash = (url: string) => url.split('#')[0];
  const same = ours.find((w) => withoutHash(w.url) === withoutHash(target));
  if (same) return { window: same, navigate: same.url !== target };
  const first = ours[0];
  return first ? { window: first, navigate: true } : undefined;
}
