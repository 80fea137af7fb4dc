import { Hono } from 'hono';
import { contactMessageSchema } from '../../src/domain/contact.schema';
import type { Db } from '../db/database';
import { apiError, readJson, validationError } from '../http/errors';
import { clientIp, hashIp, rateLimitKey } from '../http/client-ip';
import { RateLimiter } from '../http/rate-limit';

export interface ContactRoutesOptions {
  db: Db;
  /** Read the visitor's address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy?: boolean;
  /** Messages allowed per address and window (default 5 per 10 minutes). */
  limiter?: RateLimiter;
}

/** POST /api/contact: the contact page's form, stored in contact_message. */
export function contactRoutes({
  db,
  trustProxy = false,
  limiter = new RateLimiter(5, 10 * 60_000),
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

    const ip = clientIp(c, trustProxy);
    if (!limiter.hit(rateLimitKey(ip))) {
      return apiError(
        c,
        429,
        'Vous avez envoyé plusieurs messages en peu de temps. Réessayez dans quelques minutes ou appelez-nous.',
      );
    }

    const m = parsed.data;
    const row = await db
      .insertInto('contact_message')
      .values({
        brand: m.brand,
        name: m.name,
        email: m.email,
        phone: m.phone,
        subject: m.subject,
        message: m.message,
        ip_hash: hashIp(ip),
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

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
