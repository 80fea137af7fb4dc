import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { fieldErrors } from '../../src/domain/validation';

/** Every error the API sends has this shape: a French message, and field messages for forms. */
export interface ApiError {
  message: string;
  fieldErrors?: Record<string, string>;
}

export function apiError(c: Context, status: ContentfulStatusCode, message: string) {
  return c.json<ApiError>({ message }, status);
}

export function validationError(c: Context, error: z.ZodError) {
  return c.json<ApiError>(
    {
      message: 'Certains champs sont invalides. Corrigez-les puis renvoyez le formulaire.',
      fieldErrors: fieldErrors(error),
    },
    400,
  );
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
  return c.json<ApiError>({ message }, 429);
}

/** "dans 3 minutes", "dans 1 heure" for a wait in seconds, rounded up. */
export function waitInFrench(seconds: number): string {
  if (seconds < 60) return `dans ${seconds} seconde${seconds > 1 ? 's' : ''}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `dans ${minutes} minute${minutes > 1 ? 's' : ''}`;
  const hours = Math.ceil(minutes / 60);
  return `dans ${hours} heure${hours > 1 ? 's' : ''}`;
}
