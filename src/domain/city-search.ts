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
 * City search (spec 5, both flows): trimmed, case-insensitive substring on the name. Accents are
 * ignored too, as people type 'evry' for Évry on a phone keyboard.
 */
export function searchCities<T extends { nom: string }>(cities: readonly T[], query: string): T[] {
  const q = foldForSearch(query.trim());
  if (!q) return [...cities];
  return cities.filter((c) => foldForSearch(c.nom).includes(q));
}

/**
 * A commune's name as shown to a person: the official name (geo.api.gouv.fr, kept as the
 * answer) with the French apostrophe, « L’Haÿ-les-Roses » for L'Haÿ-les-Roses.
 */
export function cityLabel(nom: string): string {
  return nom.replace(/'/g, '’');
}
