import { Hono } from 'hono';
import { company } from '../../../src/domain/company';
import { contactMessageSchema, type ContactSent } from '../../../src/domain/api/contact';
import type { Db } from '../../db/database';
import { apiError, readJson, validationError } from '../../http/errors';
import { clientIp, hashIp } from '../../http/client-ip';
import { limitPublicForm, visitorMailAllowed, type FormLimits } from '../../http/form-limits';
import type { MailQueue } from '../../mail/mail-queue';
import { storeContactMessage } from './contact.repo';

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
export function contactRoutes(options: ContactRoutesOptions): Hono {
  const { db, mails, limits, staffEmail = company.email } = options;
  const app = new Hono();

  app.post('/', async (c) => {
    const body = await readJson(c);
    if (body === undefined || typeof body !== 'object' || body === null || Array.isArray(body)) {
      return apiError(c, 400, 'La requête doit contenir un formulaire au format JSON.');
    }
    // Honeypot: a field hidden from people; bots fill it. Answer as if stored, store nothing.
    const website = (body as Record<string, unknown>).website;
    if (typeof website === 'string' && website.trim() !== '') {
      return c.json(
        { id: 0, message: 'Merci, votre message a bien été envoyé.' } satisfies ContactSent,
        201,
      );
    }
    const parsed = contactMessageSchema.safeParse(body);
    if (!parsed.success) return validationError(c, parsed.error);

    const refused = await limitPublicForm(c, limits, 'contact');
    if (refused) return refused;
    const id = await storeContactMessage(db, mails, parsed.data, {
      ipHash: hashIp(clientIp(c, limits.trustProxy)),
      staffEmail,
      acknowledge: await visitorMailAllowed(limits.throttle, parsed.data.email),
    });
    return c.json(
      {
        id,
        message:
          'Merci, votre message a bien été envoyé. Nous vous répondons sous 48 heures ouvrées.',
      } satisfies ContactSent,
      201,
    );
  });

  return app;
}
