import {
  PUSH_PUBLIC_KEY_PATH,
  PUSH_SUBSCRIPTIONS_PATH,
  type PushPublicKey,
} from '../../domain/api/push';
import { api } from '../../lib/api';

/**
 * This device's Web Push subscription (docs/push.md), for the opt-in component: what the browser
 * can do, turning notifications on (on the person's click only) and off. Loaded by the signed-in
 * areas only, never by the public pages.
 */

export type PushState =
  /** The browser has no Web Push (or no service worker: the development server). */
  | 'unsupported'
  /** iPhone and iPad: only the app added to the home screen receives notifications. */
  | 'needs-install'
  /** The person refused them for this site: only the browser's settings can change it. */
  | 'denied'
  | 'off'
  | 'on';

function hasPush(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** Safari on iPhone or iPad, outside the app installed on the home screen. */
function isAppleMobileBrowser(): boolean {
  if (typeof navigator === 'undefined') return false;
  const apple = /iPhone|iPad|iPod/.test(navigator.userAgent);
  const standalone =
    typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches;
  return apple && !standalone;
}

/** The worker's registration, within a few seconds (none in development: no worker there). */
async function registration(waitForReady = false): Promise<ServiceWorkerRegistration | undefined> {
  const found = waitForReady
    ? navigator.serviceWorker.ready
    : navigator.serviceWorker.getRegistration();
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5_000));
  return (await Promise.race([found, timeout])) ?? undefined;
}

/** What this device says now, without asking anything of the person. */
export async function currentPushState(): Promise<PushState> {
  if (!hasPush()) return isAppleMobileBrowser() ? 'needs-install' : 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  // No worker yet (the first visit registers it a moment later): off, until turned on.
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** The VAPID key as the bytes PushManager.subscribe takes. */
export function base64urlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(key: ArrayBuffer | null | undefined, expected: Uint8Array): boolean {
  if (!key) return false;
  const bytes = new Uint8Array(key);
  return bytes.length === expected.length && bytes.every((b, i) => b === expected[i]);
}

/**
 * Turns notifications on: asks the browser's permission (call it straight from the person's
 * click: browsers show the question only then), subscribes with the server's key, and gives the
 * subscription to the server for the signed-in person. A server error is thrown (the caller
 * says it); a refusal is answered as a state.
 */
export async function turnPushOn(): Promise<PushState> {
  if (!hasPush()) return isAppleMobileBrowser() ? 'needs-install' : 'unsupported';
  // First, before anything is awaited: the click's permission to ask is still fresh.
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const reg = await registration(true);
  if (!reg) return 'unsupported';
  const { publicKey } = await api<PushPublicKey>(PUSH_PUBLIC_KEY_PATH);
  const key = base64urlToBytes(publicKey);
  let subscription = await reg.pushManager.getSubscription();
  // Made with another key (the server's keys were replaced): it would be refused, made again.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await api(PUSH_SUBSCRIPTIONS_PATH, { method: 'POST', body: subscription.toJSON() });
  return 'on';
}

/**
 * Turns notifications off on this device: the server forgets the subscription, and the browser
 * drops it (without network, the browser's drop is enough: the push service then answers « gone »
 * and the server forgets it at its next message).
 */
export async function turnPushOff(): Promise<PushState> {
  const reg = hasPush() ? await registration() : undefined;
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return 'off';
  try {
    await api(PUSH_SUBSCRIPTIONS_PATH, {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
    });
  } catch {
    // Already forgotten by the server, or no network: dropped by the browser below all the same.
  }
  await subscription.unsubscribe();
  return 'off';
}

/**
 * At sign-out: this device stops receiving the notifications of the person leaving (a shared
 * computer, a phone lent). Bounded in time; never fails the sign-out.
 */
export async function forgetPushDevice(token: string | null): Promise<void> {
  const work = (async () => {
    const reg = hasPush() ? await navigator.serviceWorker.getRegistration() : undefined;
    const subscription = await reg?.pushManager.getSubscription();
    if (!subscription) return;
    if (token)
      await fetch(PUSH_SUBSCRIPTIONS_PATH, {
        method: 'DELETE',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ endpoint: subscription.endpoint }),
        keepalive: true,
      }).catch(() => undefined);
    await subscription.unsubscribe();
  })().catch(() => undefined);
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, 3_000))]);
}
