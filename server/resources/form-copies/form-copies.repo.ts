import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  FORM_COPY_TTL_DAYS,
  withoutSecrets,
  type FormCopyFlow,
  type FormCopyUpdate,
  type FormCopyView,
} from '../../../src/domain/api/form-copies';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

/**
 * The SQL of the copies of long forms' drafts (issue 33, docs/form-copies.md). A copy is found by
 * its token's SHA-256 only: the token itself, which opens the copy, is never stored. Every write
 * drops the answers' secrets again (withoutSecrets), whatever the client sent.
 */

const DAY_MS = 24 * 60 * 60_000;
export const FORM_COPY_TTL_MS = FORM_COPY_TTL_DAYS * DAY_MS;

/** A new token: 32 random bytes, base64url (43 characters, FORM_COPY_TOKEN). */
export const newFormCopyToken = () => randomBytes(32).toString('base64url');

/** What the table keeps of a token: its SHA-256 in hex. */
export const formCopyTokenHash = (token: string) =>
  createHash('sha256').update(token).digest('hex');

/** The answers as stored: JSON, without any password at any depth. */
const storedAnswers = (answers: Record<string, unknown>) => JSON.stringify(withoutSecrets(answers));

export type FoundCopy =
  | { kind: 'copy'; view: FormCopyView }
  | { kind: 'sent'; sentAt: string; flow: FormCopyFlow; expiresAt: string };

/** Deletes the copies past their 7 days, sent or not (called on each new copy). */
export async function purgeExpiredFormCopies(db: Kysely<Database>, at: string): Promise<number> {
  const result = await db.deleteFrom('form_copy').where('expires_at', '<=', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function createFormCopy(
  db: Db,
  copy: { flow: FormCopyFlow } & FormCopyUpdate,
  at: number,
): Promise<{ token: string; expiresAt: string }> {
  const token = newFormCopyToken();
  const now = new Date(at).toISOString();
  const expiresAt = new Date(at + FORM_COPY_TTL_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    await purgeExpiredFormCopies(trx, now);
    await trx
      .insertInto('form_copy')
      .values({
        token_hash: formCopyTokenHash(token),
        flow: copy.flow,
        step: copy.step,
        answers: storedAnswers(copy.answers),
        idempotency_key: copy.idempotencyKey,
        created_at: now,
        updated_at: now,
        expires_at: expiresAt,
        sent_at: null,
      })
      .execute();
  });
  return { token, expiresAt };
}

function parseAnswers(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The copy of a token, or undefined when unknown or past its 7 days. */
export async function findFormCopy(
  db: Db,
  token: string,
  at: number,
): Promise<FoundCopy | undefined> {
  const row = await db
    .selectFrom('form_copy')
    .selectAll()
    .where('token_hash', '=', formCopyTokenHash(token))
    .where('expires_at', '>', new Date(at).toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  const flow = row.flow as FormCopyFlow;
  if (row.sent_at) return { kind: 'sent', sentAt: row.sent_at, flow, expiresAt: row.expires_at };
  return {
    kind: 'copy',
    view: {
      flow,
      step: row.step,
      answers: parseAnswers(row.answers),
      idempotencyKey: row.idempotency_key,
      updatedAt: row.updated_at,
      expiresAt: row.expires_at,
    },
  };
}

/**
 * The first device moved on: its step and answers replace the copy's (the expiry stays where the
 * creation put it). 'missing' for an unknown or expired token, 'sent' once the form was sent.
 */
export async function updateFormCopy(
  db: Db,
  token: string,
  content: FormCopyUpdate,
  at: number,
): Promise<{ expiresAt: string } | 'missing' | 'sent'> {
  const now = new Date(at).toISOString();
  const hash = formCopyTokenHash(token);
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('form_copy')
      .set({
        step: content.step,
        answers: storedAnswers(content.answers),
        idempotency_key: content.idempotencyKey,
        updated_at: now,
      })
      .where('token_hash', '=', hash)
      .where('expires_at', '>', now)
      .where('sent_at', 'is', null)
      .returning('expires_at')
      .executeTakeFirst();
    if (updated) return { expiresAt: updated.expires_at };
    const row = await trx
      .selectFrom('form_copy')
      .select('sent_at')
      .where('token_hash', '=', hash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row ? 'sent' : 'missing';
  });
}

/**
 * A form was accepted under `idempotencyKey` (the owner questionnaire, the buyer signup): in the
 * submission's transaction, the copies made of its draft are marked sent and emptied, so the other
 * device is told and has nothing left to send.
 */
export async function markFormCopiesSent(
  trx: Kysely<Database>,
  flow: FormCopyFlow,
  idempotencyKey: string | undefined,
  at: string,
): Promise<void> {
  if (!idempotencyKey) return;
  await trx
    .updateTable('form_copy')
    .set({ sent_at: at, answers: '{}', updated_at: at })
    .where('flow', '=', flow)
    .where('idempotency_key', '=', idempotencyKey)
    .where('sent_at', 'is', null)
    .execute();
}
