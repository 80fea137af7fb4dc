import { foldForSearch } from './city-search';

/**
 * The staff lists' search (buyers, leads, users), written once: what a row is found by, and the
 * words a query asks for. Accent-, case- and word-order-insensitive: « elodie », « ELODIE »,
 * « Élodie Martin » and « martin élodie » all find Élodie Martin.
 */
export { foldForSearch };

/** Digits typed with spaces or dots (06 12 34 56 78): one phone number. */
const PHONE_LIKE = /^\+?\d{4,}$/;
const compact = (text: string) => text.replace(/[\s.]/g, '');

/**
 * A row's search text: each part folded (no accents, lower case), a phone number also as one
 * run of digits. Stored with the row by the repository that writes it.
 */
export function searchTextOf(...parts: readonly (string | null | undefined)[]): string {
  const words: string[] = [];
  for (const part of parts) {
    const text = part?.trim();
    if (!text) continue;
    words.push(foldForSearch(text));
    if (PHONE_LIKE.test(compact(text)) && compact(text) !== text) words.push(compact(text));
  }
  return words.join(' ');
}

/** The words a query asks for, each to be found in a row's search text (in any order). */
export function searchWords(query: string): string[] {
  const digits = compact(query);
  if (PHONE_LIKE.test(digits)) return [digits];
  return foldForSearch(query).split(/\s+/).filter(Boolean);
}
