import { useEffect, useId, useMemo, useState } from 'react';
import type { GeoCommune } from '../../../domain/geography';
import { cityOptionName, searchCities } from '../../../domain/city-search';
import { GeographyUnavailableError, loadCities, loadDepartments } from '../../../lib/geography';

export interface ChosenCity {
  /** As shown: « Paris 11e », « Boulogne-Billancourt ». */
  name: string;
  /** INSEE code (an arrondissement's for Paris, Lyon, Marseille). */
  code: string;
  postcodes: string[];
}

type Cities =
  | { status: 'loading' }
  | { status: 'ready'; list: GeoCommune[] }
  | { status: 'failed'; message: string };

const SHOWN = 8;

/** The communes of every kept department, from the cached geography (src/lib/geography). */
function useAllCities(attempt: number): Cities {
  const [state, setState] = useState<Cities>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    loadDepartments()
      .then((departments) => loadCities(departments.map((d) => d.key)))
      .then(
        (list) => current && setState({ status: 'ready', list }),
        (error: unknown) =>
          current &&
          setState({
            status: 'failed',
            message: (error instanceof GeographyUnavailableError
              ? error
              : new GeographyUnavailableError()
            ).message,
          }),
      );
    return () => {
      current = false;
    };
  }, [attempt]);
  return state;
}

/**
 * The property's city: typed, searched like the long forms' city step (searchCities: accents,
 * arrondissements « Paris 11e », postcodes), chosen among the first matches. The field is in
 * error (aria-invalid) until a city of the list is chosen.
 */
export function CityPicker({
  query,
  onQuery,
  chosen,
  error,
  onChoose,
}: {
  query: string;
  onQuery: (query: string) => void;
  chosen: string;
  error?: string;
  onChoose: (city: ChosenCity) => void;
}) {
  const id = useId();
  const [attempt, setAttempt] = useState(0);
  const cities = useAllCities(attempt);
  const matches = useMemo(() => {
    if (cities.status !== 'ready' || query.trim().length < 2 || chosen) return [];
    const seen = new Set<string>();
    return searchCities(cities.list, query)
      .filter((c) => (seen.has(c.code) ? false : (seen.add(c.code), true)))
      .slice(0, SHOWN);
  }, [cities, query, chosen]);
  const describedBy = [`${id}-aide`, error ? `${id}-erreur` : ''].filter(Boolean).join(' ');

  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        Ville
      </label>
      <p id={`${id}-aide`} className="mt-1 text-sm text-base-content/75">
        Tapez le nom, l’arrondissement (&laquo;&nbsp;Paris 11&nbsp;&raquo;) ou le code postal, puis
        choisissez dans la liste.
      </p>
      <input
        id={id}
        type="search"
        autoComplete="off"
        className={`input mt-2 w-full ${error ? 'input-error' : ''}`}
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        aria-invalid={!!error}
        aria-describedby={describedBy}
        aria-controls={`${id}-liste`}
      />
      {cities.status === 'failed' ? (
        <p className="mt-2 text-sm text-error">
          {cities.message}{' '}
          <button
            type="button"
            className="btn btn-link btn-sm px-0"
            onClick={() => setAttempt((n) => n + 1)}
          >
            Réessayer
          </button>
        </p>
      ) : null}
      <div id={`${id}-liste`} aria-live="polite">
        {matches.length > 0 ? (
          <ul
            aria-label="Villes correspondantes"
            className="mt-2 overflow-hidden rounded-field border border-base-300 bg-base-100"
          >
            {matches.map((city) => (
              <li key={city.code}>
                <button
                  type="button"
                  className="block w-full px-3 py-2 text-left hover:bg-base-200 focus-visible:bg-base-200"
                  onClick={() =>
                    onChoose({
                      name: cityOptionName(city),
                      code: city.code,
                      postcodes: city.codesPostaux,
                    })
                  }
                >
                  {cityOptionName(city)}{' '}
                  <span className="text-sm text-base-content/75">
                    ({city.codesPostaux.slice(0, 3).join(', ')})
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : cities.status === 'ready' && query.trim().length >= 2 && !chosen ? (
          <p className="mt-2 text-sm text-base-content/75">
            Aucune ville ne correspond dans notre zone d’intervention.
          </p>
        ) : null}
        {chosen ? <p className="mt-2 text-sm font-medium">Ville choisie&nbsp;: {chosen}</p> : null}
      </div>
      {error ? (
        <p id={`${id}-erreur`} className="mt-1 text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
