import { useCallback, useEffect, useState } from 'react';
import { cityValue } from '../domain/arrondissements';
import type { GeoCommune } from '../domain/geography';
import {
  GeographyUnavailableError,
  loadCities,
  loadDepartments,
  type DepartmentOption,
} from './geography';

export type Loadable<T> =
  | { status: 'loading'; retry: () => void }
  | { status: 'ready'; data: T; retry: () => void }
  | { status: 'error'; message: string; retry: () => void };

type Settled<T> =
  | { request: string; status: 'ready'; data: T }
  | { request: string; status: 'error'; message: string };

/**
 * A list read through src/lib/geography (cache first, in Dexie), keyed by what it depends on:
 * a new key or a retry starts a new request; the answer of an older one is ignored.
 */
function useGeoList<T>(key: string | null, load: (key: string) => Promise<T>): Loadable<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const request = key === null ? null : `${key}#${attempt}`;
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (key === null || request === null) return;
    let current = true;
    load(key).then(
      (data) => {
        if (current) setSettled({ request, status: 'ready', data });
      },
      (error: unknown) => {
        const message = (
          error instanceof GeographyUnavailableError ? error : new GeographyUnavailableError()
        ).message;
        if (current) setSettled({ request, status: 'error', message });
      },
    );
    return () => {
      current = false;
    };
  }, [key, request, load]);

  if (!settled || settled.request !== request) return { status: 'loading', retry };
  return settled.status === 'ready'
    ? { status: 'ready', data: settled.data, retry }
    : { status: 'error', message: settled.message, retry };
}

const departmentsOfRegion = () => loadDepartments();
const citiesOf = (department: string) => loadCities([department]);

/** The kept departments (75, 92, 93, 94, 91), in that order. */
export function useDepartments(): Loadable<DepartmentOption[]> {
  return useGeoList('departements', departmentsOfRegion);
}

/** The current communes of one department, sorted by name; nothing asked without a department. */
export function useCities(department: string | undefined): Loadable<GeoCommune[]> {
  return useGeoList(department ?? null, citiesOf);
}

/**
 * Whether a city answer (a name, or an arrondissement's code) belongs to a department (same
 * comparison as the server's).
 */
export async function isCityOfDepartment(city: string, department: string): Promise<boolean> {
  const cities = await loadCities([department]);
  return cities.some(
    (c) => cityValue(c) === city || c.nom.localeCompare(city, 'fr', { sensitivity: 'base' }) === 0,
  );
}

/**
 * Warms the cache (spec 4.3: departments load on opening, then the cities of every kept
 * department), so the owner who loses signal further on still gets both lists.
 */
export function prefetchGeography(): void {
  void loadDepartments()
    .then((departments) => loadCities(departments.map((d) => d.key)))
    .catch(() => undefined); // the steps themselves say so and offer to retry
}
