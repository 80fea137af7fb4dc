import type { Kysely, Transaction } from 'kysely';
import {
  documentKinds,
  documentStatusLabel,
  type ClientDocumentView,
  type DocumentKind,
  type DocumentMime,
  type DocumentStatus,
} from '../../../src/domain/client-documents';
import { Role } from '../../../src/domain/roles';
import type { Db } from '../../db/database';
import type { ClientDocumentTable, Database } from '../../db/schema';
import { once } from '../../http/idempotency';
import { audit } from '../../staff/audit';
import { inScope, type Scope } from '../../staff/policy';
import { toUser, type UserRow, type UsersRepo } from '../users/users.repo';
import type { DocumentStore, StoredFile } from './document-store';

/** « Mes documents » (issue 16, docs/client-area.md): the SQL of client_document and its files. */

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

function toView(kind: DocumentKind, label: string, row: DocumentRow | undefined, staff: boolean) {
  const status = (row?.status ?? 'a_fournir') as DocumentStatus;
  const view: ClientDocumentView = {
    kind,
    label,
    status,
    statusLabel: documentStatusLabel(status),
    reason: status === 'refuse' ? (row?.reason ?? null) : null,
    fileName: row?.original_name ?? null,
    mime: (row?.mime ?? null) as DocumentMime | null,
    size: row?.size ?? null,
    uploadedAt: row?.uploaded_at ?? null,
    reviewedAt: row?.reviewed_at ?? null,
  };
  if (staff)
    view.reviewedByName = row?.reviewer_firstname
      ? `${row.reviewer_firstname} ${row.reviewer_lastname ?? ''}`.trim()
      : null;
  return view;
}

/** Every kind, in the agency's order, with what the buyer sent for it (or « à fournir »). */
export async function documentList(
  db: Db,
  userId: string,
  staff: boolean,
): Promise<ClientDocumentView[]> {
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
  return documentKinds.map(({ value, label }) =>
    toView(
      value,
      label,
      rows.find((r) => r.kind === value),
      staff,
    ),
  );
}

/** One kind's line of documentList. */
export async function documentOf(
  db: Db,
  userId: string,
  kind: DocumentKind,
  staff: boolean,
): Promise<ClientDocumentView | undefined> {
  return (await documentList(db, userId, staff)).find((d) => d.kind === kind);
}

/** The client `userId` when the caller's scope holds them (chasseur: assigned only). */
export async function clientInScope(
  users: UsersRepo,
  scope: Scope,
  userId: string,
): Promise<UserRow | undefined> {
  const row = await users.findById(userId);
  if (!row || !inScope(scope, row.id_chasseur)) return undefined;
  return toUser(row).roles.includes(Role.CLIENT) ? row : undefined;
}

/** The row of one kind of document a client sent, if any. */
export function documentRow(db: Kysely<Database>, userId: string, kind: DocumentKind) {
  return db
    .selectFrom('client_document')
    .selectAll()
    .where((eb) => eb.and({ user_id: userId, kind }))
    .executeTakeFirst();
}

/** A sent document's file, to download: 'not-sent' without a row, 'lost' without its file. */
export async function documentFile(
  db: Db,
  store: DocumentStore,
  userId: string,
  kind: DocumentKind,
): Promise<{ name: string; mime: string; file: StoredFile } | 'not-sent' | 'lost'> {
  const row = await documentRow(db, userId, kind);
  if (!row) return 'not-sent';
  const file = await store.get(row.file_id);
  return file ? { name: row.original_name, mime: row.mime, file } : 'lost';
}

export interface ReceivedUpload {
  userId: string;
  kind: DocumentKind;
  /** The stored file's id (DocumentStore). */
  fileId: string;
  originalName: string;
  mime: DocumentMime;
  size: number;
  at: string;
  /** Idempotency-Key and the file's fingerprint: a replayed upload is recorded once. */
  key?: { key: string; hash: string };
}

/** The account was deleted while its upload was arriving. */
class AccountGone extends Error {}

/**
 * Records a stored upload (row, audit entry; once per Idempotency-Key when one is given) and
 * tidies the store: the replaced file goes once the new one is recorded, and a copy that is not
 * recorded (a replay, a conflict, a deleted account, an error) goes at once.
 */
export async function recordUpload(
  db: Db,
  store: DocumentStore,
  upload: ReceivedUpload,
): Promise<'new' | 'replay' | 'conflict' | 'gone'> {
  const { userId, kind, fileId, originalName, mime, size, at } = upload;
  let replaced: string | undefined;
  const record = async (trx: Transaction<Database>) => {
    // An upload that began just before the account was deleted does not bring it back.
    const owner = await trx
      .selectFrom('app_user')
      .select('deleted_at')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!owner || owner.deleted_at) throw new AccountGone();
    const previous = await documentRow(trx, userId, kind);
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
      await trx.updateTable('client_document').set(values).where('id', '=', previous.id).execute();
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
  let outcome: 'new' | 'replay' | 'conflict' | 'gone';
  try {
    if (upload.key) {
      const { key, hash } = upload.key;
      outcome = (
        await once(db, `client-document:${userId}`, key, hash, async (trx) => {
          await record(trx);
          return { status: 200, body: { kind } };
        })
      ).kind;
    } else {
      await db.transaction().execute(record);
      outcome = 'new';
    }
  } catch (error) {
    await store.delete(fileId);
    if (error instanceof AccountGone) return 'gone';
    throw error;
  }
  if (outcome !== 'new') await store.delete(fileId);
  else if (replaced) await store.delete(replaced);
  return outcome;
}

/**
 * The account's deletion: the buyer's document rows go in its transaction (their file ids are
 * returned); their files go once it is committed (deleteFiles).
 */
export async function removeDocumentRows(
  trx: Transaction<Database>,
  userId: string,
  /** Only these documents (the retention pass); all of the client's when absent. */
  ids?: readonly number[],
): Promise<string[]> {
  if (ids?.length === 0) return [];
  const rows = await trx
    .selectFrom('client_document')
    .select('file_id')
    .where('user_id', '=', userId)
    .$if(ids !== undefined, (q) => q.where('id', 'in', ids ?? []))
    .execute();
  await trx
    .deleteFrom('client_document')
    .where('user_id', '=', userId)
    .$if(ids !== undefined, (q) => q.where('id', 'in', ids ?? []))
    .execute();
  return rows.map((r) => r.file_id);
}

/** Deletes the files whose rows removeDocumentRows took out, once that is committed. */
export async function deleteFiles(store: DocumentStore, fileIds: readonly string[]) {
  for (const id of fileIds) await store.delete(id);
}
