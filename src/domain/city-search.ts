import { arrondissementName, arrondissementNumber } from './arrondissements';

/**
 * Lower-case, without accents, one apostrophe: 'Évry' and 'evry' compare equal, and so do
 * « l’haÿ » typed on a phone (whose keyboard writes ’) and L'Haÿ-les-Roses.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[’‘]/g, "'")
    .toLowerCase();
}

/**
 * Folded, with every way of writing an ordinal made one: « 11e », « 11ème », « 11eme », « 11° »
 * → '11e', « 1er » → '1e', and a number glued to a word set apart (« paris11 » → 'paris 11').
 * « Paris 11e » then finds 'Paris 11e Arrondissement', and « Paris 1er » not the 10th.
 */
function searchKey(text: string): string {
  return foldForSearch(text)
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/(\d)\s*(?:ieme|eme|ere|er|re|e|°)(?![a-z])/g, '$1e');
}

const DIGITS = /^\d+$/;

/** A commune or arrondissement as the geography lists give it; only the name is required. */
interface Searchable {
  nom: string;
  code?: string;
  codesPostaux?: readonly string[];
}

/**
 * City search (spec 5, both flows): trimmed, case-insensitive substring on the name. Accents are
 * ignored too, as people type 'evry' for Évry on a phone keyboard; an arrondissement is found by
 * its official name and the name shown (« Paris 11 », « paris 11eme », « 11e arrondissement »),
 * and digits also find a city by the start of one of its postcodes (« 75011 », « 94 300 »).
 */
export function searchCities<T extends Searchable>(cities: readonly T[], query: string): T[] {
  const q = searchKey(query.trim());
  if (!q) return [...cities];
  const digits = q.replace(/\s/g, '');
  const byPostcode = DIGITS.test(digits);
  return cities.filter((c) => {
    if (searchKey(c.nom).includes(q)) return true;
    const n = c.code === undefined ? undefined : arrondissementNumber(c.code);
    if (n !== undefined && searchKey(arrondissementName(n)).includes(q)) return true;
    return byPostcode && (c.codesPostaux ?? []).some((p) => p.startsWith(digits));
  });
}

/**
 * A commune's name as shown to a person: the official name (geo.api.gouv.fr, kept as the
 * answer) with the French apostrophe, « L’Haÿ-les-Roses » for L'Haÿ-les-Roses.
 */
export function cityLabel(nom: string): string {
  return nom.replace(/'/g, '’');
}

/** A list entry's name: « Paris 11e » for an arrondissement, else the commune's `cityLabel`. */
export function cityOptionName(c: { nom: string; code?: string }): string {
  const n = c.code === undefined ? undefined : arrondissementNumber(c.code);
  return n === undefined ? cityLabel(c.nom) : arrondissementName(n);
}
