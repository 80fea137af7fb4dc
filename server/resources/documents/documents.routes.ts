import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import {
  DOCUMENT_SIZE_REFUSAL,
  MAX_DOCUMENT_BYTES,
  displayFileName,
  isDocumentKind,
  type DocumentKind,
} from '../../../src/domain/client-documents';
import {
  DOCUMENTS_PATH,
  DOCUMENT_UPLOAD_PATH,
  documentReviewSchema,
} from '../../../src/domain/api/documents';
import { Role } from '../../../src/domain/roles';
import { requireAuth, requireRoles, type AuthEnv } from '../../auth/middleware';
import { apiError, readJson, validationError } from '../../http/errors';
import { IDEMPOTENCY_KEY_PATTERN } from '../../http/idempotency';
import { underApi } from '../../http/paths';
import type { StaffRouteDeps } from '../../staff/deps';
import { actorOf, requireStaff, type StaffEnv } from '../../staff/policy';
import type { DocumentStore } from './document-store';
import { reviewDocument } from './document-review';
import {
  clientInScope,
  documentFile,
  documentList,
  documentOf,
  recordUpload,
} from './documents.repo';
import { UploadParser, UploadRefused, fileNameHeader } from './upload-parser';

const NO_KIND = 'Ce type de document n’existe pas.';
const NOT_SENT = 'Ce document n’a pas encore été envoyé.';
const NOT_FOUND_BUYER = 'Ce client n’existe pas ou ne vous est pas attribué.';

const asciiName = (name: string) => name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');

/**
 * « Mes documents » (issue 16, docs/client-area.md): the buyer's papers, their upload (type
 * read from the bytes, 10 MB at most, kept in the DocumentStore under a random id), the
 * download by their owner and by the staff in scope, and the staff's review. Mounted on /api.
 */
export function clientDocumentsRoutes(
  deps: StaffRouteDeps & { documents: DocumentStore },
): Hono<AuthEnv> {
  const { db, mails, publicUrl, now, documents: store } = deps;
  const app = new Hono<StaffEnv>();
  const client = [requireAuth(deps.tokens, deps.users), requireRoles([Role.CLIENT])] as const;
  const staff = [requireAuth(deps.tokens, deps.users), requireStaff()] as const;
  const kindOf = (c: Context): DocumentKind | undefined => {
    const kind = c.req.param('kind');
    return kind !== undefined && isDocumentKind(kind) ? kind : undefined;
  };

  async function download(c: Context, userId: string, kind: DocumentKind) {
    const found = await documentFile(db, store, userId, kind);
    if (found === 'not-sent') return apiError(c, 404, NOT_SENT);
    if (found === 'lost')
      return apiError(c, 404, 'Ce fichier est introuvable. Demandez au client de le renvoyer.');
    return new Response(found.file.stream, {
      status: 200,
      headers: {
        'Content-Type': found.mime,
        'Content-Length': String(found.file.size),
        'Content-Disposition': `attachment; filename="${asciiName(found.name)}"; filename*=UTF-8''${encodeURIComponent(found.name)}`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    });
  }

  app.get(underApi(DOCUMENTS_PATH), ...client, async (c) =>
    c.json(await documentList(db, c.get('user')._id, false)),
  );

  app.put(underApi(DOCUMENT_UPLOAD_PATH), ...client, async (c) => {
    const kind = kindOf(c);
    if (!kind) return apiError(c, 404, NO_KIND);
    const declared = Number(c.req.header('Content-Length'));
    if (Number.isFinite(declared) && declared > MAX_DOCUMENT_BYTES) {
      return apiError(c, 413, DOCUMENT_SIZE_REFUSAL);
    }
    const userId = c.get('user')._id;
    // Optional here (the page's own upload has one; a script may not): with it, an upload the
    // outbox replays after a lost answer is recorded once (issue 16, offline).
    const key = c.req.header('Idempotency-Key');
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      return apiError(c, 400, 'L’en-tête Idempotency-Key est invalide (16 à 128 caractères).');
    }
    const fileId = randomUUID();
    const upload = new UploadParser(c.req.raw.body, kind);
    try {
      await store.put(fileId, upload.chunks());
    } catch (error) {
      if (error instanceof UploadRefused) return apiError(c, error.status, error.message);
      throw error;
    }
    const { mime, size, hash } = upload.accepted();
    const outcome = await recordUpload(db, store, {
      userId,
      kind,
      fileId,
      originalName: displayFileName(fileNameHeader(c.req.header('X-File-Name')), mime),
      mime,
      size,
      at: new Date(now()).toISOString(),
      key: key ? { key, hash } : undefined,
    });
    if (outcome === 'gone') return apiError(c, 410, 'Ce compte a été supprimé.');
    // Already recorded under this key (a replay), or the key served for another file.
    if (outcome === 'conflict')
      return apiError(
        c,
        409,
        'Cet envoi a déjà été fait avec un autre fichier. Rechargez la page puis renvoyez le document.',
      );
    if (outcome === 'replay') c.header('Idempotent-Replayed', 'true');
    return c.json(await documentOf(db, userId, kind, false));
  });

  app.get(underApi(`${DOCUMENT_UPLOAD_PATH}/file`), ...client, async (c) => {
    const kind = kindOf(c);
    if (!kind) return apiError(c, 404, NO_KIND);
    return download(c, c.get('user')._id, kind);
  });

  app.get('/staff/buyers/:userId/documents', ...staff, async (c) => {
    const buyer = await clientInScope(deps.users, c.get('scope'), c.req.param('userId'));
    if (!buyer) return apiError(c, 404, NOT_FOUND_BUYER);
    return c.json(await documentList(db, buyer.id, true));
  });

  app.get('/staff/buyers/:userId/documents/:kind/file', ...staff, async (c) => {
    const buyer = await clientInScope(deps.users, c.get('scope'), c.req.param('userId'));
    if (!buyer) return apiError(c, 404, NOT_FOUND_BUYER);
    const kind = kindOf(c);
    if (!kind) return apiError(c, 404, NO_KIND);
    return download(c, buyer.id, kind);
  });

  app.post('/staff/buyers/:userId/documents/:kind/review', ...staff, async (c) => {
    const buyer = await clientInScope(deps.users, c.get('scope'), c.req.param('userId'));
    if (!buyer) return apiError(c, 404, NOT_FOUND_BUYER);
    const kind = kindOf(c);
    if (!kind) return apiError(c, 404, NO_KIND);
    const parsed = documentReviewSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const done = await reviewDocument(db, mails, {
      buyer,
      kind,
      review: parsed.data,
      actorId: actorOf(c).id,
      at: new Date(now()).toISOString(),
      publicUrl,
    });
    if (done === 'missing') return apiError(c, 404, NOT_SENT);
    if (done === 'stale')
      return apiError(
        c,
        409,
        'Le client vient d’envoyer un nouveau fichier pour ce document. Ouvrez-le avant de le valider ou de le refuser.',
      );
    return c.json(await documentOf(db, buyer.id, kind, true));
  });

  return app as unknown as Hono<AuthEnv>;
}
