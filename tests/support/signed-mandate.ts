import { expect, type APIRequestContext } from '@playwright/test';
import {
  CLIENT_MANDATE_CODE_PATH,
  CLIENT_MANDATE_IDENTITY_PATH,
  CLIENT_MANDATE_SIGN_PATH,
  staffMandatePath,
} from '../../src/domain/api/mandates';

interface OutboxMail {
  subject: string;
  links: string[];
}

async function outbox(request: APIRequestContext, to: string): Promise<OutboxMail[]> {
  return (await (
    await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`)
  ).json()) as OutboxMail[];
}

/**
 * Issue 30: a newly registered buyer's mandate, signed through the API as the screens would —
 * the address confirmed with the e-mailed link, the mandate prepared by the demo manager, the
 * client's identity given, the code read from /dev/outbox — so that the project reaches
 * « Mandat signé » by itself, the only way it can (no search work before a signed mandate).
 */
export async function signMandateByApi(
  request: APIRequestContext,
  buyer: { email: string; userId: string; projectId: number },
): Promise<void> {
  const activation = (await outbox(request, buyer.email))
    .flatMap((m) => m.links)
    .find((l) => l.includes('/activation/'));
  const activated = await request.post('/api/auth/activate', {
    data: { code: activation?.split('/activation/')[1] },
  });
  expect(activated.status()).toBe(200);
  const client = {
    Authorization: `Bearer ${((await activated.json()) as { token: string }).token}`,
  };
  const login = await request.post('/api/login', {
    data: { username: 'manager@demo.chassimmo.fr', password: 'Demo1234' },
  });
  const manager = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const prepared = await request.post(staffMandatePath(buyer.userId), {
    data: { projectId: buyer.projectId },
    headers: manager,
  });
  expect(prepared.status()).toBe(201);
  const identity = await request.post(CLIENT_MANDATE_IDENTITY_PATH, {
    data: { firstName: 'Léa', lastName: 'Acheteuse', address: '3 rue des Tests, 75011 Paris' },
    headers: client,
  });
  expect(identity.status()).toBe(200);
  const sent = await request.post(CLIENT_MANDATE_CODE_PATH, {
    data: { accepted: true },
    headers: client,
  });
  expect(sent.status()).toBe(200);
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await outbox(request, buyer.email)).find((m) =>
        /code de signature/.test(m.subject),
      );
      code = /(\d{6})$/.exec(mail?.subject ?? '')?.[1];
      return code;
    })
    .toBeDefined();
  const signed = await request.post(CLIENT_MANDATE_SIGN_PATH, {
    data: { code },
    headers: client,
  });
  expect(signed.status()).toBe(200);
}
