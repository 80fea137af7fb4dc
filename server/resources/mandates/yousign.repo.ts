import type { Kysely } from 'kysely';
import type { MandateView } from '../../../src/domain/api/mandates';
import { formatTime } from '../../../src/domain/french-date';
import { mandateDate, type MandateInput } from '../../../src/domain/mandate';
import { fullName } from '../../../src/domain/person-name';
import { lockingRows } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { YousignClient } from '../../mandates/yousign';
import { audit } from '../../staff/audit';
import {
  contentOf,
  currentMandateRow,
  recordSignature,
  sha256,
  toMandateView,
  type MandateDeps,
  type Outcome,
} from './mandates.repo';

/**
 * The mandate signed through Yousign (SIGNATURE_PROVIDER=yousign, docs/mandates.md): the
 * client's « J’ai lu et j’accepte » sends the mandate's PDF to Yousign, which e-mails the client
 * a link and a one-time code; Yousign's webhook `signature_request.done` then completes it here,
 * in ONE transaction, like the internal signature (mandates.repo.ts signMandate): the register's
 * next number and row, the numbered copy sealed by the agency (PAdES) and stored with its
 * SHA-256, the PDF signed at Yousign kept beside it, the evidence, the project moved to
 * « Mandat », the client and the hunter e-mailed.
 *
 * The writes themselves are the internal signature's (mandates.repo.ts recordSignature), given
 * Yousign's evidence and its signed PDF.
 */

export type YousignMandateDeps = MandateDeps & { yousign: YousignClient };

const iso = (ms: number) => new Date(ms).toISOString();
const parseInput = (input: string) => JSON.parse(input) as MandateInput;
const refuse = (status: 404 | 409, message: string) => ({ ok: false, status, message }) as const;

const rowOf = (db: Kysely<Database>, id: string) =>
  db.selectFrom('mandate').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** « Signé électroniquement … via Yousign » on the client's numbered copy. */
export function yousignSignatureLine(input: MandateInput, signedAt: string): string {
  const who = fullName({ firstname: input.client.firstName, lastname: input.client.lastName });
  return `Signé électroniquement par ${who} le ${mandateDate(signedAt)} à ${formatTime(signedAt)} (heure de Paris) sur la plateforme Yousign (signature électronique, code à usage unique envoyé à ${input.client.email}).`;
}

export type StartOutcome =
  Outcome<MandateView> | { ok: false; status: 502; message: string; cause: unknown };

/**
 * « J’ai lu et j’accepte » with Yousign: the mandate's PDF (its words as prepared) goes to
 * Yousign with the client as signer; Yousign e-mails them. Sent once: asked again while the
 * request is out, the mandate is answered as it is (the client finds Yousign's e-mail); a
 * mandate prepared again (new words) is sent anew. The call to Yousign is made outside any
 * transaction; the mandate is then marked sent if it has not changed meanwhile.
 */
export async function startYousignSignature(
  deps: Pick<YousignMandateDeps, 'db' | 'files' | 'yousign' | 'now'>,
  clientId: string,
): Promise<StartOutcome> {
  const row = await currentMandateRow(deps.db, clientId);
  if (!row)
    return refuse(
      404,
      'Aucun mandat ne vous attend pour l’instant\u00a0: votre chasseur le prépare.',
    );
  if (row.status !== 'awaiting_signature')
    return refuse(409, 'Ce mandat n’attend plus de signature.');
  if (row.provider === 'yousign' && row.provider_ref && row.code_sent_at)
    return { ok: true, value: toMandateView(row, deps.now()) };
  const input = parseInput(row.input);
  if (
    !input.client.firstName.trim() ||
    !input.client.lastName.trim() ||
    !input.client.address?.trim()
  )
    return refuse(
      409,
      'Indiquez d’abord vos nom, prénom et adresse postale\u00a0: ils figurent sur le mandat.',
    );
  let started;
  try {
    const pdf = await deps.files.draftPdf(contentOf(row));
    started = await deps.yousign.startSignature({
      pdf,
      fileName: 'mandat-de-recherche.pdf',
      name: `Mandat de recherche – ${fullName({ firstname: input.client.firstName, lastname: input.client.lastName })}`,
      signer: {
        firstName: input.client.firstName,
        lastName: input.client.lastName,
        email: input.client.email,
      },
      externalId: row.id,
    });
  } catch (cause) {
    return {
      ok: false,
      status: 502,
      message:
        'Le service de signature (Yousign) n’a pas pu recevoir votre mandat. Réessayez dans quelques minutes.',
      cause,
    };
  }
  const t = deps.now();
  return deps.db.transaction().execute(async (trx): Promise<StartOutcome> => {
    const locked = await lockingRows(
      trx,
      trx.selectFrom('mandate').selectAll().where('id', '=', row.id),
    ).executeTakeFirstOrThrow();
    if (locked.status !== 'awaiting_signature' || locked.version !== row.version)
      return refuse(
        409,
        'Le mandat a changé pendant l’envoi\u00a0: rechargez la page et recommencez.',
      );
    await trx
      .updateTable('mandate')
      .set({
        provider: 'yousign',
        provider_ref: started.signatureRequestId,
        accepted_at: iso(t),
        code_sent_at: iso(t),
        code_hash: null,
        code_expires_at: null,
        version: locked.version + 1,
      })
      .where('id', '=', row.id)
      .execute();
    await audit(
      trx,
      {
        actorId: clientId,
        action: 'mandate-sent-to-yousign',
        recordType: 'buyer',
        recordId: row.buyer_id,
        after: { mandateId: row.id, signatureRequestId: started.signatureRequestId },
      },
      iso(t),
    );
    return { ok: true, value: toMandateView(await rowOf(trx, row.id), t) };
  });
}

/** What the webhook says about the signature (the evidence keeps it). */
export interface YousignDoneEvent {
  eventId: string;
  /** Unix seconds, as Yousign sends it. */
  eventTime: string;
  signatureRequestId: string;
}

export type CompleteOutcome =
  { outcome: 'signed'; mandate: MandateView } | { outcome: 'duplicate' | 'unknown' };

/**
 * Yousign's `signature_request.done`: the mandate whose request it is gets signed, once. A
 * replayed or concurrent event finds it signed and changes nothing; an event for no mandate of
 * ours (another request, one replaced by a new preparation) is answered 'unknown'. The signed
 * PDF is downloaded before the transaction; a failure there throws (Yousign retries).
 */
export async function completeYousignSignature(
  deps: YousignMandateDeps,
  event: YousignDoneEvent,
): Promise<CompleteOutcome> {
  const found = await deps.db
    .selectFrom('mandate')
    .selectAll()
    .where('provider', '=', 'yousign')
    .where('provider_ref', '=', event.signatureRequestId)
    .executeTakeFirst();
  if (!found) return { outcome: 'unknown' };
  if (found.status !== 'awaiting_signature') return { outcome: 'duplicate' };
  const signedAtYousign = await deps.yousign.downloadSigned(event.signatureRequestId);
  // The signer's IP address, device and code checks at Yousign: kept in the evidence when
  // Yousign gives them; its absence does not hold the signature back (Yousign keeps it too).
  const trail = await deps.yousign
    .signerAuditTrail(event.signatureRequestId)
    .catch((error: unknown) => ({
      unavailable: error instanceof Error ? error.message : String(error),
    }));
  const stored: string[] = [];
  try {
    return await deps.db.transaction().execute(async (trx): Promise<CompleteOutcome> => {
      const m = await lockingRows(
        trx,
        trx.selectFrom('mandate').selectAll().where('id', '=', found.id),
      ).executeTakeFirstOrThrow();
      if (m.provider_ref !== event.signatureRequestId) return { outcome: 'unknown' };
      if (m.status !== 'awaiting_signature') return { outcome: 'duplicate' };
      const t = deps.now();
      // The signature's time is Yousign's (event_time), when it is a plausible one.
      const eventMs = Number(event.eventTime) * 1000;
      const sentMs = m.code_sent_at ? Date.parse(m.code_sent_at) : 0;
      const signedAt = iso(
        Number.isFinite(eventMs) && eventMs >= sentMs && eventMs <= t ? eventMs : t,
      );
      const input = parseInput(m.input);
      const yousignPdfId = `mandate-${m.id}-yousign-pdf`;
      const mandate = await recordSignature(
        trx,
        deps,
        m,
        {
          signedAt,
          signatureLine: yousignSignatureLine(input, signedAt),
          evidence: {
            provider: 'yousign',
            method:
              'Signature électronique Yousign (niveau « electronic_signature », règlement eIDAS art. 25), code à usage unique envoyé par e-mail par Yousign (otp_email)',
            yousign: {
              signatureRequestId: event.signatureRequestId,
              eventId: event.eventId,
              eventName: 'signature_request.done',
              eventTime: event.eventTime,
              signedDocument: {
                fileId: yousignPdfId,
                sha256: sha256(signedAtYousign),
                size: signedAtYousign.length,
              },
              // The signer's IP address, device and code checks, as Yousign recorded them.
              ...('signerId' in trail
                ? { signerId: trail.signerId, auditTrail: trail.auditTrail }
                : { auditTrail: null, auditTrailUnavailable: trail.unavailable }),
            },
            acceptedAt: m.accepted_at,
            sentToYousignAt: m.code_sent_at,
            codeSentTo: input.client.email,
            signedAt,
            receivedAt: iso(t),
          },
          files: [[yousignPdfId, signedAtYousign]],
          audit: { provider: 'yousign' },
          stageNote: (number) =>
            `Mandat de recherche n°\u00a0${number} signé en ligne par le client (Yousign).`,
        },
        t,
        stored,
      );
      return { outcome: 'signed', mandate };
    });
  } catch (error) {
    // Nothing was committed: the files written for it go too.
    for (const id of stored) await deps.documents.delete(id).catch(() => undefined);
    throw error;
  }
}
