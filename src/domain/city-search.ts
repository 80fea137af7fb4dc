/** Lower-case, without accents: 'Évry' and 'evry' compare equal. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
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
