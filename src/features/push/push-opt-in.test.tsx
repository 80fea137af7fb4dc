// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_PUBLIC_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH } from '../../domain/api/push';
import type * as Api from '../../lib/api';
import { base64urlToBytes, forgetPushDevice } from './push-device';
import { PushOptIn } from './push-opt-in';

const calls = vi.hoisted(() => ({ api: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  api: calls.api,
}));
vi.mock('../../lib/toast', () => ({
  notify: { success: calls.success, info: vi.fn(), error: calls.error },
}));

const PUBLIC_KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';

/** The browser's side: Notification, PushManager and the worker's registration, in memory. */
function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission) {
  const state = {
    permission,
    asked: 0,
    subscription: null as null | {
      endpoint: string;
      options: { applicationServerKey: ArrayBuffer };
      toJSON(): unknown;
      unsubscribe(): Promise<boolean>;
    },
  };
  const pushManager = {
    getSubscription: () => Promise.resolve(state.subscription),
    subscribe: vi.fn((options: { applicationServerKey: Uint8Array }) => {
      state.subscription = {
        endpoint: ENDPOINT,
        options: { applicationServerKey: options.applicationServerKey.slice().buffer },
        toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'p', auth: 'a' } }),
        unsubscribe: () => {
          state.subscription = null;
          return Promise.resolve(true);
        },
      };
      return Promise.resolve(state.subscription);
    }),
  };
  const registration = { pushManager };
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission: () => {
      state.asked += 1;
      state.permission = answer;
      return Promise.resolve(answer);
    },
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: () => Promise.resolve(registration),
      ready: Promise.resolve(registration),
    },
  });
  return { state, pushManager };
}

beforeEach(() => {
  calls.api.mockReset();
  calls.api.mockImplementation((path: string) =>
    Promise.resolve(path === PUSH_PUBLIC_KEY_PATH ? { publicKey: PUBLIC_KEY } : {}),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.clearAllMocks();
});

const toggle = () =>
  screen.getByRole<HTMLInputElement>('checkbox', {
    name: 'Recevoir les notifications sur cet appareil',
  });

describe('PushOptIn', () => {
  it('asks nothing until the person turns it on, then subscribes with the server’s key', async () => {
    const browser = fakeBrowser('default', 'granted');
    render(<PushOptIn what="Un message de votre chasseur s’affiche alors." />);
    await screen.findByText(/Désactivées sur cet appareil\. Un message de votre chasseur/);
    expect(browser.state.asked).toBe(0);
    expect(toggle().checked).toBe(false);

    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().checked).toBe(true));
    expect(browser.state.asked).toBe(1);
    expect(screen.getByText('Activées sur cet appareil.')).toBeTruthy();
    const key = browser.pushManager.subscribe.mock.calls[0]?.[0]?.applicationServerKey;
    expect(Array.from(key ?? [])).toEqual(Array.from(base64urlToBytes(PUBLIC_KEY)));
    expect(calls.api).toHaveBeenCalledWith(PUSH_SUBSCRIPTIONS_PATH, {
      method: 'POST',
      body: { endpoint: ENDPOINT, keys: { p256dh: 'p', auth: 'a' } },
    });
    expect(calls.success).toHaveBeenCalledWith('Les notifications sont activées sur cet appareil.');
  });

  it('turns off: the server forgets the device, the browser drops the subscription', async () => {
    const browser = fakeBrowser('default', 'granted');
    render(<PushOptIn compact />);
    await screen.findByText('Désactivées sur cet appareil.');
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().checked).toBe(true));
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().checked).toBe(false));
    expect(calls.api).toHaveBeenCalledWith(PUSH_SUBSCRIPTIONS_PATH, {
      method: 'DELETE',
      body: { endpoint: ENDPOINT },
    });
    expect(browser.state.subscription).toBeNull();
  });

  it('says when the person refused, and when the browser cannot', async () => {
    fakeBrowser('default', 'denied');
    render(<PushOptIn />);
    await screen.findByText('Désactivées sur cet appareil.');
    fireEvent.click(toggle());
    await screen.findByText(/Bloquées pour ce site dans les réglages du navigateur/);
    expect(toggle().disabled).toBe(true);
    expect(calls.api).not.toHaveBeenCalled();
    cleanup();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    render(<PushOptIn />);
    await screen.findByText('Ce navigateur ne peut pas recevoir de notifications.');
    expect(toggle().disabled).toBe(true);
  });

  it('says the server’s refusal and stays off', async () => {
    fakeBrowser('granted', 'granted');
    calls.api.mockImplementation((path: string) =>
      path === PUSH_PUBLIC_KEY_PATH
        ? Promise.resolve({ publicKey: PUBLIC_KEY })
        : Promise.reject(new Error('boum')),
    );
    render(<PushOptIn />);
    await screen.findByText('Désactivées sur cet appareil.');
    fireEvent.click(toggle());
    await waitFor(() => expect(calls.error).toHaveBeenCalled());
    expect(toggle().checked).toBe(false);
  });
});

describe('PushOptIn without network', () => {
  it('says there is no network, never that something typed is kept', async () => {
    fakeBrowser('granted', 'granted');
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    calls.api.mockRejectedValue(Object.assign(new Error('fetch failed'), { name: 'FetchError' }));
    render(<PushOptIn />);
    await screen.findByText('Désactivées sur cet appareil.');
    fireEvent.click(toggle());
    await waitFor(() =>
      expect(calls.error).toHaveBeenCalledWith(
        'Pas de réseau\u00a0: les notifications ne peuvent pas être activées maintenant. Réessayez une fois connecté.',
      ),
    );
    expect(toggle().checked).toBe(false);
    offline.mockRestore();
  });
});

describe('forgetPushDevice', () => {
  it('at sign-out, tells the server with the leaving person’s token and drops the subscription', async () => {
    const browser = fakeBrowser('granted', 'granted');
    await browser.pushManager.subscribe({ applicationServerKey: base64urlToBytes(PUBLIC_KEY) });
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
    await forgetPushDevice('jeton');
    expect(fetchMock).toHaveBeenCalledWith(
      PUSH_SUBSCRIPTIONS_PATH,
      expect.objectContaining({
        method: 'DELETE',
        body: JSON.stringify({ endpoint: ENDPOINT }),
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer jeton' },
      }),
    );
    expect(browser.state.subscription).toBeNull();
  });
});
