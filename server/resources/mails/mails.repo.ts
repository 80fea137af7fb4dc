import type { MailListQuery, MailPage } from '../../../src/domain/api/mails';
import type { Db } from '../../db/database';
import { toQueuedMail, type MailQueue } from '../../mail/mail-queue';
import { audit } from '../../staff/audit';
import { countOf, pageOf } from '../../staff/paging';

/** A page of the mail queue, newest first, without the bodies. */
export function listMails(db: Db, f: MailListQuery): Promise<MailPage> {
  let query = db.selectFrom('mail_queue');
  if (f.status) query = query.where('status', '=', f.status);
  return pageOf(
    f,
    async (limit, offset) =>
      (await query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute()).map(
        (row) => {
          const { html: _html, text: _text, links: _links, ...mail } = toQueuedMail(row);
          return mail;
        },
      ),
    () => countOf(query),
  );
}

/**
 * « Renvoyer »: a failed mail goes back to the queue with its audit entry, in one transaction.
 * False when it had not failed.
 */
export async function retryMail(
  db: Db,
  mails: MailQueue,
  actorId: string,
  id: number,
  at: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await mails.retry(id, trx))) return false;
    await audit(
      trx,
      {
        actorId,
        action: 'mail-retry',
        recordType: 'user',
        recordId: `mail:${id}`,
        after: { mailId: id },
      },
      at,
    );
    return true;
  });
}
