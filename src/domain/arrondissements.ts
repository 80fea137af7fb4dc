/**
 * Paris' twenty municipal arrondissements (the geography service's 'arrondissement-municipal'
 * records, INSEE codes 75101 to 75120). A city answer is stored as the commune's name (spec 3.7),
 * except an arrondissement, stored as its INSEE code: its official name (« Paris 11e
 * Arrondissement ») is not what a person reads, and a code cannot be mistaken for a name. Every
 * screen, mail and export that shows a stored city goes through `cityName`.
 */

/** INSEE code of the commune of Paris, findable and selectable as a whole as before. */
export const PARIS_CODE = '75056';

const ARRONDISSEMENT_CODE = /^751(0[1-9]|1\d|20)$/;

/** 11 for '75111'; undefined for anything that is not one of Paris' arrondissements. */
export function arrondissementNumber(code: string): number | undefined {
  const match = ARRONDISSEMENT_CODE.exec(code);
  return match ? Number(match[1]) : undefined;
}

/** « Paris 1er », « Paris 11e »: the name a person reads for arrondissement `n`. */
export function arrondissementName(n: number): string {
  return `Paris ${n}${n === 1 ? 'er' : 'e'}`;
}

/** What a city choice stores: an arrondissement's INSEE code, any other commune's name. */
export function cityValue(place: { nom: string; code: string }): string {
  return arrondissementNumber(place.code) === undefined ? place.nom : place.code;
}

/** A stored city as shown: « Paris 11e » for '75111', a commune's name as it is. */
export function cityName(stored: string): string {
  const n = arrondissementNumber(stored);
  return n === undefined ? stored : arrondissementName(n);
}
