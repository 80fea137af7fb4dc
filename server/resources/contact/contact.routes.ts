import { Hono } from 'hono';
import { company } from '../../../src/domain/company';
import { contactMessageSchema, contactSubjects } from '../../../src/domain/contact.schema';
import type { Db } from '../../db/database';
import { apiError, readJson, validationError } from '../../http/errors';
import { clientIp, hashIp } from '../../http/client-ip';
import { limitPublicForm, visitorMailAllowed, type FormLimits } from '../../http/form-limits';
import type { MailQueue } from '../../mail/mail-queue';
import { contactAcknowledgementMail, staffNotificationMail } from '../../mail/templates';

export interface ContactRoutesOptions {
  db: Db;
  mails: MailQueue;
  limits: FormLimits;
  /** Where messages are forwarded. */
  staffEmail?: string;
}

/**
 * POST /api/contact: the contact page's form, stored in contact_message, forwarded to the team
 * and acknowledged to the visitor (mails queued with the message).
 */
export function contactRoutes({
  db,
  mails,
  limits,
  staffEmail = company.email,
}: ContactRoutesOptions): Hono {
  const app = new Hono();

  app.post('/', async (c) => {
    const body = await readJson(c);
    if (body === undefined || typeof body !== 'object' || body === null || Array.isArray(body)) {
      return apiError(c, 400, 'La requête doit contenir un formulaire au format JSON.');
    }
    // Honeypot: a field hidden from people; bots fill it. Answer as if stored, store nothing.
    const website = (body as Record<string, unknown>).website;
    if (typeof website === 'string' && website.trim() !== '') {
      return c.json({ id: 0, message: 'Merci, votre message a bien été envoyé.' }, 201);
    }
    const parsed = contactMessageSchema.safeParse(body);
    if (!parsed.success) return validationError(c, parsed.error);

    const refused = await limitPublicForm(c, limits, 'contact');
    if (refused) return refused;
    const m = parsed.data;
    const acknowledge = await visitorMailAllowed(limits.throttle, m.email);
    const subjectLabel = contactSubjects.find((s) => s.value === m.subject)?.label ?? m.subject;

    const row = await db.transaction().execute(async (trx) => {
      const saved = await trx
        .insertInto('contact_message')
        .values({
          brand: m.brand,
          name: m.name,
          email: m.email,
          phone: m.phone,
          subject: m.subject,
          message: m.message,
          ip_hash: hashIp(clientIp(c, limits.trustProxy)),
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
      return saved;
    });

    return c.json(
      {
        id: row.id,
        message:
          'Merci, votre message a bien été envoyé. Nous vous répondons sous 48 heures ouvrées.',
      },
      201,
    );
  });

  return app;
}
