/// <reference lib="webworker" />
import { Queue } from 'workbox-background-sync';
import { clientsClaim, type RouteHandlerCallback } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { OUTBOX_RETENTION_MS } from '../src/domain/outbox';
import {
  queuedFlowOf,
  fetchWithTimeout,
  queueSubmission,
  replayQueue,
  type Notify,
} from './outbox-replay';
import { notificationOf, readPushData, sameOriginUrl, windowFor } from './push';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

// The precache list is injected after prerendering (scripts/build.mjs): the app shell, every
// prerendered page, every route chunk, the fonts French needs and the images the flows show.
// Pages are listed under their clean address ('/services'), as the server serves them.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Take control of the first visit's page at once, so a form sent on that visit is covered.
clientsClaim();

// Other app routes (signed-in areas, /signup/:code…) open from the shell; never the API.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/app-shell.html'), {
    denylist: [/^\/api\//, /^\/geo\//, /^\/dev\//, /^\/checkout\//],
  }),
);

registerRoute(
  ({ url }) => url.pathname.startsWith('/geo/'),
  new StaleWhileRevalidate({ cacheName: 'geo' }),
);
registerRoute(
  ({ request }) => request.destination === 'image',
  new CacheFirst({
    cacheName: 'images',
    plugins: [new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

const notify: Notify = async (message) => {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
};

const queue = new Queue('public-posts', {
  maxRetentionTime: OUTBOX_RETENTION_MS / 60_000,
  onSync: async ({ queue: q }) => {
    await replayQueue(q, notify);
    // Still something transient waiting: ask the browser for another sync later.
    if ((await q.size()) > 0) throw new Error('Des envois attendent encore le réseau.');
  },
});

/**
 * The requests that may wait for the network (outbox-replay.ts: the public forms, the staff's
 * notes, the client's criteria and documents): straight to the network; without one, queued and
 * answered 202.
 */
const sendOrQueue: RouteHandlerCallback = async ({ request, url }) => {
  const flow = queuedFlowOf(url.pathname, request.method) ?? 'owner';
  const copy = request.clone();
  try {
    return await fetchWithTimeout(request);
  } catch {
    await queueSubmission(queue, copy, flow, notify);
    return new Response(
      JSON.stringify({
        queued: true,
        message: 'Pas de réseau : votre envoi sera fait dès le retour de la connexion.',
      }),
      { status: 202, headers: { 'Content-Type': 'application/json' } },
    );
  }
};
for (const method of ['POST', 'PUT'] as const) {
  registerRoute(
    ({ url, request }) =>
      request.method === method && queuedFlowOf(url.pathname, method) !== undefined,
    sendOrQueue,
    method,
  );
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; force?: boolean } | undefined;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'OUTBOX_REPLAY')
    event.waitUntil(replayQueue(queue, notify, data.force === true));
});

// Safari and Firefox have no Background Sync: replay whenever the worker starts too.
void replayQueue(queue, notify);

// Web Push (docs/push.md): a message from the server shows a notification; a click on it brings
// forward a window of the app on the message's page, or opens one.
self.addEventListener('push', (event: PushEvent) => {
  const { title, options } = notificationOf(readPushData(event.data), self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const { url } = (event.notification.data ?? {}) as { url?: unknown };
  const target = sameOriginUrl(url, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const found = windowFor(windows, target, self.location.origin);
      if (found) {
        const shown = found.navigate
          ? await found.window.navigate(target).catch(() => null)
          : found.window;
        if (shown) {
          await shown.focus();
          return;
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
