import { contactSubjects, type ContactMessage } from '../../../src/domain/contact.schema';
import type { Db } from '../../db/database';
import type { MailQueue } from '../../mail/mail-queue';
import { contactAcknowledgementMail, staffNotificationMail } from '../../mail/templates';

/**
 * Stores a contact message with the mails it makes, in one transaction: the team's copy, and the
 * visitor's acknowledgement when `acknowledge` (their address is under its limit). Returns its id.
 */
export async function storeContactMessage(
  db: Db,
  mails: MailQueue,
  m: ContactMessage,
  { ipHash, staffEmail, acknowledge }: { ipHash: string; staffEmail: string; acknowledge: boolean },
): Promise<number> {
  const subjectLabel = contactSubjects.find((s) => s.value === m.subject)?.label ?? m.subject;
  return db.transaction().execute(async (trx) => {
    const saved = await trx
      .insertInto('contact_message')
      .values({
        brand: m.brand,
        name: m.name,
        email: m.email,
        phone: m.phone,
        subject: m.subject,
        message: m.message,
        ip_hash: ipHash,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await mails.enqueue(
      staffNotificationMail(
        staffEmail,
        `Message du site\u00a0: ${subjectLabel} (${m.name})`,
        `Un visiteur a écrit depuis la page contact${m.brand === 'homestylz' ? ' de homestylz' : ''}. Réponse promise sous 48 heures ouvrées\u00a0:`,
        [
          ['Nom', m.name],
          ['E-mail', m.email],
          ['Téléphone', m.phone || '—'],
          ['Objet', subjectLabel],
          ['Message', m.message],
        ],
      ),
      trx,
    );
    if (acknowledge) await mails.enqueue(contactAcknowledgementMail(m.email), trx);
    return saved.id;
  });
}
