import { sql } from 'kysely';
import {
  MASKED_LINK,
  type MailListQuery,
  type MailPage,
  type QueuedMailDetail,
} from '../../../src/domain/api/mails';
import type { Db } from '../../db/database';
import { toQueuedMail, type MailQueue } from '../../mail/mail-queue';
import { maskSecretLinks } from '../../mail/secret-links';
import { audit } from '../../staff/audit';
import { countOf, likePattern, pageOf } from '../../staff/paging';

/**
 * « Courriels » (issue 15; issue 29: managers and directeurs, bodies, search, resend): the mail
 * queue as the staff reads it. Every change is audited in its transaction.
 */

/** A page of the mail queue, newest first, without the bodies; `q`: part of the recipient. */
export function listMails(db: Db, f: MailListQuery): Promise<MailPage> {
  let query = db.selectFrom('mail_queue');
  if (f.status) query = query.where('status', '=', f.status);
  // Recipients are stored in lower case (MailQueue.enqueue); `%` and `_` typed are letters.
  if (f.q)
    query = query.where(
      sql<boolean>`${sql.ref('recipient')} like ${likePattern(f.q.toLowerCase())} escape '\\'`,
    );
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
 * One mail with its body, its secret links masked (in the text and the HTML): whoever reads the
 * queue must not be able to open somebody's account with an activation or reset link.
 */
export async function mailDetail(db: Db, id: number): Promise<QueuedMailDetail | undefined> {
  const row = await db.selectFrom('mail_queue').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const { links: _links, ...mail } = toQueuedMail(row);
  const text = maskSecretLinks(mail.text);
  return { ...mail, text: text.text, html: maskSecretLinks(mail.html).text, masked: text.masked };
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

/**
 * « Renvoyer » a sent mail: a new queued copy (same recipient, subject and body, a new
 * Message-ID), audited, in one transaction. The copy's id; 'missing'; 'refused' when the mail
 * has not been sent (a pending one goes out anyway, a failed one is retried instead); 'gone'
 * when its personal link was not kept after delivery (MAIL_BODY_GONE).
 */
export async function resendMail(
  db: Db,
  mails: MailQueue,
  actorId: string,
  id: number,
  at: string,
): Promise<number | 'missing' | 'refused' | 'gone'> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('mail_queue')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return 'missing';
    if (row.status !== 'sent') return 'refused';
    // Production keeps a delivered mail without its personal links (MailWorker): a copy of it
    // would carry none. The person asks for a new link instead.
    if (row.text === '' || row.text.includes(MASKED_LINK)) return 'gone';
    await mails.enqueue(
      { to: row.recipient, subject: row.subject, text: row.text, html: row.html },
      trx,
    );
    const copy = await trx
      .selectFrom('mail_queue')
      .select('id')
      .where('recipient', '=', row.recipient)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await audit(
      trx,
      {
        actorId,
        action: 'mail-resend',
        recordType: 'user',
        recordId: `mail:${id}`,
        after: { mailId: id, copyId: copy.id },
      },
      at,
    );
    return copy.id;
  });
}
