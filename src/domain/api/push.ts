import { z } from 'zod';

/**
 * Web Push notifications (issue 29, docs/push.md): a signed-in person allows this device to be
 * notified (a new message…); the server keeps the browser's subscription and sends to it with
 * its VAPID key. Written once, for server/resources/push, server/push and the opt-in component.
 */

/** GET: the server's VAPID public key, the `applicationServerKey` a browser subscribes with. */
export const PUSH_PUBLIC_KEY_PATH = '/api/push/public-key';
/** POST: keep this device's subscription for the caller. DELETE ({ endpoint }): forget it. */
export const PUSH_SUBSCRIPTIONS_PATH = '/api/push/subscriptions';

export interface PushPublicKey {
  /** Base64url of the uncompressed P-256 point (65 bytes). */
  publicKey: string;
}

/** The longest endpoint kept (the push services' are 150 to 500 characters). */
export const PUSH_ENDPOINT_MAX = 2048;

export const PUSH_ENDPOINT_REFUSAL =
  'Cette adresse de notification n’est pas celle d’un service de notification connu (Google, Mozilla, Apple ou Microsoft, en https).';

const base64url = (bytes: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v) => v.replace(/=+$/, ''))
    .pipe(z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), message));

/** POST: what `PushSubscription.toJSON()` gives, as the browser sends it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: 'L’adresse de notification manque.' })
    .trim()
    .min(1, 'L’adresse de notification manque.')
    .max(PUSH_ENDPOINT_MAX, 'L’adresse de notification est trop longue.'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // 65 bytes, an uncompressed P-256 point (first byte 0x04: « B » in base64url).
      p256dh: base64url(65, 'La clé de chiffrement de cet appareil est invalide.').refine(
        (v) => v.startsWith('B'),
        'La clé de chiffrement de cet appareil est invalide.',
      ),
      auth: base64url(16, 'Le secret d’authentification de cet appareil est invalide.'),
    },
    { error: 'Les clés de cet appareil manquent.' },
  ),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

/** DELETE: the endpoint of the subscription to forget (the caller's own only). */
export const pushUnsubscribeSchema = z.object({
  endpoint: z
    .string({ error: 'L’adresse de notification manque.' })
    .trim()
    .min(1, 'L’adresse de notification manque.')
    .max(PUSH_ENDPOINT_MAX, 'L’adresse de notification est trop longue.'),
});

export interface PushSubscribed {
  subscribed: true;
  message: string;
}
export interface PushUnsubscribed {
  unsubscribed: boolean;
  message: string;
}

/** The push services browsers use: a host, or a domain any of whose sub-hosts may answer. */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com'] as const;
const PUSH_SERVICE_DOMAINS = [
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/**
 * True for an https address of a known push service (Google FCM, Mozilla autopush, Apple, WNS),
 * on the default port, without credentials. Anything else — an internal address, a private
 * network, another site — is refused, so nobody can make the server send requests where they
 * choose (SSRF).
 */
export function isPushServiceEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (url.port !== '' && url.port !== '443') return false;
  const host = url.hostname.toLowerCase();
  return (
    (PUSH_SERVICE_HOSTS as readonly string[]).includes(host) ||
    PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(`.${domain}`))
  );
}

/** What a notification carries to the service worker (sw/push.ts shows it). */
export interface PushMessage {
  title: string;
  body: string;
  /** An address of this site ('/dashboard#messages'), opened when the notification is clicked. */
  url: string;
  /** Notifications of one tag replace each other (one conversation: the latest message). */
  tag?: string;
}
