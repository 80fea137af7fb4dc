import { createRequire } from 'node:module';
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
 * Geography index built once from @etalab/decoupage-administratif's data files. The files are
 * required directly: the package's own entry point reads paths relative to the working directory.
 */
export interface GeoIndex {
  departementsOfRegion(code: string): GeoDepartement[] | undefined;
  communesOfDepartement(code: string): GeoCommune[] | undefined;
  /** Pre-serialised answers, so the kept departments answer without any work. */
  json: Map<string, string>;
}

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

  // Only current communes: communes déléguées and associées reuse their parent's code, and
  // Paris' arrondissements are 'arrondissement-municipal' records.
  const byDepartement = new Map<string, GeoCommune[]>();
  for (const d of departements) byDepartement.set(d.code, []);
  for (const c of communes) {
    if (c.type !== 'commune-actuelle' || !c.departement) continue;
    const commune: GeoCommune = {
      nom: c.nom,
      code: c.code,
      codeDepartement: c.departement,
      codesPostaux: c.codesPostaux ?? [],
    };
    if (c.population !== undefined) commune.population = c.population;
    byDepartement.get(c.departement)?.push(commune);
  }

  const json = new Map<string, string>();
  for (const code of KEPT_DEPARTMENTS) {
    json.set(`communes:${code}`, JSON.stringify(byDepartement.get(code) ?? []));
  }

  return {
    departementsOfRegion: (code) => byRegion.get(code),
    communesOfDepartement: (code) => byDepartement.get(code),
    json,
  };
}
