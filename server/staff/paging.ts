import { z } from 'zod';

/** ?page=&pageSize= of every staff list: page from 1, 25 rows by default, 100 at most. */
export const pagingSchema = {
  page: z.coerce
    .number({ error: 'Le numéro de page doit être un nombre.' })
    .int('Le numéro de page doit être un entier.')
    .min(1, 'Le numéro de page commence à 1.')
    .max(100_000, 'Ce numéro de page est trop grand.')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'La taille de page doit être un nombre.' })
    .int('La taille de page doit être un entier.')
    .min(1, 'Une page compte au moins une ligne.')
    .max(100, 'Une page compte au plus 100 lignes.')
    .default(25),
};

/** ?q=&hunter=&department= of the staff lists (a hunter's id, or 'none' for the unassigned). */
export const listFilterSchema = {
  q: z.string().trim().max(100, 'La recherche est trop longue.').optional(),
  hunter: z.string().trim().max(64).optional(),
  department: z
    .string()
    .trim()
    .regex(/^(\d{2}|2[AB]|97\d)$/, 'Ce département n’existe pas.')
    .optional(),
};

/** The query string as an object, each name once (a repeated name keeps its last value). */
export const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** `%` and `_` typed by a person are letters, not wildcards: LIKE ? ESCAPE '\'. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
