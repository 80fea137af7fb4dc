import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { INVALID_FIELDS, apiErrorBody, type ApiErrorBody } from '../../src/domain/api/errors';
import { fieldErrors } from '../../src/domain/validation';

/**
 * Every error the API sends has one shape (src/domain/api/errors.ts): a French message, and
 * field messages for forms, as `{ message, fieldErrors?, error: { message, fields? } }`.
 */
export type ApiError = ApiErrorBody;

/**
 * An error answer; `fields` are French messages by field path, shown beside their field.
 * `extra` adds members a screen needs (a 409's `current` record), never in place of these.
 */
export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  fields?: Record<string, string>,
  extra?: Record<string, unknown>,
) {
  return c.json({ ...extra, ...apiErrorBody(message, fields) }, status);
}

/**
 * zod's own messages (a rule whose schema gives none) in French, with French spacing (a no-break
 * space before « : », a narrow one before « ; ? ! »): no endpoint answers zod's English.
 * Called once, at the app's creation.
 */
export function setFrenchZodMessages() {
  const { localeError } = z.locales.fr();
  z.config({
    localeError: (issue) => {
      const said = localeError(issue);
      const text = typeof said === 'string' ? said : said?.message;
      return text?.replace(/ ([:»])/g, '\u00a0$1').replace(/ ([;?!])/g, '\u202f$1');
    },
  });
}

/** 400 with each field's first message. */
export function validationError(c: Context, error: z.ZodError) {
  return apiError(c, 400, INVALID_FIELDS, fieldErrors(error));
}

/** Reads a JSON body; undefined when it is missing or not JSON (caller answers 400). */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return (await c.req.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** 429 with Retry-After (seconds), and the French message saying what to do meanwhile. */
export function tooManyRequests(c: Context, retryAfterSeconds: number, message: string) {
  c.header('Retry-After', String(retryAfterSeconds));
  return apiError(c, 429, message);
}

/** "dans 3 minutes", "dans 1 heure" for a wait in seconds, rounded up. */
export function waitInFrench(seconds: number): string {
  if (seconds < 60) return `dans ${seconds} seconde${seconds > 1 ? 's' : ''}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `dans ${minutes} minute${minutes > 1 ? 's' : ''}`;
  const hours = Math.ceil(minutes / 60);
  return `dans ${hours} heure${hours > 1 ? 's' : ''}`;
}
