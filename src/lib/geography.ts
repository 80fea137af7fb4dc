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
 */
async function cachedList<T>(
  read: () => Promise<{ list: T[]; fetchedAt: number } | undefined>,
  fetchList: () => Promise<T[]>,
  write: (list: T[]) => Promise<unknown>,
): Promise<T[]> {
  const cached = await read().catch(() => undefined);
  const refresh = async () => {
    const list = await fetchList();
    await write(list).catch(() => undefined); // a full or refused storage only costs the cache
    return list;
  };
  if (cached && cached.list.length > 0) {
    if (Date.now() - cached.fetchedAt > REFRESH_AFTER_MS) void refresh().catch(() => undefined);
    return cached.list;
  }
  try {
    return await refresh();
  } catch {
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

/** Current communes of the given departments, one call each in parallel, merged (spec 7). */
export async function loadCities(codes: readonly string[]): Promise<GeoCommune[]> {
  const lists = await Promise.all(
    codes.map((code) =>
      cachedList<GeoCommune>(
        () => appDb.geoCommunes.get(code),
        () => fetchJson<GeoCommune[]>(`/departements/${code}/communes`),
        (list) => appDb.geoCommunes.put({ departement: code, list, fetchedAt: Date.now() }),
      ),
    ),
  );
  return lists.flat().sort((a, b) => a.nom.localeCompare(b.nom, 'fr'));
}
