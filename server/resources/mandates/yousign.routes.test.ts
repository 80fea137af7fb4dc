import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_MANDATE_CODE_PATH,
  CLIENT_MANDATE_IDENTITY_PATH,
  CLIENT_MANDATE_PATH,
  YOUSIGN_WEBHOOK_PATH,
  mandateEvidencePath,
  mandatePdfPath,
  staffMandatePath,
  type MandateView,
} from '../../../src/domain/api/mandates';
import {
  FAKE_SIGNED_MARK,
  FAKE_SIGNER_AGENT,
  FAKE_SIGNER_IP,
  startFakeYousign,
  type FakeYousign,
} from '../../mandates/yousign.fake';
import { yousignSignature } from '../../mandates/yousign';
import { verifyPadesSignature } from '../../mandates/pades';
import { addBuyer } from '../../staff/test-records';
import { staffTestApp } from '../../staff/test-staff';
import { postJson, signedIn } from '../../test-app';

const SECRET = 'yousign-webhook-test-secret';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let fake: FakeYousign;
beforeAll(async () => {
  fake = await startFakeYousign();
});
afterAll(() => fake.stop());

const open: { destroy(): Promise<void> }[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
});

/**
 * An app with SIGNATURE_PROVIDER=yousign against the fake Yousign, a buyer of the demo chasseur
 * at « En cours de validation » whose mandate the chasseur has prepared, and the buyer's own
 * headers once they have given their postal address.
 */
async function setup(env: Record<string, string> = {}) {
  const made = await staffTestApp({
    SIGNATURE_PROVIDER: 'yousign',
    YOUSIGN_API_KEY: fake.apiKey,
    YOUSIGN_BASE_URL: fake.baseUrl,
    YOUSIGN_WEBHOOK_SECRET: SECRET,
    // The failures below are logged on purpose: keep the test output for real ones.
    LOG_LEVEL: 'silent',
    ...env,
  });
  open.push(made.db);
  const buyer = await addBuyer(made.db, 'Lucie', made.ids.chasseur, { lastname: 'Fontaine' });
  const prepared = await made.call('chasseur', 'POST', staffMandatePath(buyer.userId), {
    projectId: buyer.projectId,
  });
  expect(prepared.status).toBe(201);
  const client = (await signedIn(made, 'lucie@exemple.fr')).headers;
  const identity = await made.app.request(
    CLIENT_MANDATE_IDENTITY_PATH,
    postJson(
      { firstName: 'Lucie', lastName: 'Fontaine', address: '12 rue de Fontenay, 94300 Vincennes' },
      client,
    ),
  );
  expect(identity.status).toBe(200);
  const accept = () =>
    made.app.request(CLIENT_MANDATE_CODE_PATH, postJson({ accepted: true }, client));
  const mandate = async () =>
    (await (
      await made.app.request(CLIENT_MANDATE_PATH, { headers: client })
    ).json()) as MandateView;
  const webhook = (
    signatureRequestId: string,
    opts: Partial<Parameters<FakeYousign['webhookInit']>[1]> = {},
  ) =>
    made.app.request(
      YOUSIGN_WEBHOOK_PATH,
      fake.webhookInit(signatureRequestId, { secret: SECRET, ...opts }),
    );
  return { ...made, buyer, client, accept, mandate, webhook };
}

/** « J’accepte » → the request made at the fake Yousign: its id. */
async function launched(s: Awaited<ReturnType<typeof setup>>) {
  const res = await s.accept();
  expect(res.status).toBe(200);
  const view = (await res.json()) as MandateView;
  const request = [...fake.requests.values()].find((r) => r.externalId === view.id);
  if (!request) throw new Error('no signature request at the fake Yousign');
  return { view, signatureRequestId: request.id };
}

describe('« J’ai lu et j’accepte » with SIGNATURE_PROVIDER=yousign', () => {
  it('sends the mandate’s PDF to Yousign with the client as signer, once, and e-mails no code of ours', async () => {
    const s = await setup();
    const from = fake.calls.length;
    const { view, signatureRequestId } = await launched(s);
    expect(view).toMatchObject({
      status: 'awaiting_signature',
      provider: 'yousign',
      codeValidUntil: null,
    });
    const calls = fake.calls.slice(from);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /signature_requests',
      `POST /signature_requests/${signatureRequestId}/documents`,
      `POST /signature_requests/${signatureRequestId}/signers`,
      `POST /signature_requests/${signatureRequestId}/activate`,
    ]);
    for (const call of calls) expect(call.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(calls[0]!.json).toMatchObject({ delivery_mode: 'email', external_id: view.id });
    const file = calls[1]!.form!.file as { bytes: Buffer; type: string };
    expect(file.type).toBe('application/pdf');
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(calls[2]!.json).toMatchObject({
      info: { first_name: 'Lucie', last_name: 'Fontaine', email: 'lucie@exemple.fr', locale: 'fr' },
      signature_level: 'electronic_signature',
      signature_authentication_mode: 'otp_email',
    });
    // Asked again while Yousign's e-mail is out: nothing more is sent.
    const again = await s.accept();
    expect(again.status).toBe(200);
    expect(fake.calls.length).toBe(from + 4);
    const codes = (await s.mails.list('lucie@exemple.fr')).filter((m) =>
      /code de signature/i.test(m.subject),
    );
    expect(codes).toEqual([]);
  });

  it('answers 502 in French and keeps the mandate unsent when Yousign fails', async () => {
    const s = await setup();
    fake.failNext(500, { detail: 'Internal error.' });
    const res = await s.accept();
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /Yousign.*Réessayez/,
    );
    expect(await s.mandate()).toMatchObject({ provider: 'internal', status: 'awaiting_signature' });
    await launched(s); // tried again, it goes
  });
});

describe('POST /api/webhooks/yousign', () => {
  it('refuses a missing, forged or re-serialised signature with 401, and garbage never makes a 500', async () => {
    const s = await setup();
    const { signatureRequestId } = await launched(s);
    fake.complete(signatureRequestId);
    const good = fake.webhookInit(signatureRequestId, { secret: SECRET });
    const refusals = [
      await s.webhook(signatureRequestId, { signature: null }),
      await s.webhook(signatureRequestId, { signature: 'sha256=deadbeef' }),
      await s.webhook(signatureRequestId, { secret: 'another-secret' }),
      await s.app.request(YOUSIGN_WEBHOOK_PATH, { ...good, body: `${good.body} ` }),
      await s.app.request(YOUSIGN_WEBHOOK_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{{{ not json',
      }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe(
        'Signature Yousign manquante ou invalide.',
      );
    }
    // Signed garbage (a correct HMAC over a body we cannot use): 400, not 500.
    for (const body of ['{{{ not json', '{"event_name":"signature_request.done"}', '[]']) {
      const res = await s.app.request(YOUSIGN_WEBHOOK_PATH, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Yousign-Signature-256': yousignSignature(body, SECRET),
        },
        body,
      });
      expect(res.status).toBe(400);
    }
    expect(await s.mandate()).toMatchObject({ status: 'awaiting_signature', registerNumber: null });
  });

  it('acknowledges other events and unknown requests without changing anything', async () => {
    const s = await setup();
    const { signatureRequestId } = await launched(s);
    const activated = await s.webhook(signatureRequestId, {
      eventName: 'signature_request.activated',
    });
    expect(await activated.json()).toEqual({ received: true, outcome: 'ignored' });
    const unknown = await s.webhook('00000000-0000-4000-8000-000000000000');
    expect(await unknown.json()).toEqual({ received: true, outcome: 'unknown' });
    expect((await s.mandate()).status).toBe('awaiting_signature');
  });

  it('answers 502 when the signed PDF cannot be fetched, so that Yousign sends it again', async () => {
    const s = await setup();
    const { signatureRequestId } = await launched(s);
    fake.complete(signatureRequestId);
    fake.failNext(503, { detail: 'Service unavailable.' });
    const failed = await s.webhook(signatureRequestId, { eventId: 'evt-1' });
    expect(failed.status).toBe(502);
    expect((await s.mandate()).status).toBe('awaiting_signature');
    const retried = await s.webhook(signatureRequestId, { eventId: 'evt-1' });
    expect(await retried.json()).toEqual({ received: true, outcome: 'signed' });
  });
});

describe('two deliveries of the same event at once', () => {
  it('sign the mandate once: one register row, one number', async () => {
    const s = await setup();
    const { view, signatureRequestId } = await launched(s);
    fake.complete(signatureRequestId);
    const answers = await Promise.all(
      [1, 2].map(async () => {
        const res = await s.webhook(signatureRequestId, { eventId: 'evt-twice' });
        expect(res.status).toBe(200);
        return ((await res.json()) as { outcome: string }).outcome;
      }),
    );
    expect(answers.sort()).toEqual(['duplicate', 'signed']);
    const rows = await s.db
      .selectFrom('mandate_register_entry')
      .selectAll()
      .where('mandate_id', '=', view.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('the whole Yousign flow, over HTTP', () => {
  it('prepared, accepted, signed at the fake Yousign, whose signed webhook makes it signed and numbered, once', async () => {
    const s = await setup();
    const server = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${YOUSIGN_WEBHOOK_PATH}`;
    try {
      const { view, signatureRequestId } = await launched(s);
      fake.complete(signatureRequestId);
      const before = await s.db.selectFrom('mandate_register_entry').select('seq').execute();

      const delivered = await fake.sendWebhook(url, signatureRequestId, { secret: SECRET });
      expect(delivered.status).toBe(200);
      expect(JSON.parse(delivered.body)).toEqual({ received: true, outcome: 'signed' });

      const signed = await s.mandate();
      expect(signed).toMatchObject({ id: view.id, status: 'signed', provider: 'yousign' });
      expect(signed.registerNumber).toEqual(expect.any(Number));
      expect(signed.withdrawalUntil).not.toBeNull();
      // The register: one new row, numbered, with the client's name.
      const rows = await s.db
        .selectFrom('mandate_register_entry')
        .selectAll()
        .where('mandate_id', '=', view.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: 'mandate', number: signed.registerNumber });
      expect(rows[0]!.mandants).toMatch(/Lucie Fontaine, 12 rue de Fontenay, 94300 Vincennes/);
      // The project is at « Mandat », the hunter and the client are told.
      const project = await s.db
        .selectFrom('buyer_project')
        .select('stage')
        .where('id', '=', s.buyer.projectId)
        .executeTakeFirstOrThrow();
      expect(project.stage).toBe('MANDAT');
      expect(
        (await s.mails.list('lucie@exemple.fr')).some((m) =>
          m.subject.includes(`n°\u00a0${signed.registerNumber} est signé`),
        ),
      ).toBe(true);
      expect(
        (await s.mails.list('chasseur@demo.chassimmo.fr')).some((m) =>
          m.subject.includes('Lucie Fontaine a signé son mandat'),
        ),
      ).toBe(true);

      // The numbered copy (sealed by the agency) downloads with its hash; the evidence binds the
      // PDF signed at Yousign.
      const pdf = await s.app.request(mandatePdfPath(view.id), { headers: s.client });
      expect(pdf.status).toBe(200);
      const bytes = Buffer.from(await pdf.arrayBuffer());
      expect(sha256(bytes)).toBe(signed.pdfSha256);
      expect(verifyPadesSignature(bytes)).toMatchObject({ valid: true, signedDigestMatches: true });
      const evidence = (await (
        await s.app.request(mandateEvidencePath(view.id), { headers: s.client })
      ).json()) as {
        provider: string;
        yousign: { signatureRequestId: string; signedDocument: { sha256: string } };
      };
      const atYousign = fake.requests.get(signatureRequestId)!.documents[0]!.pdf;
      expect(evidence).toMatchObject({
        provider: 'yousign',
        yousign: {
          signatureRequestId,
          auditTrail: { signer: { ip_address: FAKE_SIGNER_IP, user_agent: FAKE_SIGNER_AGENT } },
          signedDocument: {
            sha256: sha256(Buffer.concat([atYousign, Buffer.from(FAKE_SIGNED_MARK)])),
          },
        },
      });

      // Replayed (the same event, or another for the same request): nothing changes.
      for (const eventId of [undefined, 'evt-other']) {
        const again = await fake.sendWebhook(url, signatureRequestId, { secret: SECRET, eventId });
        expect(JSON.parse(again.body)).toEqual({ received: true, outcome: 'duplicate' });
      }
      const after = await s.db.selectFrom('mandate_register_entry').select('seq').execute();
      expect(after.length).toBe(before.length + 1);
      expect((await s.mandate()).registerNumber).toBe(signed.registerNumber);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('is not there with the internal provider', async () => {
    const made = await staffTestApp();
    open.push(made.db);
    const res = await made.app.request(
      YOUSIGN_WEBHOOK_PATH,
      fake.webhookInit('x', { secret: SECRET }),
    );
    expect(res.status).toBe(404);
  });
});
