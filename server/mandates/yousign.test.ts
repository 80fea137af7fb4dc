import { createHmac } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_SIGNED_MARK,
  FAKE_SIGNER_AGENT,
  FAKE_SIGNER_IP,
  startFakeYousign,
  type FakeYousign,
} from './yousign.fake';
import {
  YousignError,
  countPdfPages,
  createYousignClient,
  verifyYousignWebhook,
  yousignSignature,
} from './yousign';

/** A small PDF of two pages, as pdfmake writes them (page objects, no object streams). */
const PDF = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R >> endobj\n4 0 obj << /Type/Page /Parent 2 0 R >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
const signer = { firstName: 'Élodie', lastName: 'Martin', email: 'elodie@exemple.fr' };

let fake: FakeYousign;
beforeAll(async () => {
  fake = await startFakeYousign();
});
afterAll(() => fake.stop());

const client = () => createYousignClient({ baseUrl: fake.baseUrl, apiKey: fake.apiKey });

describe('createYousignClient against the fake Yousign', () => {
  it('creates the request, uploads the PDF, adds the signer with an e-mailed code, activates', async () => {
    const from = fake.calls.length;
    const started = await client().startSignature({
      pdf: PDF,
      fileName: 'mandat-recherche.pdf',
      signer,
      externalId: 'mandate-42',
    });
    const calls = fake.calls.slice(from);
    const id = started.signatureRequestId;
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /signature_requests',
      `POST /signature_requests/${id}/documents`,
      `POST /signature_requests/${id}/signers`,
      `POST /signature_requests/${id}/activate`,
    ]);
    for (const call of calls) expect(call.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(calls[0]!.json).toEqual({
      name: 'Mandat de recherche',
      delivery_mode: 'email',
      timezone: 'Europe/Paris',
      external_id: 'mandate-42',
    });
    expect(calls[1]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(calls[1]!.form).toEqual({
      file: { fileName: 'mandat-recherche.pdf', type: 'application/pdf', bytes: PDF },
      nature: 'signable_document',
    });
    expect(calls[2]!.json).toEqual({
      info: {
        first_name: 'Élodie',
        last_name: 'Martin',
        email: 'elodie@exemple.fr',
        locale: 'fr',
      },
      signature_level: 'electronic_signature',
      signature_authentication_mode: 'otp_email',
      // On the last page: the client signs below the whole mandate.
      fields: [
        {
          document_id: started.documentId,
          type: 'signature',
          page: 2,
          x: 70,
          y: 690,
          width: 200,
          height: 70,
        },
      ],
    });
    expect(started).toEqual({
      signatureRequestId: id,
      signerId: fake.requests.get(id)!.signers[0]!.id,
      documentId: fake.requests.get(id)!.documents[0]!.id,
      signingUrl: `https://yousign.fake/signatures/${started.signerId}`,
    });
    expect(fake.requests.get(id)!.status).toBe('ongoing');
  });

  it('downloads the signed PDF once the request is done, and refuses before', async () => {
    const { signatureRequestId } = await client().startSignature({
      pdf: PDF,
      fileName: 'm.pdf',
      signer,
      externalId: 'mandate-43',
    });
    await expect(client().downloadSigned(signatureRequestId)).rejects.toThrow(
      /Yousign \(téléchargement du document signé\)\u00a0: HTTP 400 – Signature request not done/,
    );
    fake.complete(signatureRequestId);
    const from = fake.calls.length;
    const signed = await client().downloadSigned(signatureRequestId);
    expect(signed).toEqual(Buffer.concat([PDF, Buffer.from(FAKE_SIGNED_MARK)]));
    expect(fake.calls[from]).toMatchObject({
      method: 'GET',
      path: `/signature_requests/${signatureRequestId}/documents/download?version=completed&archive=false`,
      authorization: `Bearer ${fake.apiKey}`,
    });
  });

  it('reads the signer’s audit trail at Yousign once they have signed', async () => {
    const { signatureRequestId, signerId } = await client().startSignature({
      pdf: PDF,
      fileName: 'm.pdf',
      signer,
      externalId: 'mandate-44',
    });
    await expect(client().signerAuditTrail(signatureRequestId)).rejects.toThrow(
      /Yousign \(dossier de preuve du signataire\)\u00a0: HTTP 400 – Signer has not signed/,
    );
    fake.complete(signatureRequestId);
    const from = fake.calls.length;
    const { signerId: found, auditTrail } = await client().signerAuditTrail(signatureRequestId);
    expect(found).toBe(signerId);
    expect(auditTrail).toMatchObject({
      signer: { id: signerId, ip_address: FAKE_SIGNER_IP, user_agent: FAKE_SIGNER_AGENT },
    });
    expect(fake.calls.slice(from).map((c) => `${c.method} ${c.path} ${c.authorization}`)).toEqual([
      `GET /signature_requests/${signatureRequestId} Bearer ${fake.apiKey}`,
      `GET /signature_requests/${signatureRequestId}/signers/${signerId}/audit_trails Bearer ${fake.apiKey}`,
    ]);
  });

  it('says which step failed and why, and never repeats the API key', async () => {
    const wrongKey = createYousignClient({ baseUrl: fake.baseUrl, apiKey: 'secret-wrong-key' });
    const refused = await wrongKey
      .startSignature({ pdf: PDF, fileName: 'm.pdf', signer, externalId: 'x' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(YousignError);
    expect(refused).toMatchObject({ step: 'création de la demande', status: 401 });
    expect(String((refused as Error).message)).toBe(
      'Yousign (création de la demande)\u00a0: HTTP 401 – Invalid API key.',
    );
    expect(JSON.stringify(refused) + String(refused)).not.toContain('secret-wrong-key');

    fake.failNext(201, {});
    await expect(
      client().startSignature({ pdf: PDF, fileName: 'm.pdf', signer, externalId: 'y' }),
    ).rejects.toThrow(/réponse sans identifiant/);
    fake.failNext(422, {
      detail: 'Validation failed.',
      invalid_params: [{ name: 'file', reason: 'PDF version must be 1.6 or higher.' }],
    });
    await expect(
      client().startSignature({ pdf: PDF, fileName: 'm.pdf', signer, externalId: 'y' }),
    ).rejects.toThrow(
      'Yousign (création de la demande)\u00a0: HTTP 422 – Validation failed. – file: PDF version must be 1.6 or higher.',
    );
  });

  it('gives up after its timeout, and says so when nothing answers', async () => {
    const slow = createYousignClient({
      baseUrl: fake.baseUrl,
      apiKey: fake.apiKey,
      timeoutMs: 50,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
    });
    await expect(slow.downloadSigned('abc')).rejects.toThrow(
      'Yousign (téléchargement du document signé)\u00a0: pas de réponse (délai de 0,05 s dépassé).',
    );
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const closed = createYousignClient({ baseUrl: `http://127.0.0.1:${port}/v3`, apiKey: 'k' });
    await expect(closed.downloadSigned('abc')).rejects.toThrow(/pas de réponse \(.*ECONNREFUSED/);
  });

  it('counts the pages of a PDF (the signature goes on the last)', () => {
    expect(countPdfPages(PDF)).toBe(2);
    expect(countPdfPages(Buffer.from('%PDF-1.7\n%%EOF'))).toBe(1);
  });
});

describe('verifyYousignWebhook', () => {
  const secret = 'whsec-yousign-test';
  const body = '{"event_name":"signature_request.done","data":{}}';
  const good = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

  it('accepts the documented header: « sha256= » and the hex HMAC-SHA256 of the raw body', () => {
    expect(yousignSignature(body, secret)).toBe(good);
    expect(verifyYousignWebhook(body, good, secret)).toBe(true);
    expect(verifyYousignWebhook(Buffer.from(body), good, secret)).toBe(true);
  });

  it('refuses a missing, empty, malformed, forged or re-serialised signature without throwing', () => {
    for (const header of [undefined, '', 'sha256=', 'deadbeef', good.slice(0, -1), `${good}0`])
      expect(verifyYousignWebhook(body, header, secret)).toBe(false);
    expect(verifyYousignWebhook(body, yousignSignature(body, 'other'), secret)).toBe(false);
    expect(verifyYousignWebhook(`${body} `, good, secret)).toBe(false);
    expect(verifyYousignWebhook(body, good, '')).toBe(false);
    expect(verifyYousignWebhook(body, 'sha256=é'.repeat(20), secret)).toBe(false);
  });
});
