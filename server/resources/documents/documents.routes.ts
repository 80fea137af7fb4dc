import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import {
  DOCUMENT_REASON_MAX,
  DOCUMENT_SIZE_REFUSAL,
  DOCUMENT_TYPE_REFUSAL,
  MAX_DOCUMENT_BYTES,
  SNIFF_BYTES,
  displayFileName,
  documentKindLabel,
  documentKinds,
  documentStatusLabel,
  isDocumentKind,
  sniffDocumentMime,
  type ClientDocumentView,
  type DocumentKind,
  type DocumentMime,
  type DocumentStatus,
} from '../../../src/domain/client-documents';
import { Role } from '../../../src/domain/roles';
import { requireAuth, requireRoles, type AuthEnv } from '../../auth/middleware';
import { toUser } from '../users/users.repo';
import type { Db } from '../../db/database';
import type { ClientDocumentTable, Database } from '../../db/schema';
import { apiError, readJson, validationError } from '../../http/errors';
import { IDEMPOTENCY_KEY_PATTERN, once, type IdempotentResult } from '../../http/idempotency';
import { documentRefusedMail } from '../../mail/templates';
import { audit } from '../../staff/audit';
import type { StaffRouteDeps } from '../../staff/deps';
import { actorOf, inScope, requireStaff, type StaffEnv } from '../../staff/policy';

const NO_KIND = 'Ce type de document n’existe pas.';
const NOT_SENT = 'Ce document n’a pas encore été envoyé.';
const NOT_FOUND_BUYER = 'Ce client n’existe pas ou ne vous est pas attribué.';
const INTERRUPTED =
  'L’envoi a été interrompu avant la fin du fichier. Vérifiez votre connexion puis réessayez.';
const EMPTY = 'Le fichier reçu est vide. Choisissez de nouveau le document puis réessayez.';

const reviewSchema = z
  .object({
    status: z.enum(['valide', 'refuse'], {
      error: 'Choisissez «\u00a0Valider\u00a0» ou «\u00a0Refuser\u00a0».',
    }),
    reason: z
      .string({ error: 'Le motif doit être un texte.' })
      .trim()
      .max(
        DOCUMENT_REASON_MAX,
        `Le motif est trop long (${DOCUMENT_REASON_MAX} caractères au plus).`,
      )
      .default(''),
    /** The upload the reviewer saw (uploadedAt as listed): another one since is not reviewed. */
    uploadedAt: z.string({ error: 'uploadedAt doit être un texte.' }).max(40).optional(),
  })
  .refine((v) => v.status !== 'refuse' || v.reason.length > 0, {
    path: ['reason'],
    message: 'Indiquez au client pourquoi ce document est refusé.',
  });

type DocumentRow = Pick<
  ClientDocumentTable,
  | 'kind'
  | 'file_id'
  | 'original_name'
  | 'mime'
  | 'size'
  | 'status'
  | 'reason'
  | 'uploaded_at'
  | 'reviewed_at'
> & { reviewer_firstname?: string | null; reviewer_lastname?: string | null };

/** Every kind, in the agency's order, with what the buyer sent for it (or « à fournir »). */
async function documentList(db: Db, userId: string, staff: boolean): Promise<ClientDocumentView[]> {
  const rows: DocumentRow[] = await db
    .selectFrom('client_document as d')
    .leftJoin('app_user as r', 'r.id', 'd.reviewed_by')
    .select([
      'd.kind',
      'd.file_id',
      'd.original_name',
      'd.mime',
      'd.size',
      'd.status',
      'd.reason',
      'd.uploaded_at',
      'd.reviewed_at',
      'r.firstname as reviewer_firstname',
      'r.lastname as reviewer_lastname',
    ])
    .where('d.user_id', '=', userId)
    .limit(documentKinds.length)
    .execute();
  return documentKinds.map(({ value, label }) => {
    const row = rows.find((r) => r.kind === value);
    const status = (row?.status ?? 'a_fournir') as DocumentStatus;
    return {
      kind: value,
      label,
      status,
      statusLabel: documentStatusLabel(status),
      reason: status === 'refuse' ? (row?.reason ?? null) : null,
      fileName: row?.original_name ?? null,
      mime: (row?.mime ?? null) as DocumentMime | null,
      size: row?.size ?? null,
      uploadedAt: row?.uploaded_at ?? null,
      reviewedAt: row?.reviewed_at ?? null,
      ...(staff
        ? {
            reviewedByName: row?.reviewer_firstname
              ? `${row.reviewer_firstname} ${row.reviewer_lastname ?? ''}`.trim()
              : null,
          }
        : {}),
    };
  });
}

/** The account was deleted while its upload was arriving. */
class AccountGone extends Error {}

/** Outcome of reading an upload's body into a file. */
type Received =
  | { ok: true; mime: DocumentMime; size: number }
  | { ok: false; status: 400 | 413 | 415; message: string };

/**
 * Streams the request body into `file`, counting the bytes: the type is read from the first
 * bytes before anything is written (not a PDF, JPEG or PNG: nothing is written); past 10 MB the
 * reading stops and the partial file is deleted. Only a complete, accepted file stays.
 */
async function receive(body: ReadableStream<Uint8Array> | null, file: string): Promise<Received> {
  if (!body) return { ok: false, status: 400, message: EMPTY };
  const reader = body.getReader();
  let head = new Uint8Array(0);
  let size = 0;
  let mime: DocumentMime | undefined;
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  let done = false;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch {
        // The connection dropped mid-file: nothing is kept, and it is the sender's doing.
        done = true;
        return { ok: false, status: 400, message: INTERRUPTED };
      }
      if (next.done) {
        done = true;
        break;
      }
      const chunk = next.value;
      size += chunk.byteLength;
      if (size > MAX_DOCUMENT_BYTES) {
        return { ok: false, status: 413, message: DOCUMENT_SIZE_REFUSAL };
      }
      if (!handle) {
        const joined = new Uint8Array(head.byteLength + chunk.byteLength);
        joined.set(head);
        joined.set(chunk, head.byteLength);
        head = joined;
        if (head.byteLength < SNIFF_BYTES) continue;
        mime = sniffDocumentMime(head);
        if (!mime) return { ok: false, status: 415, message: DOCUMENT_TYPE_REFUSAL };
        handle = await open(file, 'wx', 0o600);
        await handle.write(head);
        head = new Uint8Array(0);
      } else {
        await handle.write(chunk);
      }
    }
    if (size === 0) return { ok: false, status: 400, message: EMPTY };
    if (!handle || !mime) {
      // Fewer than 8 bytes in all: still a type to check (a PDF's 5-byte signature is possible).
      mime = sniffDocumentMime(head);
      if (!mime) return { ok: false, status: 415, message: DOCUMENT_TYPE_REFUSAL };
      handle = await open(file, 'wx', 0o600);
      await handle.write(head);
    }
    return { ok: true, mime, size };
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
    await handle?.close();
  }
}

const asciiName = (name: string) => name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');

/**
 * « Mes documents » (issue 16, docs/client-area.md): the buyer's papers, their upload (type
 * read from the bytes, 10 MB at most, stored under DATA_DIR/documents with a random name), the
 * download by their owner and by the staff in scope, and the staff's review. Mounted on /api.
 */
export function clientDocumentsRoutes(
  deps: StaffRouteDeps & { documentsDir: string },
): Hono<AuthEnv> {
  const { db, mails, publicUrl, now } = deps;
  const dir = path.resolve(deps.documentsDir);
  const app = new Hono<StaffEnv>();
  const client = [requireAuth(deps.tokens, deps.users), requireRoles([Role.CLIENT])] as const;
  const staff = [requireAuth(deps.tokens, deps.users), requireStaff()] as const;
  // Files are addressed by the random name the database holds, never by anything sent.
  const fileOf = (fileId: string) => path.join(dir, path.basename(fileId));

  async function download(c: Context, userId: string, kind: DocumentKind) {
    const row = await db
      .selectFrom('client_document')
      .select(['file_id', 'original_name', 'mime'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!row) return apiError(c, 404, NOT_SENT);
    let bytes: Buffer;
    try {
      bytes = await readFile(fileOf(row.file_id));
    } catch {
      return apiError(c, 404, 'Ce fichier est introuvable. Demandez au client de le renvoyer.');
    }
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: {
        'Content-Type': row.mime,
        'Content-Length': String(bytes.byteLength),
        'Content-Disposition': `attachment; filename="${asciiName(row.original_name)}"; filename*=UTF-8''${encodeURIComponent(row.original_name)}`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    });
  }

  /** The buyer `userId` if the caller's scope holds them (chasseur: assigned only), else none. */
  async function buyerInScope(c: Context<StaffEnv>, userId: string) {
    const row = await db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row || !inScope(c.get('scope'), row.id_chasseur)) return undefined;
    if (!toUser(row).roles.includes(Role.CLIENT)) return undefined;
    return row;
  }

  app.get('/client/documents', ...client, async (c) =>
    c.json(await documentList(db, c.get('user')._id, false)),
  );

  app.put('/client/documents/:kind', ...client, async (c) => {
    const kind = c.req.param('kind');
    if (!isDocumentKind(kind)) return apiError(c, 404, NO_KIND);
    const declared = Number(c.req.header('Content-Length'));
    if (Number.isFinite(declared) && declared > MAX_DOCUMENT_BYTES) {
      return apiError(c, 413, DOCUMENT_SIZE_REFUSAL);
    }
    let rawName = '';
    try {
      rawName = decodeURIComponent(c.req.header('X-File-Name') ?? '');
    } catch {
      rawName = '';
    }
    const userId = c.get('user')._id;
    // Optional here (the page's own upload has one; a script may not): with it, an upload the
    // outbox replays after a lost answer is recorded once (issue 16, offline).
    const key = c.req.header('Idempotency-Key');
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      return apiError(c, 400, 'L’en-tête Idempotency-Key est invalide (16 à 128 caractères).');
    }
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const fileId = randomUUID();
    const partial = path.join(dir, `${fileId}.part`);
    let received: Received;
    try {
      received = await receive(c.req.raw.body, partial);
    } catch (error) {
      await unlink(partial).catch(() => undefined);
      throw error;
    }
    if (!received.ok) {
      await unlink(partial).catch(() => undefined);
      return apiError(c, received.status, received.message);
    }
    const { mime, size } = received;
    const originalName = displayFileName(rawName, mime);
    const at = new Date(now()).toISOString();
    let replaced: string | undefined;
    let outcome: IdempotentResult['kind'] = 'new';
    try {
      await rename(partial, fileOf(fileId));
      const record = async (trx: Transaction<Database>) => {
        // An upload that began just before the account was deleted does not bring it back.
        const owner = await trx
          .selectFrom('app_user')
          .select('deleted_at')
          .where('id', '=', userId)
          .executeTakeFirst();
        if (!owner || owner.deleted_at) throw new AccountGone();
        const previous = await trx
          .selectFrom('client_document')
          .select(['id', 'file_id', 'status'])
          .where('user_id', '=', userId)
          .where('kind', '=', kind)
          .executeTakeFirst();
        const values = {
          file_id: fileId,
          original_name: originalName,
          mime,
          size,
          status: 'recu',
          reason: null,
          uploaded_at: at,
          reviewed_by: null,
          reviewed_at: null,
        };
        if (previous) {
          replaced = previous.file_id;
          await trx
            .updateTable('client_document')
            .set(values)
            .where('id', '=', previous.id)
            .execute();
        } else {
          await trx
            .insertInto('client_document')
            .values({ user_id: userId, kind, ...values })
            .execute();
        }
        await audit(
          trx,
          {
            actorId: userId,
            action: 'document.upload',
            recordType: 'buyer',
            recordId: userId,
            before: previous ? { kind, status: previous.status } : undefined,
            after: { kind, status: 'recu', fileName: originalName, size },
          },
          at,
        );
      };
      if (key) {
        const hash = createHash('sha256')
          .update(`${kind}\n`)
          .update(await readFile(fileOf(fileId)))
          .digest('hex');
        outcome = (
          await once(db, `client-document:${userId}`, key, hash, async (trx) => {
            await record(trx);
            return { status: 200, body: { kind } };
          })
        ).kind;
      } else {
        await db.transaction().execute(record);
      }
    } catch (error) {
      await unlink(partial).catch(() => undefined);
      await unlink(fileOf(fileId)).catch(() => undefined);
      if (error instanceof AccountGone) return apiError(c, 410, 'Ce compte a été supprimé.');
      throw error;
    }
    if (outcome !== 'new') {
      // Already recorded under this key (a replay), or the key served for another file: this
      // copy is not kept.
      await unlink(fileOf(fileId)).catch(() => undefined);
      if (outcome === 'conflict')
        return apiError(
          c,
          409,
          'Cet envoi a déjà été fait avec un autre fichier. Rechargez la page puis renvoyez le document.',
        );
      c.header('Idempotent-Replayed', 'true');
    }
    // The replaced file goes once the new one is recorded.
    if (replaced) await unlink(fileOf(replaced)).catch(() => undefined);
    const list = await documentList(db, userId, false);
    return c.json(list.find((d) => d.kind === kind));
  });

  app.get('/client/documents/:kind/file', ...client, async (c) => {
    const kind = c.req.param('kind');
    if (!isDocumentKind(kind)) return apiError(c, 404, NO_KIND);
    return download(c, c.get('user')._id, kind);
  });

  app.get('/staff/buyers/:userId/documents', ...staff, async (c) => {
    const buyer = await buyerInScope(c, c.req.param('userId'));
    if (!buyer) return apiError(c, 404, NOT_FOUND_BUYER);
    return c.json(await documentList(db, buyer.id, true));
  });

  app.get('/staff/buyers/:userId/documents/:kind/file', ...staff, async (c) => {
    const buyer = await buyerInScope(c, c.req.param('userId'));
    if (!buyer) return apiError(c, 404, NOT_FOUND_BUYER);
    const kind = c.req.param('kind');
    if (!isDocumentKind(kind)) return apiError(c, 404, NO_KIND);
    return download(c, buyer.id, kind);
  });

  app.post('/staff/buyers/:userId/documents/:kind/review', ...staff, async (c) => {
    const buyer = await buyerInScope(c, c.req.param('userId'));
    if (!buyer) return apiError(c, 404, NOT_FOUND_BUYER);
    const kind = c.req.param('kind');
    if (!isDocumentKind(kind)) return apiError(c, 404, NO_KIND);
    const parsed = reviewSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const { status } = parsed.data;
    const reason = status === 'refuse' ? parsed.data.reason : null;
    const actor = actorOf(c);
    const at = new Date(now()).toISOString();
    const found = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('client_document')
        .select(['id', 'status', 'reason', 'uploaded_at'])
        .where('user_id', '=', buyer.id)
        .where('kind', '=', kind)
        .executeTakeFirst();
      if (!row) return false;
      if (parsed.data.uploadedAt !== undefined && parsed.data.uploadedAt !== row.uploaded_at)
        return 'stale' as const;
      await trx
        .updateTable('client_document')
        .set({ status, reason, reviewed_by: actor.id, reviewed_at: at })
        .where('id', '=', row.id)
        .execute();
      await audit(
        trx,
        {
          actorId: actor.id,
          action: 'document.review',
          recordType: 'buyer',
          recordId: buyer.id,
          before: { kind, status: row.status, reason: row.reason },
          after: { kind, status, reason },
        },
        at,
      );
      if (status === 'refuse' && buyer.is_archived !== 1 && !buyer.deleted_at)
        await mails.enqueue(
          documentRefusedMail(
            buyer.email,
            buyer.firstname,
            documentKindLabel(kind),
            reason ?? '',
            `${publicUrl}/dashboard`,
          ),
          trx,
        );
      return true;
    });
    if (!found) return apiError(c, 404, NOT_SENT);
    if (found === 'stale')
      return apiError(
        c,
        409,
        'Le client vient d’envoyer un nouveau fichier pour ce document. Ouvrez-le avant de le valider ou de le refuser.',
      );
    const list = await documentList(db, buyer.id, true);
    return c.json(list.find((d) => d.kind === kind));
  });

  return app as unknown as Hono<AuthEnv>;
}

/**
 * The account's deletion: the buyer's document rows go in its transaction (their file ids are
 * returned), the files after it (unlinkDocuments).
 */
export async function removeDocumentRows(
  trx: Transaction<Database>,
  userId: string,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('client_document')
    .select('file_id')
    .where('user_id', '=', userId)
    .execute();
  await trx.deleteFrom('client_document').where('user_id', '=', userId).execute();
  return rows.map((r) => r.file_id);
}

/** Deletes the files whose rows removeDocumentRows took out, once that is committed. */
export async function unlinkDocuments(documentsDir: string, fileIds: readonly string[]) {
  for (const id of fileIds)
    await unlink(path.join(path.resolve(documentsDir), path.basename(id))).catch(() => undefined);
}

/**
 * At start, before any upload: the `.part` files a stopped process left mid-upload (nothing
 * lists or serves them) are deleted. Returns how many.
 */
export async function removeStalePartials(documentsDir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(documentsDir);
  } catch {
    return 0; // no upload yet
  }
  const partials = names.filter((n) => n.endsWith('.part'));
  for (const name of partials) await unlink(path.join(documentsDir, name)).catch(() => undefined);
  return partials.length;
}
