import { useId, useState, type KeyboardEvent } from 'react';
import { OwnerStep } from '../../../domain/owner-questionnaire.schema';
import { cityName, cityValue } from '../../../domain/arrondissements';
import { cityOptionName, searchCities } from '../../../domain/city-search';
import { departmentLabel } from '../../../lib/geography';
import { PinIcon, SearchIcon } from '../../../ui';
import { useCities, useDepartments, type Loadable } from '../../../lib/use-geography';
import type { StepNavigation } from '../../long-form';
import { OptionGroup } from './option-group';
import { Hint, QuestionForm, QuestionTitle, StepCounter, StepNav } from './question-layout';

/** Loading and failure of a geography list: the library's French message and 'Réessayer'. */
function ListState({ list, loading }: { list: Loadable<unknown>; loading: string }) {
  if (list.status === 'loading') {
    return (
      <p role="status" className="mt-6 flex items-center gap-3 text-base-content/70">
        <span className="loading loading-spinner loading-sm text-primary" />
        {loading}
      </p>
    );
  }
  if (list.status === 'error') {
    return (
      <div role="alert" className="alert alert-warning alert-soft mt-6 flex flex-wrap items-center">
        <span className="flex-1">{list.message}</span>
        <button type="button" className="btn btn-sm" onClick={list.retry}>
          Réessayer
        </button>
      </div>
    );
  }
  return null;
}

/**
 * '94300'; two codes both ('75016, 75116' for Paris 16e: not a range of a hundred); from the
 * first to the last for more ('75001 à 75116' for Paris).
 */
function postalCodes(codes: readonly string[] | undefined): string {
  const sorted = [...(codes ?? [])].sort();
  if (sorted.length <= 1) return sorted[0] ?? '';
  if (sorted.length === 2) return sorted.join(', ');
  return `${sorted[0]} à ${sorted[sorted.length - 1]}`;
}

/** DEPARTMENT: the kept departments shown '(code) - name' (spec 3.6). */
export function DepartmentStep({
  value,
  onChange,
  nav,
}: {
  value: string | undefined;
  onChange: (department: string) => void;
  nav: StepNavigation;
}) {
  const departments = useDepartments();
  return (
    <QuestionForm onNext={nav.onNext} canNext={nav.canNext}>
      <StepCounter step={OwnerStep.DEPARTMENT} />
      {/* The title stays in place while the list loads: focus given to it is not lost. */}
      <OptionGroup
        name="department"
        legend={<QuestionTitle step={OwnerStep.DEPARTMENT} />}
        options={
          departments.status === 'ready'
            ? departments.data.map((d) => ({ value: d.key, label: departmentLabel(d) }))
            : []
        }
        value={value}
        onChange={onChange}
        describedBy="department-aide"
        placeholder={
          departments.status === 'ready' ? undefined : (
            <ListState list={departments} loading="Chargement des départements…" />
          )
        }
      >
        <Hint id="department-aide">
          Nous intervenons à Paris et dans quatre départements d’Île-de-France.
        </Hint>
      </OptionGroup>
      <StepNav canNext={nav.canNext} onPrevious={nav.onPrevious} />
    </QuestionForm>
  );
}

/**
 * CITY: a search box and the chosen department's cities (spec 2.5, 5: trimmed, case- and
 * accent-insensitive substring), in a scrolling list of radios.
 */
export function CityStep({
  department,
  value,
  onChange,
  nav,
}: {
  department: string | undefined;
  value: string | undefined;
  onChange: (city: string) => void;
  nav: StepNavigation;
}) {
  const cities = useCities(department);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const found = cities.status === 'ready' ? searchCities(cities.data, query) : [];

  // Enter in the search box picks the one city left, rather than leaving the step.
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const only = found.length === 1 ? found[0] : undefined;
    if (event.key === 'Enter' && only && cityValue(only) !== value) {
      event.preventDefault();
      onChange(cityValue(only));
    }
  };

  return (
    <QuestionForm onNext={nav.onNext} canNext={nav.canNext}>
      <StepCounter step={OwnerStep.CITY} />
      <fieldset className="min-w-0" aria-describedby="city-choisie">
        <legend className="w-full p-0">
          <QuestionTitle step={OwnerStep.CITY} />
        </legend>
        <Hint id="city-choisie">
          {value ? (
            <span className="inline-flex items-center gap-1.5 font-medium text-primary">
              <PinIcon /> Ville choisie&nbsp;: {cityName(value)}
            </span>
          ) : (
            'Recherchez la ville puis choisissez-la dans la liste.'
          )}
        </Hint>
        {cities.status === 'ready' ? (
          <>
            <label htmlFor={searchId} className="sr-only">
              Rechercher une ville
            </label>
            <div className="input mt-5 w-full">
              <SearchIcon className="text-lg text-base-content/70" />
              <input
                id={searchId}
                type="search"
                placeholder="Rechercher..."
                autoComplete="off"
                enterKeyHint="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                onKeyDown={onSearchKey}
                aria-controls={`${searchId}-liste`}
              />
            </div>
            <div
              id={`${searchId}-liste`}
              className="mt-3 max-h-56 overflow-y-auto rounded-field border border-base-300"
            >
              {found.length > 0 ? (
                <ul className="divide-y divide-base-200">
                  {found.map((city) => (
                    <li key={city.code}>
                      <label className="flex cursor-pointer items-center gap-3 px-4 py-2.5 hover:bg-base-200 has-checked:bg-primary/5 has-checked:font-semibold has-checked:text-primary">
                        <input
                          type="radio"
                          name="city"
                          value={cityValue(city)}
                          checked={cityValue(city) === value}
                          onChange={() => onChange(cityValue(city))}
                          className="radio radio-primary radio-sm"
                        />
                        <span className="flex-1">{cityOptionName(city)}</span>
                        <span className="text-xs text-base-content/70">
                          {postalCodes(city.codesPostaux)}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              ) : (
                <p role="status" className="px-4 py-6 text-center text-base-content/70">
                  Aucune ville de ce département ne correspond à «&nbsp;{query.trim()}&nbsp;».
                  Vérifiez l’orthographe ou revenez à l’étape précédente pour changer de secteur.
                </p>
              )}
            </div>
            <p className="mt-2 text-xs text-base-content/70" aria-live="polite">
              {found.length} ville{found.length > 1 ? 's' : ''}
            </p>
          </>
        ) : department ? (
          <ListState list={cities} loading="Chargement des villes…" />
        ) : (
          <p role="alert" className="alert alert-warning alert-soft mt-6">
            Choisissez d’abord le secteur du bien à l’étape précédente.
          </p>
        )}
      </fieldset>
      <StepNav canNext={nav.canNext} onPrevious={nav.onPrevious} />
    </QuestionForm>
  );
}
