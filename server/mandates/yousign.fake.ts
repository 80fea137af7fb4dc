import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { YOUSIGN_SIGNATURE_HEADER, yousignSignature } from './yousign';

/**
 * For tests: a fake of Yousign's API v3 on 127.0.0.1 and a free port (node:http), the way the
 * documents' tests run a real S3 server. It answers the calls server/mandates/yousign.ts makes
 * with JSON shaped like Yousign's, refuses a wrong Bearer key (401), records every call
 * (method, path, headers, JSON or multipart body) for the tests to read, serves the signed PDF
 * once a request is done, and can POST the signed webhook `signature_request.done` to a URL.
 */

export interface FakeYousignCall {
  method: string;
  /** Path below the base URL's /v3, with its query. */
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** JSON bodies parsed; multipart bodies as their text fields and files. */
  json?: unknown;
  form?: Record<string, string | { fileName: string; type: string; bytes: Buffer }>;
}

interface FakeRequest {
  id: string;
  name: string;
  externalId: string | null;
  status: 'draft' | 'ongoing' | 'done';
  createdAt: string;
  documents: { id: string; fileName: string; nature: string; pdf: Buffer }[];
  signers: { id: string; info: Record<string, unknown>; status: string; fields: unknown[] }[];
}

/** What the fake appends to the uploaded PDF to make « the signed copy » (still a PDF). */
/** The signer's address and browser in the fake's audit trail. */
export const FAKE_SIGNER_IP = '203.0.113.7';
export const FAKE_SIGNER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)';
export const FAKE_SIGNED_MARK = '\n% Signé électroniquement (faux Yousign)\n';

export async function startFakeYousign(options: { apiKey?: string } = {}) {
  const apiKey = options.apiKey ?? 'fake-yousign-api-key';
  const calls: FakeYousignCall[] = [];
  const requests = new Map<string, FakeRequest>();
  /** Answers forced for the next calls (status and body), first in first out. */
  const failures: { status: number; body: unknown }[] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: ServerResponse) =>
    send(res, 404, { type: 'not_found', detail: 'Resource not found.' });

  const view = (r: FakeRequest) => ({
    id: r.id,
    source: 'public_api',
    status: r.status,
    name: r.name,
    delivery_mode: 'email',
    timezone: 'Europe/Paris',
    created_at: r.createdAt,
    external_id: r.externalId,
    documents: r.documents.map((d) => ({ id: d.id, nature: d.nature })),
    signers: r.signers.map((s) => ({
      id: s.id,
      status: s.status,
      signature_link: r.status === 'draft' ? null : `https://yousign.fake/signatures/${s.id}`,
    })),
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake');
    const call: FakeYousignCall = {
      method: req.method ?? 'GET',
      path: url.pathname.replace(/^\/v3/, '') + url.search,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
    };
    const type = call.contentType ?? '';
    if (type.startsWith('application/json') && raw.length) {
      try {
        call.json = JSON.parse(raw.toString('utf8'));
      } catch {
        calls.push(call);
        return send(res, 400, { type: 'bad_request', detail: 'Invalid JSON.' });
      }
    } else if (type.startsWith('multipart/form-data')) {
      const form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'Content-Type': type },
        body: raw,
      }).formData();
      call.form = {};
      for (const [key, value] of form.entries()) {
        call.form[key] =
          typeof value === 'string'
            ? value
            : {
                fileName: value.name,
                type: value.type,
                bytes: Buffer.from(await value.arrayBuffer()),
              };
      }
    }
    calls.push(call);

    if (call.authorization !== `Bearer ${apiKey}`)
      return send(res, 401, { type: 'unauthorized', detail: 'Invalid API key.' });
    const forced = failures.shift();
    if (forced) return send(res, forced.status, forced.body);

    const parts = url.pathname.replace(/^\/v3\/?/, '').split('/');
    if (parts[0] !== 'signature_requests') return notFound(res);
    if (parts.length === 1 && call.method === 'POST') {
      const body = (call.json ?? {}) as Record<string, unknown>;
      if (typeof body.name !== 'string' || !['email', 'none'].includes(String(body.delivery_mode)))
        return send(res, 400, {
          type: 'invalid_request',
          detail: 'Validation failed.',
          invalid_params: [{ name: 'name', reason: 'This value should not be blank.' }],
        });
      const created: FakeRequest = {
        id: randomUUID(),
        name: body.name,
        externalId: typeof body.external_id === 'string' ? body.external_id : null,
        status: 'draft',
        createdAt: new Date().toISOString(),
        documents: [],
        signers: [],
      };
      requests.set(created.id, created);
      return send(res, 201, view(created));
    }
    const found = requests.get(parts[1] ?? '');
    if (!found) return notFound(res);
    const action = parts.slice(2).join('/');

    if (action === 'documents' && call.method === 'POST') {
      const file = call.form?.file;
      if (found.status !== 'draft' || typeof file !== 'object' || file.type !== 'application/pdf')
        return send(res, 400, { type: 'invalid_request', detail: 'A PDF file is required.' });
      const document = {
        id: randomUUID(),
        fileName: file.fileName,
        nature: String(call.form?.nature ?? ''),
        pdf: file.bytes,
      };
      found.documents.push(document);
      return send(res, 201, {
        id: document.id,
        filename: document.fileName,
        nature: document.nature,
        content_type: 'application/pdf',
        is_signed: false,
      });
    }
    if (action === 'signers' && call.method === 'POST') {
      const body = (call.json ?? {}) as { info?: Record<string, unknown>; fields?: unknown[] };
      if (found.status !== 'draft' || !body.info?.email)
        return send(res, 400, { type: 'invalid_request', detail: 'Signer info is required.' });
      const signer = {
        id: randomUUID(),
        info: body.info,
        status: 'initiated',
        fields: body.fields ?? [],
      };
      found.signers.push(signer);
      return send(res, 201, { ...signer, signature_link: null });
    }
    if (action === 'activate' && call.method === 'POST') {
      if (found.status !== 'draft' || !found.documents.length || !found.signers.length)
        return send(res, 400, {
          type: 'invalid_request',
          detail: 'The signature request cannot be activated.',
        });
      found.status = 'ongoing';
      for (const s of found.signers) s.status = 'notified';
      return send(res, 201, view(found));
    }
    if (action === 'documents/download' && call.method === 'GET') {
      if (found.status !== 'done' || !found.documents[0])
        return send(res, 400, { type: 'invalid_request', detail: 'Signature request not done.' });
      res.writeHead(200, { 'Content-Type': 'application/pdf' });
      return res.end(Buffer.concat([found.documents[0].pdf, Buffer.from(FAKE_SIGNED_MARK)]));
    }
    const trail = /^signers\/([^/]+)\/audit_trails$/.exec(action);
    if (trail && call.method === 'GET') {
      const signer = found.signers.find((x) => x.id === trail[1]);
      if (!signer) return notFound(res);
      if (signer.status !== 'signed')
        return send(res, 400, { type: 'invalid_request', detail: 'Signer has not signed.' });
      return send(res, 200, {
        signer: {
          id: signer.id,
          first_name: signer.info.first_name,
          last_name: signer.info.last_name,
          email_address: signer.info.email,
          ip_address: FAKE_SIGNER_IP,
          user_agent: FAKE_SIGNER_AGENT,
          authentication_mode: 'otp_email',
          otp_sent_at: found.createdAt,
          signed_at: new Date().toISOString(),
        },
        signature_request: { id: found.id, name: found.name },
        documents: found.documents.map((d) => ({ id: d.id, name: d.fileName })),
      });
    }
    if (action === '' && call.method === 'GET') return send(res, 200, view(found));
    return notFound(res);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) =>
      send(res, 500, { type: 'internal', detail: String(err) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** The webhook's JSON as Yousign sends it (developers.yousign.com « Handling Webhooks »). */
  const eventBody = (signatureRequestId: string, eventName: string, eventId?: string) => {
    const r = requests.get(signatureRequestId);
    return JSON.stringify({
      event_id: eventId ?? randomUUID(),
      event_name: eventName,
      event_time: String(Math.floor(Date.now() / 1000)),
      subscription_id: 'fake-subscription',
      subscription_description: 'Chassimmo (tests)',
      sandbox: true,
      data: {
        signature_request: r
          ? view(r)
          : { id: signatureRequestId, status: 'done', external_id: null, signers: [] },
      },
    });
  };

  /**
   * The webhook's request, signed with `secret` (or carrying `signature` as given, null for
   * none, to test a forgery): for `app.request(path, init)` or fetch.
   */
  function webhookInit(
    signatureRequestId: string,
    opts: { secret: string; eventName?: string; eventId?: string; signature?: string | null },
  ): RequestInit & { body: string; headers: Record<string, string> } {
    const body = eventBody(
      signatureRequestId,
      opts.eventName ?? 'signature_request.done',
      opts.eventId,
    );
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'User-Agent': 'Yousign Webhook Bot',
      'X-Yousign-Retry': '0',
      'X-Yousign-Issued-At': new Date().toISOString(),
    };
    const signature =
      opts.signature === undefined ? yousignSignature(body, opts.secret) : opts.signature;
    if (signature !== null) headers[YOUSIGN_SIGNATURE_HEADER] = signature;
    return { method: 'POST', headers, body };
  }

  return {
    baseUrl: `http://127.0.0.1:${port}/v3`,
    apiKey,
    calls,
    requests,
    /** The next call answers `status` with `body` (once each, in order). */
    failNext(status: number, body: unknown = { type: 'error', detail: 'Forced failure.' }) {
      failures.push({ status, body });
    },
    /** The signer signed: the request is done and its signed PDF downloadable. */
    complete(signatureRequestId: string) {
      const r = requests.get(signatureRequestId);
      if (!r) throw new Error(`Unknown signature request ${signatureRequestId}`);
      r.status = 'done';
      for (const s of r.signers) s.status = 'signed';
    },
    eventBody,
    webhookInit,
    /** POSTs the webhook to `url` (a server listening); answers the receiver's status and body. */
    async sendWebhook(
      url: string,
      signatureRequestId: string,
      opts: { secret: string; eventName?: string; eventId?: string; signature?: string | null },
    ) {
      const init = webhookInit(signatureRequestId, opts);
      const res = await fetch(url, init);
      return { status: res.status, body: await res.text(), sent: init.body };
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

export type FakeYousign = Awaited<ReturnType<typeof startFakeYousign>>;
