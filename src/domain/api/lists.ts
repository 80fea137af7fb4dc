import { z } from 'zod';

/**
 * The query of every staff list (buyers, leads, users, mails): ?page=&pageSize= and the common
 * filters, and the page it answers. Written once, for the server that parses it and the screens
 * that build it.
 */

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;
export const PAGE_MAX = 100_000;
/** A search is at most this many characters. */
export const SEARCH_MAX = 100;

/** ?page=&pageSize=: page from 1, 25 rows by default, 100 at most. */
export const pagingSchema = {
  page: z.coerce
    .number({ error: 'Le numéro de page doit être un nombre.' })
    .int('Le numéro de page doit être un entier.')
    .min(1, 'Le numéro de page commence à 1.')
    .max(PAGE_MAX, 'Ce numéro de page est trop grand.')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'La taille de page doit être un nombre.' })
    .int('La taille de page doit être un entier.')
    .min(1, 'Une page compte au moins une ligne.')
    .max(PAGE_SIZE_MAX, `Une page compte au plus ${PAGE_SIZE_MAX} lignes.`)
    .default(PAGE_SIZE_DEFAULT),
};

/**
 * ?q=: words found in any order, without regard to case or accents (« martin élodie » finds
 * Élodie Martin); digits typed with spaces are one phone number.
 */
export const searchSchema = {
  q: z.string().trim().max(SEARCH_MAX, 'La recherche est trop longue.').optional(),
};

/** ?q=&hunter=&department= of the buyers and leads lists (a hunter's id, or 'none' for the unassigned). */
export const listFilterSchema = {
  ...searchSchema,
  hunter: z.string().trim().max(64).optional(),
  department: z
    .string()
    .trim()
    .regex(/^(\d{2}|2[AB]|97\d)$/, 'Ce département n’existe pas.')
    .optional(),
};

/** ?archived=0|1 */
export const archivedSchema = {
  archived: z.enum(['0', '1'], { error: 'archived vaut 0 ou 1.' }).optional(),
};

/** A page of a staff list: `page` from 1, at most 100 rows; `total` counts every match. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A record's version, sent back with a change: a stale one is refused with 409. */
export const versionSchema = (what: string) =>
  z
    .number({ error: `La version ${what} manque.` })
    .int()
    .min(1);

/**
 * 409 of a change made on a stale version: the message, and the record as it is now (the
 * screen shows it, then the person redoes their change).
 */
export interface StaleBody<T> {
  message: string;
  current: T;
}
