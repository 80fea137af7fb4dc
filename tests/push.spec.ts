import { createECDH, randomBytes } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { appStarted, expect, queryDb, test } from './fixtures';
import { expectAccessible } from './support/accessible';
import { swReady } from './support/browser-state';
import { demo } from './support/sign-in';

/**
 * Web Push (issue 29, docs/push.md) in a real browser: the checkbox « Recevoir les notifications sur
 * cet appareil » in « Mon compte » of /dashboard and on « Aujourd’hui » asks nothing before the
 * click, gives the subscription to the server and takes it back; the service worker shows a
 * pushed message. The browser's push service is not reachable from the tests: PushManager hands
 * out a subscription made here, with an FCM address (the server only takes those).
 */

const subscriptions = () =>
  queryDb<{ email: string; endpoint: string; user_agent: string }>(
    `select u.email, s.endpoint, s.user_agent from push_subscription s
     join app_user u on u.id = s.user_id order by s.id`,
  );

/** A PushManager that subscribes without a push service, and counts the permission asked. */
async function fakePushManager(page: Page) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(6).toString('hex')}`;
  await page.addInitScript(
    ({ endpoint, keys }) => {
      const scope = window as unknown as { __asked: number; __sub: unknown };
      scope.__asked = 0;
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = () => {
        scope.__asked += 1;
        return ask();
      };
      const stored = () => {
        const raw = localStorage.getItem('e2e-push-sub');
        return raw ? (JSON.parse(raw) as { key: number[] }) : null;
      };
      const made = (key: number[]) => ({
        endpoint,
        options: { applicationServerKey: new Uint8Array(key).buffer, userVisibleOnly: true },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: () => {
          localStorage.removeItem('e2e-push-sub');
          return Promise.resolve(true);
        },
      });
      PushManager.prototype.getSubscription = function () {
        const s = stored();
        return Promise.resolve((s ? made(s.key) : null) as PushSubscription | null);
      };
      PushManager.prototype.subscribe = function (options) {
        const key = Array.from(new Uint8Array(options?.applicationServerKey as ArrayBuffer));
        localStorage.setItem('e2e-push-sub', JSON.stringify({ key }));
        return Promise.resolve(made(key) as unknown as PushSubscription);
      };
    },
    { endpoint, keys },
  );
  return endpoint;
}

const theCheckbox = (page: Page) =>
  page.getByRole('checkbox', { name: 'Recevoir les notifications sur cet appareil' });

async function photograph(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

test.describe('Web Push notifications (issue 29)', () => {
  test.use({ serviceWorkers: 'allow' });

  for (const tag of ['', ' @mobile']) {
    test.describe(() => {
      test.use({ signedInAs: 'client' });
      test(`the client turns notifications on and off in « Mon compte »${tag}`, async ({
        page,
        context,
      }, testInfo) => {
        await context.grantPermissions(['notifications']);
        const endpoint = await fakePushManager(page);
        await page.goto('/dashboard#mon-compte');
        await appStarted(page);
        const toggle = theCheckbox(page);
        const account = page.getByRole('region', { name: 'Mon compte' });
        await expect(
          account.getByText('Désactivées sur cet appareil.', { exact: false }),
        ).toBeVisible();
        await expect(toggle).not.toBeChecked();
        expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(
          0,
        );
        await toggle.scrollIntoViewIfNeeded();
        await expectAccessible(page, testInfo, `/dashboard, notifications désactivées${tag}`);
        await photograph(page, testInfo, 'dashboard-off');

        await swReady(page);
        await toggle.click();
        await expect(toggle).toBeChecked();
        await expect(account.getByText('Activées sur cet appareil.')).toBeVisible();
        expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(
          1,
        );
        await expect
          .poll(() => subscriptions().filter((s) => s.endpoint === endpoint))
          .toEqual([
            {
              email: demo('client'),
              endpoint,
              user_agent: expect.stringMatching(/^Chrome/) as unknown,
            },
          ]);
        await photograph(page, testInfo, 'dashboard-on');

        // Still on after a reload (the browser's subscription is what the checkbox reads).
        await page.reload();
        await appStarted(page);
        await expect(theCheckbox(page)).toBeChecked();

        await theCheckbox(page).click();
        await expect(theCheckbox(page)).not.toBeChecked();
        await expect.poll(() => subscriptions().filter((s) => s.endpoint === endpoint)).toEqual([]);
      });
    });

    test.describe(() => {
      test.use({ signedInAs: 'chasseur' });
      test(`the hunter finds the checkbox on « Aujourd’hui », and the worker shows a pushed message${tag}`, async ({
        page,
        context,
      }, testInfo) => {
        await context.grantPermissions(['notifications']);
        await fakePushManager(page);
        await page.goto('/wh-dashboard');
        await appStarted(page);
        await expect(theCheckbox(page)).toBeVisible();
        await expect(theCheckbox(page)).not.toBeChecked();
        await expectAccessible(page, testInfo, `« Aujourd’hui », notifications${tag}`);
        await photograph(page, testInfo, 'today');

        // A message as the server sends it, delivered to the worker by the browser (DevTools).
        await swReady(page);
        const cdp = await context.newCDPSession(page);
        const registrationId = new Promise<string>((resolve) => {
          cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
            const found = registrations.find((r) => !r.isDeleted);
            if (found) resolve(found.registrationId);
          });
        });
        await cdp.send('ServiceWorker.enable');
        const origin = new URL(page.url()).origin;
        await cdp.send('ServiceWorker.deliverPushMessage', {
          origin,
          registrationId: await registrationId,
          data: JSON.stringify({
            title: 'Nouveau message de Claire Martin',
            body: 'Bonjour, samedi 10 h me va très bien.',
            url: '/wh-dashboard/acquereurs/abc#messages-1',
            tag: 'messages-1',
          }),
        });
        await expect
          .poll(() =>
            page.evaluate(async () => {
              const registration = await navigator.serviceWorker.getRegistration();
              const shown = (await registration?.getNotifications()) ?? [];
              return shown.map((n) => ({
                title: n.title,
                body: n.body,
                tag: n.tag,
                icon: new URL(n.icon).pathname,
                url: (n.data as { url: string }).url,
              }));
            }),
          )
          .toEqual([
            {
              title: 'Nouveau message de Claire Martin',
              body: 'Bonjour, samedi 10 h me va très bien.',
              tag: 'messages-1',
              icon: '/icons/icon-192.png',
              url: `${origin}/wh-dashboard/acquereurs/abc#messages-1`,
            },
          ]);
      });
    });
  }
});
