import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The optional signature provider (issue 30, docs/mandates.md « Yousign »): a small client of
 * Yousign's API v3, used when SIGNATURE_PROVIDER=yousign. The mandate's PDF goes to Yousign,
 * which e-mails the client a link and a one-time code (simple electronic signature, eIDAS
 * art. 25-26, otp_email); its signed webhook `signature_request.done` then brings the signed PDF
 * back (server/resources/mandates/yousign.routes.ts).
 *
 * Endpoints (developers.yousign.com, « Request a signature with notifications managed by
 * Yousign »): POST /signature_requests, POST /signature_requests/{id}/documents (multipart),
 * POST /signature_requests/{id}/signers, POST /signature_requests/{id}/activate,
 * GET /signature_requests/{id}/documents/download. Bearer API key.
 *
 * The API key never leaves the Authorization header: no error message, log line or exception
 * carries it.
 */

export const YOUSIGN_SANDBOX_URL = 'https://api-sandbox.yousign.app/v3';
export const YOUSIGN_PRODUCTION_URL = 'https://api.yousign.app/v3';
/** The header that carries the webhook's HMAC (developers.yousign.com « Security »). */
export const YOUSIGN_SIGNATURE_HEADER = 'X-Yousign-Signature-256';

/** One call that failed: which step, the HTTP status (null: no answer), Yousign's own words. */
export class YousignError extends Error {
  constructor(
    readonly step: string,
    readonly status: number | null,
    detail: string,
  ) {
    const words = detail.replace(/[.\s]+$/, '');
    super(
      status === null
        ? `Yousign (${step})\u00a0: pas de réponse (${words}).`
        : `Yousign (${step})\u00a0: HTTP ${status}${words ? ` – ${words}` : ''}.`,
    );
    this.name = 'YousignError';
  }
}

export interface YousignSigner {
  firstName: string;
  lastName: string;
  email: string;
}

/** Where the client's signature goes (Yousign: points from the page's top left corner). */
export interface YousignSignatureField {
  /** 1-based; default: the PDF's last page. */
  page?: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface StartSignatureInput {
  pdf: Buffer;
  fileName: string;
  signer: YousignSigner;
  /** Our mandate's id: comes back in the webhook as data.signature_request.external_id. */
  externalId: string;
  /** Shown in Yousign's e-mail and dashboard; default « Mandat de recherche ». */
  name?: string;
  field?: YousignSignatureField;
}

export interface StartedSignature {
  signatureRequestId: string;
  signerId: string;
  documentId: string;
  /** The signer's link when Yousign gives one (it also e-mails it: delivery_mode email). */
  signingUrl?: string;
}

export interface YousignClient {
  startSignature(input: StartSignatureInput): Promise<StartedSignature>;
  /** The signed PDF of a done signature request. */
  downloadSigned(signatureRequestId: string): Promise<Buffer>;
  /**
   * Yousign's audit trail of the request's (first) signer, as JSON: their IP address, device,
   * code checks and times at Yousign. Only once the signer has signed.
   */
  signerAuditTrail(signatureRequestId: string): Promise<{ signerId: string; auditTrail: unknown }>;
}

export interface YousignClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Per call; default 20 s (an upload of a few hundred KB included). */
  timeoutMs?: number;
  /** Tests may give their own; default the global fetch. */
  fetch?: typeof fetch;
}

/** Below the last text of an A4 page, left column; Yousign's minimum is 85 × 37 points. */
const DEFAULT_FIELD = { x: 70, y: 690, width: 200, height: 70 };

/**
 * Pages of a PDF, counted from its page objects (`/Type /Page`, not `/Pages`): enough for the
 * PDFs we make (pdfmake writes no object streams). 1 when none is found.
 */
export function countPdfPages(pdf: Buffer): number {
  const found = pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g);
  return Math.max(1, found?.length ?? 0);
}

/** Yousign's error body ({ detail, title, invalid_params }) in a few words, never more. */
function describeError(body: string): string {
  try {
    const parsed = JSON.parse(body) as {
      detail?: unknown;
      title?: unknown;
      invalid_params?: { name?: unknown; reason?: unknown }[];
    };
    const params = Array.isArray(parsed.invalid_params)
      ? parsed.invalid_params
          .map((p) => `${String(p.name ?? '?')}: ${String(p.reason ?? '?')}`)
          .join(', ')
      : '';
    const text = [parsed.detail ?? parsed.title, params].filter(Boolean).map(String).join(' – ');
    return text.slice(0, 300);
  } catch {
    return body.replace(/\s+/g, ' ').trim().slice(0, 200);
  }
}

export function createYousignClient(options: YousignClientOptions): YousignClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 20_000;
  const doFetch = options.fetch ?? fetch;

  async function call(
    step: string,
    method: 'GET' | 'POST',
    path: string,
    body?: { json: unknown } | { form: FormData },
  ): Promise<Response> {
    const headers: Record<string, string> = { Authorization: `Bearer ${options.apiKey}` };
    let payload: string | FormData | undefined;
    if (body && 'json' in body) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body) payload = body.form; // fetch writes the multipart boundary itself
    let res: Response;
    try {
      res = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const name = err instanceof Error ? err.name : '';
      const why =
        name === 'TimeoutError' || name === 'AbortError'
          ? `délai de ${(timeoutMs / 1000).toLocaleString('fr-FR')} s dépassé`
          : err instanceof Error && err.cause instanceof Error
            ? err.cause.message
            : err instanceof Error
              ? err.message
              : String(err);
      throw new YousignError(step, null, why);
    }
    if (!res.ok) throw new YousignError(step, res.status, describeError(await res.text()));
    return res;
  }

  async function json<T>(step: string, res: Response): Promise<T> {
    try {
      return (await res.json()) as T;
    } catch {
      throw new YousignError(step, res.status, 'réponse illisible (JSON attendu)');
    }
  }

  const idOf = (step: string, value: { id?: unknown }): string => {
    if (typeof value.id !== 'string' || !value.id)
      throw new YousignError(step, 200, 'réponse sans identifiant');
    return value.id;
  };

  return {
    async startSignature(input) {
      let step = 'création de la demande';
      const request = await json<{ id?: unknown }>(
        step,
        await call(step, 'POST', '/signature_requests', {
          json: {
            name: input.name ?? 'Mandat de recherche',
            delivery_mode: 'email',
            timezone: 'Europe/Paris',
            external_id: input.externalId,
          },
        }),
      );
      const signatureRequestId = idOf(step, request);
      const base = `/signature_requests/${encodeURIComponent(signatureRequestId)}`;

      step = 'envoi du document';
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(input.pdf)], { type: 'application/pdf' }),
        input.fileName,
      );
      form.append('nature', 'signable_document');
      const documentId = idOf(
        step,
        await json<{ id?: unknown }>(step, await call(step, 'POST', `${base}/documents`, { form })),
      );

      step = 'ajout du signataire';
      const field = { ...DEFAULT_FIELD, ...input.field };
      const signer = await json<{ id?: unknown }>(
        step,
        await call(step, 'POST', `${base}/signers`, {
          json: {
            info: {
              first_name: input.signer.firstName,
              last_name: input.signer.lastName,
              email: input.signer.email,
              locale: 'fr',
            },
            signature_level: 'electronic_signature',
            signature_authentication_mode: 'otp_email',
            fields: [
              {
                document_id: documentId,
                type: 'signature',
                page: field.page ?? countPdfPages(input.pdf),
                x: field.x,
                y: field.y,
                width: field.width,
                height: field.height,
              },
            ],
          },
        }),
      );
      const signerId = idOf(step, signer);

      step = 'activation';
      const activated = await json<{ signers?: { id?: unknown; signature_link?: unknown }[] }>(
        step,
        await call(step, 'POST', `${base}/activate`),
      );
      const link = activated.signers?.find((s) => s.id === signerId)?.signature_link;
      return {
        signatureRequestId,
        signerId,
        documentId,
        ...(typeof link === 'string' && link ? { signingUrl: link } : {}),
      };
    },

    async downloadSigned(signatureRequestId) {
      const step = 'téléchargement du document signé';
      // One document: archive=false gives the PDF itself, not a zip.
      const res = await call(
        step,
        'GET',
        `/signature_requests/${encodeURIComponent(signatureRequestId)}/documents/download?version=completed&archive=false`,
      );
      const pdf = Buffer.from(await res.arrayBuffer());
      if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw new YousignError(step, res.status, 'le fichier reçu n’est pas un PDF');
      return pdf;
    },

    async signerAuditTrail(signatureRequestId) {
      const step = 'dossier de preuve du signataire';
      const base = `/signature_requests/${encodeURIComponent(signatureRequestId)}`;
      const request = await json<{ signers?: { id?: unknown }[] }>(
        step,
        await call(step, 'GET', base),
      );
      const signerId = request.signers?.[0]?.id;
      if (typeof signerId !== 'string' || !signerId)
        throw new YousignError(step, 200, 'demande sans signataire');
      const auditTrail = await json<unknown>(
        step,
        await call(step, 'GET', `${base}/signers/${encodeURIComponent(signerId)}/audit_trails`),
      );
      return { signerId, auditTrail };
    },
  };
}

/** The header's value for `rawBody`: « sha256= » and the hex HMAC-SHA256 with the secret. */
export function yousignSignature(rawBody: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/**
 * True when `header` (X-Yousign-Signature-256) is the HMAC of the exact bytes received, with
 * the webhook subscription's secret. Compared in constant time; a missing, empty or malformed
 * header is simply false, never an exception.
 */
export function verifyYousignWebhook(
  rawBody: string | Buffer,
  header: string | undefined,
  secret: string,
): boolean {
  if (!header || !secret) return false;
  const expected = Buffer.from(yousignSignature(rawBody, secret), 'latin1');
  const given = Buffer.from(header.trim(), 'latin1');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
