import { z } from 'zod';

/**
 * The error shape of every API answer (docs/decisions/009-resource-shape.md): a French message,
 * and for a form the French message of each field that is wrong, by its path ('bien.city').
 * `message` and `fieldErrors` at the top level are the same thing again, kept for the screens and
 * tests that read them before the contract existed.
 */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
    error: z.object({
      message: z.string().meta({ description: 'Ce qui ne va pas, en français.' }),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: 'Le message de chaque champ invalide, par chemin (« bien.city »).' }),
    }),
  })
  .meta({ description: 'Toute erreur de l’API.' });

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** The message of a form whose fields are not all valid. */
export const INVALID_FIELDS =
  'Certains champs sont invalides. Corrigez-les puis renvoyez le formulaire.';

/** The body of an error answer: both shapes, from one message and its field messages. */
export function apiErrorBody(message: string, fields?: Record<string, string>): ApiErrorBody {
  return fields
    ? { message, fieldErrors: fields, error: { message, fields } }
    : { message, error: { message } };
}
