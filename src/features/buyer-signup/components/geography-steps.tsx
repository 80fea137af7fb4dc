import { useEffect, useId, useMemo, useState } from 'react';
import type { GeoCommune } from '../../../domain/geography';
import { cityName, cityValue } from '../../../domain/arrondissements';
import { cityOptionName, searchCities } from '../../../domain/city-search';
import {
  departmentLabel,
  loadCities,
  loadDepartments,
  type DepartmentOption,
} from '../../../lib/geography';
import type { StepNavigation } from '../../long-form';
import { CheckList, StepForm, StepNav, StepTitle } from './controls';

type Load<T> =
  { status: 'loading' } | { status: 'ready'; list: T } | { status: 'failed'; message: string };

function useLoad<T>(load: () => Promise<T>, key: string) {
  const [attempt, setAttempt] = useState(0);
  const wanted = `${key}#${attempt}`;
  const [result, setResult] = useState<{ for: string; state: Load<T> } | null>(null);
  useEffect(() => {
    let current = true;
    load().then(
      (list) => {
        if (current) setResult({ for: wanted, state: { status: 'ready', list } });
      },
      (error: unknown) => {
        if (!current) return;
        const message =
          error instanceof Error ? error.message : 'La liste n’a pas pu être chargée.';
        setResult({ for: wanted, state: { status: 'failed', message } });
      },
    );
    return () => {
      current = false;
    };
    // The loader is recreated each render; `wanted` says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);
  const state: Load<T> = result?.for === wanted ? result.state : { status: 'loading' };
  return { state, retry: () => setAttempt((n) => n + 1) };
}

function Failed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft mt-6">
      <span>{message}</span>
      <button type="button" className="btn btn-sm" onClick={retry}>
        Réessayer
      </button>
    </div>
  );
}

const Loading = () => (
  <p role="status" className="mt-6 flex items-center gap-2 text-base-content/70">
    <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Chargement…
  </p>
);

/** Step 4: departments, as a checkbox list (spec 2.6); at least one (spec 5). */
export function DepartmentStep({
  value,
  onChange,
  nav,
}: {
  value: readonly string[];
  onChange: (codes: string[]) => void;
  nav: StepNavigation;
}) {
  const { state, retry } = useLoad<DepartmentOption[]>(loadDepartments, 'departements');
  return (
    <StepForm onNext={nav.onNext} canNext={nav.canNext}>
      <fieldset className="min-w-0">
        <legend className="w-full p-0">
          <StepTitle step={4}>Dans quels départements cherchez-vous&nbsp;?</StepTitle>
        </legend>
        <p className="mt-3 text-base-content/70">Choisissez un ou plusieurs départements.</p>
        <div className="mt-6">
          {state.status === 'loading' ? <Loading /> : null}
          {state.status === 'failed' ? <Failed message={state.message} retry={retry} /> : null}
          {state.status === 'ready' ? (
            <CheckList
              name="department"
              options={state.list.map((d) => ({ value: d.key, label: departmentLabel(d) }))}
              value={value}
              onChange={onChange}
            />
          ) : null}
        </div>
      </fieldset>
      <StepNav canNext={nav.canNext} onPrevious={nav.onPrevious} />
    </StepForm>
  );
}

/** Step 5: cities of every chosen department, with the 'Rechercher...' box (spec 2.6, 5). */
export function CityStep({
  departments,
  value,
  onChange,
  nav,
}: {
  departments: readonly string[];
  value: readonly string[];
  onChange: (cities: string[]) => void;
  nav: StepNavigation;
}) {
  const key = departments.join(',');
  const { state, retry } = useLoad<GeoCommune[]>(() => loadCities(departments), key);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const options = useMemo(() => {
    if (state.status !== 'ready') return [];
    // One entry per value stored (a name, an arrondissement's code): homonyms in two
    // departments are one choice.
    const seen = new Set<string>();
    return searchCities(state.list, query).flatMap((c) => {
      const stored = cityValue(c);
      if (seen.has(stored)) return [];
      seen.add(stored);
      return [{ value: stored, label: `${cityOptionName(c)} (${c.codeDepartement})` }];
    });
  }, [state, query]);
  return (
    <StepForm onNext={nav.onNext} canNext={nav.canNext}>
      <fieldset className="min-w-0">
        <legend className="w-full p-0">
          <StepTitle step={5}>Dans quelles villes&nbsp;?</StepTitle>
        </legend>
        <label htmlFor={searchId} className="sr-only">
          Rechercher une ville
        </label>
        <input
          id={searchId}
          type="search"
          className="input mt-6 w-full"
          placeholder="Rechercher..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
        />
        <p className="mt-2 text-sm text-base-content/70" aria-live="polite">
          {value.length === 0
            ? 'Aucune ville choisie.'
            : `${value.length} ville${value.length > 1 ? 's' : ''} choisie${value.length > 1 ? 's' : ''}\u00a0: ${value.map(cityName).join(', ')}`}
        </p>
        <div className="mt-3 max-h-56 overflow-y-auto rounded-field border border-base-300 p-2">
          {state.status === 'loading' ? <Loading /> : null}
          {state.status === 'failed' ? <Failed message={state.message} retry={retry} /> : null}
          {state.status === 'ready' && options.length === 0 ? (
            <p className="p-2 text-base-content/70">Aucune ville ne correspond.</p>
          ) : null}
          {state.status === 'ready' ? (
            <CheckList
              name="cities"
              options={options}
              value={value}
              onChange={onChange}
              className="grid gap-2"
            />
          ) : null}
        </div>
      </fieldset>
      <StepNav canNext={nav.canNext} onPrevious={nav.onPrevious} />
    </StepForm>
  );
}
