import { documentKindLabel, type DocumentKind } from '../../../src/domain/client-documents';
import type { DocumentReview } from '../../../src/domain/api/documents';
import type { Db } from '../../db/database';
import type { MailQueue } from '../../mail/mail-queue';
import { documentRefusedMail } from '../../mail/templates';
import { audit } from '../../staff/audit';
import type { UserRow } from '../users/users.repo';
import { documentRow } from './documents.repo';

/**
 * The staff's review of a sent document (issue 16): its status, the audit entry and, when it is
 * refused, the mail telling the buyer why, in one transaction. 'missing': nothing was sent;
 * 'stale': another file arrived since the one the reviewer saw (`uploadedAt`).
 */
export async function reviewDocument(
  db: Db,
  mails: MailQueue,
  input: {
    buyer: UserRow;
    kind: DocumentKind;
    review: DocumentReview;
    actorId: string;
    at: string;
    /** Where the mail's link leads. */
    publicUrl: string;
  },
): Promise<'done' | 'missing' | 'stale'> {
  const { buyer, kind, actorId, at } = input;
  const { status, uploadedAt } = input.review;
  const reason = status === 'refuse' ? input.review.reason : null;
  return db.transaction().execute(async (trx) => {
    const row = await documentRow(trx, buyer.id, kind);
    if (!row) return 'missing';
    if (uploadedAt !== undefined && uploadedAt !== row.uploaded_at) return 'stale';
    await trx
      .updateTable('client_document')
      .set({ status, reason, reviewed_by: actorId, reviewed_at: at })
      .where('id', '=', row.id)
      .execute();
    await audit(
      trx,
      {
        actorId,
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
        documentRefusedMail(buyer.email, buyer.firstname, {
          documentLabel: documentKindLabel(kind),
          reason: reason ?? '',
          dashboardUrl: `${input.publicUrl}/dashboard`,
        }),
        trx,
      );
    return 'done';
  });
}
