import { appDb } from '../db/database';
import {
  KEPT_DEPARTMENTS,
  REGION_CODE,
  type GeoCommune,
  type GeoDepartement,
} from '../domain/geography';

/** Base of the geography service: the server's /geo mirror unless VITE_GEO_URL names another. */
export const GEO_BASE = ((import.meta.env.VITE_GEO_URL as string | undefined) ?? '/geo').replace(
  /\/$/,
  '',
);

/** A cached list older than this is refreshed in the background. */
const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;

/** A department as the flows show it: '(code) - name' (spec 3.6). */
export interface DepartmentOption {
  key: string;
  name: string;
}

export class GeographyUnavailableError extends Error {
  constructor() {
    super(
      'La liste des départements et des villes n’a pas pu être chargée. Vérifiez votre connexion puis réessayez.',
    );
  }
}

export function departmentLabel(d: DepartmentOption): string {
  return `(${d.key}) - ${d.name}`;
}

async function fetchJson<T>(path: string): Promise<T> {
  const res = await fetch(`${GEO_BASE}${path}`, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`geo ${res.status}`);
  return (await res.json()) as T;
}

/**
 * Cache first: a list already on the device answers at once (and offline); it is refreshed in
 * the background once a day. Without a cached copy the network answers, or the error says why.
 * A copy of an older shape (`outdated`) is replaced first, and only used when the network fails.
 */
async function cachedList<T>(
  read: () => Promise<{ list: T[]; fetchedAt: number; outdated?: boolean } | undefined>,
  fetchList: () => Promise<T[]>,
  write: (list: T[]) => Promise<unknown>,
): Promise<T[]> {
  const cached = await read().catch(() => undefined);
  const refresh = async () => {
    const list = await fetchList();
    await write(list).catch(() => undefined); // a full or refused storage only costs the cache
    return list;
  };
  const kept = cached && cached.list.length > 0 ? cached : undefined;
  if (kept && !kept.outdated) {
    if (Date.now() - kept.fetchedAt > REFRESH_AFTER_MS) void refresh().catch(() => undefined);
    return kept.list;
  }
  try {
    return await refresh();
  } catch {
    if (kept) return kept.list;
    throw new GeographyUnavailableError();
  }
}

/** Departments of Île-de-France that the company covers, in the spec's order (75, 92, 93, 94, 91). */
export async function loadDepartments(): Promise<DepartmentOption[]> {
  const all = await cachedList<GeoDepartement>(
    () => appDb.geoDepartements.get(REGION_CODE),
    () => fetchJson<GeoDepartement[]>(`/regions/${REGION_CODE}/departements`),
    (list) => appDb.geoDepartements.put({ region: REGION_CODE, list, fetchedAt: Date.now() }),
  );
  return KEPT_DEPARTMENTS.flatMap((code) => {
    const d = all.find((x) => x.code === code);
    return d ? [{ key: d.code, name: d.nom }] : [];
  });
}

/** What a city list holds: current communes and Paris' arrondissements (geo.api.gouv.fr types). */
const CITY_TYPES = 'commune-actuelle,arrondissement-municipal';

/**
 * Current communes of the given departments and Paris' 20 arrondissements, one call each in
 * parallel, merged (spec 7), by name: « Paris », then « Paris 1er » to « Paris 20e » in order.
 */
export async function loadCities(codes: readonly string[]): Promise<GeoCommune[]> {
  const lists = await Promise.all(
    codes.map((code) =>
      cachedList<GeoCommune>(
        async () => {
          const record = await appDb.geoCommunes.get(code);
          // A list cached before arrondissements were asked for lacks them.
          return record && { ...record, outdated: record.types !== CITY_TYPES };
        },
        () => fetchJson<GeoCommune[]>(`/communes?codeDepartement=${code}&type=${CITY_TYPES}`),
        (list) =>
          appDb.geoCommunes.put({
            departement: code,
            list,
            fetchedAt: Date.now(),
            types: CITY_TYPES,
          }),
      ),
    ),
  );
  return lists.flat().sort((a, b) => a.nom.localeCompare(b.nom, 'fr', { numeric: true }));
}
