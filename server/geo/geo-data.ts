import { createRequire } from 'node:module';
import { cityValue } from '../../src/domain/arrondissements';
import { KEPT_DEPARTMENTS, type GeoCommune, type GeoDepartement } from '../../src/domain/geography';

interface RawDepartement {
  code: string;
  region: string;
  nom: string;
}
interface RawCommune {
  code: string;
  nom: string;
  type: string;
  departement?: string;
  codesPostaux?: string[];
  population?: number;
}

/**
 * The kinds of communes geo.api.gouv.fr's `type` parameter selects; without it, current communes
 * only. Communes déléguées and associées reuse their parent's code and are never listed.
 */
export const COMMUNE_TYPES = ['commune-actuelle', 'arrondissement-municipal'] as const;
export type CommuneType = (typeof COMMUNE_TYPES)[number];

/**
 * Geography index built once from @etalab/decoupage-administratif's data files. The files are
 * required directly: the package's own entry point reads paths relative to the working directory.
 */
export interface GeoIndex {
  departementsOfRegion(code: string): GeoDepartement[] | undefined;
  /** Current communes of a department (undefined for an unknown one). */
  communesOfDepartement(code: string): GeoCommune[] | undefined;
  /** Those of the given types, in the order given (undefined for an unknown department). */
  communesOfDepartementByType(
    code: string,
    types: readonly CommuneType[],
  ): GeoCommune[] | undefined;
  /**
   * The place a stored city answer names in a department: a current commune by its name (case
   * and accents aside), or one of Paris' arrondissements by its INSEE code or its name.
   */
  cityOfDepartement(department: string, answer: string): GeoCommune | undefined;
  /** Pre-serialised answers, so the kept departments answer without any work. */
  json: Map<string, string>;
}

/** Key of a pre-serialised list of `types` communes of department `code`. */
export const communesJsonKey = (code: string, types: readonly CommuneType[]) =>
  `communes:${code}:${types.join(',')}`;

const sameName = (a: string, b: string) => a.localeCompare(b, 'fr', { sensitivity: 'base' }) === 0;

export function loadGeoIndex(): GeoIndex {
  const require = createRequire(import.meta.url);
  const departements =
    require('@etalab/decoupage-administratif/data/departements.json') as RawDepartement[];
  const communes = require('@etalab/decoupage-administratif/data/communes.json') as RawCommune[];

  const byRegion = new Map<string, GeoDepartement[]>();
  for (const d of departements) {
    const list = byRegion.get(d.region) ?? [];
    list.push({ nom: d.nom, code: d.code, codeRegion: d.region });
    byRegion.set(d.region, list);
  }

  // Per type, per department: Paris' arrondissements are 'arrondissement-municipal' records.
  const byType = new Map<CommuneType, Map<string, GeoCommune[]>>();
  for (const type of COMMUNE_TYPES) {
    const byDepartement = new Map<string, GeoCommune[]>();
    for (const d of departements) byDepartement.set(d.code, []);
    byType.set(type, byDepartement);
  }
  for (const c of communes) {
    const byDepartement = byType.get(c.type as CommuneType);
    if (!byDepartement || !c.departement) continue;
    const commune: GeoCommune = {
      nom: c.nom,
      code: c.code,
      codeDepartement: c.departement,
      codesPostaux: c.codesPostaux ?? [],
    };
    if (c.population !== undefined) commune.population = c.population;
    byDepartement.get(c.departement)?.push(commune);
  }

  const communesOfDepartementByType = (code: string, types: readonly CommuneType[]) => {
    const lists = types.map((type) => byType.get(type)?.get(code));
    return lists.every((l) => l !== undefined) ? lists.flat() : undefined;
  };

  const json = new Map<string, string>();
  for (const code of KEPT_DEPARTMENTS) {
    for (const types of [['commune-actuelle'], COMMUNE_TYPES] as const) {
      json.set(
        communesJsonKey(code, types),
        JSON.stringify(communesOfDepartementByType(code, types)),
      );
    }
  }

  return {
    departementsOfRegion: (code) => byRegion.get(code),
    communesOfDepartement: (code) => communesOfDepartementByType(code, ['commune-actuelle']),
    communesOfDepartementByType,
    cityOfDepartement: (department, answer) =>
      communesOfDepartementByType(department, COMMUNE_TYPES)?.find(
        (c) => cityValue(c) === answer || sameName(c.nom, answer),
      ),
    json,
  };
}
