import { createHash } from 'node:crypto';
import webpush from 'web-push';
import { isPushServiceEndpoint, type PushMessage } from '../../src/domain/api/push';
import type { Db } from '../db/database';
import type { Env } from '../env';
import { isLoopbackHost } from '../env';
import type { Logger } from '../log';
import {
  dropSubscription,
  subscriptionsToNotify,
  type StoredSubscription,
} from '../resources/push/push.repo';
import { loadVapidKeys, type VapidKeys } from './vapid';

/**
 * Web Push (issue 29, docs/push.md): a short notification sent to every browser where a person
 * allowed it. The message is encrypted for that browser (RFC 8291, aes128gcm) and signed with the
 * server's VAPID key (RFC 8292) by the `web-push` package; the request itself is sent here, to a
 * known push service only, without following redirects, within a time limit.
 */

/** What `notifyUser` shows: a title, one or two lines, the page a click opens, its group. */
export type PushPayload = PushMessage;

/** The server's push identity and where it may send (built once by createApp). */
export interface PushSettings {
  vapid: VapidKeys;
  /**
   * Tests only (NODE_ENV=test with PUSH_ALLOW_LOCAL_ENDPOINTS=1, env.ts refuses it otherwise):
   * an http endpoint on this machine's loopback stands in for a push service.
   */
  allowLocalEndpoints: boolean;
  log: Logger;
  /** How long a push service may take to answer, in ms. */
  timeoutMs?: number;
}

/** What `notifyUser` needs: the database (the subscriptions) and the push settings. */
export interface PushDeps {
  db: Db;
  push: PushSettings;
}

/** The settings of an app: its keys (configured or kept in DATA_DIR) and the test switch. */
export function pushSettingsFrom(env: Env, log: Logger): PushSettings {
  return {
    vapid: loadVapidKeys(env, log),
    allowLocalEndpoints: env.NODE_ENV === 'test' && env.PUSH_ALLOW_LOCAL_ENDPOINTS,
    log,
  };
}

/**
 * Whether the server may send to `endpoint`: a known push service in https; in tests with the
 * switch on, an http address of this machine's loopback too. Checked when a subscription is
 * given and again before each send.
 */
export function mayNotify(endpoint: string, settings: Pick<PushSettings, 'allowLocalEndpoints'>) {
  if (isPushServiceEndpoint(endpoint)) return true;
  if (!settings.allowLocalEndpoints) return false;
  try {
    const url = new URL(endpoint);
    return url.protocol === 'http:' && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

/** A notification waits at the push service for a day at most while the device is off. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;
/** The encrypted message must stay under 4 KB: the texts are cut well before. */
const TITLE_MAX = 120;
const BODY_MAX = 600;

const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/**
 * A push service's Topic header (RFC 8030, 32 base64url characters at most) for a tag: a newer
 * message of the same conversation replaces one still waiting for the device.
 */
const topicOf = (tag: string) =>
  createHash('sha256').update(`push-topic:${tag}`).digest('base64url').slice(0, 32);

export interface PushOutcome {
  /** Messages the push services accepted. */
  sent: number;
  /** Subscriptions the push services said were gone (404, 410), now removed. */
  dropped: number;
  /** Messages not delivered for another reason (logged). */
  failed: number;
}

/**
 * Sends `payload` to each browser where `userId` allowed notifications (none for an archived or
 * deleted account). Call it after the transaction that made the news has committed, without
 * waiting for it if the answer need not (`void notifyUser(…)`): it never throws, failures are
 * logged, and a subscription the push service says is gone (404, 410) is removed.
 */
export async function notifyUser(
  deps: PushDeps,
  userId: string,
  payload: PushPayload,
): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, dropped: 0, failed: 0 };
  const { log } = deps.push;
  let subscriptions: StoredSubscription[];
  try {
    subscriptions = await subscriptionsToNotify(deps.db, userId);
  } catch (err) {
    log.error({ err, userId }, 'Notifications\u00a0: lecture des abonnements impossible');
    return outcome;
  }
  const message = JSON.stringify({
    title: cut(payload.title, TITLE_MAX),
    body: cut(payload.body, BODY_MAX),
    url: payload.url,
    ...(payload.tag ? { tag: payload.tag } : {}),
  } satisfies PushMessage);
  await Promise.all(
    subscriptions.map(async (sub) => {
      const result = await sendOne(deps, sub, message, payload.tag);
      outcome[result] += 1;
    }),
  );
  return outcome;
}

async function sendOne(
  { db, push }: PushDeps,
  sub: StoredSubscription,
  message: string,
  tag: string | undefined,
): Promise<keyof PushOutcome> {
  const service = serviceOf(sub.endpoint);
  try {
    if (!mayNotify(sub.endpoint, push)) {
      await dropSubscription(db, sub);
      push.log.warn({ service }, 'Notifications\u00a0: adresse refusée, abonnement supprimé');
      return 'dropped';
    }
    const details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      message,
      {
        vapidDetails: push.vapid,
        TTL: PUSH_TTL_SECONDS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
        ...(tag ? { topic: topicOf(tag) } : {}),
      },
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(details.headers as Record<string, unknown>))
      if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
    const res = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      // A push service answers; it never sends elsewhere. A redirect is not followed.
      redirect: 'manual',
      signal: AbortSignal.timeout(push.timeoutMs ?? TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.status >= 200 && res.status < 300) return 'sent';
    if (res.status === 404 || res.status === 410) {
      await dropSubscription(db, sub);
      push.log.info(
        { service, status: res.status },
        'Notifications\u00a0: abonnement expiré, supprimé',
      );
      return 'dropped';
    }
    push.log.warn(
      { service, status: res.status },
      'Notifications\u00a0: envoi refusé par le service',
    );
    return 'failed';
  } catch (err) {
    push.log.warn({ err, service }, 'Notifications\u00a0: envoi impossible');
    return 'failed';
  }
}

/** The push service's host, for logs (the endpoint itself is a secret address: never logged). */
function serviceOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '?';
  }
}
