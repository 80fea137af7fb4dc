import type { ComponentProps, ReactNode } from 'react';
import { CheckIcon } from '../../../ui';
import { LongFormNav, LongFormTitle } from '../../long-form';
import { STEP_TITLE_ID } from './frame';

export interface Option<V> {
  value: V;
  label: string;
}

/** The step's title with the step number minus one (spec 2.6), focused on each new step. */
export function StepTitle({ step, children }: { step: number; children: ReactNode }) {
  return (
    <LongFormTitle id={STEP_TITLE_ID}>
      <span className="text-primary">{step - 1}.</span> {children}
    </LongFormTitle>
  );
}

const cardClass =
  'relative flex min-h-14 cursor-pointer items-center gap-3 rounded-field border px-4 py-3 text-base font-medium transition-colors hover:border-primary/60 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary';
const checkedClass = 'border-primary bg-primary/5 text-primary ring-1 ring-primary';

/** A native radio group in a fieldset whose legend is the step's title. */
export function RadioGroup<V extends string | number | boolean>({
  name,
  legend,
  options,
  value,
  onChange,
  columns = 'sm:grid-cols-2',
}: {
  name: string;
  legend: ReactNode;
  options: readonly Option<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
  columns?: string;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="w-full p-0">{legend}</legend>
      <div className={`mt-6 grid gap-3 ${columns}`}>
        {options.map((option, index) => {
          const checked = value === option.value;
          return (
            <label
              key={String(option.value)}
              className={`${cardClass} ${checked ? checkedClass : 'border-base-300 bg-base-100'}`}
            >
              <input
                type="radio"
                name={name}
                value={index}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="radio radio-primary radio-sm shrink-0"
              />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A checkbox list in a fieldset (DEPARTMENT, CITY, BIEN_TYPE, ACHAT_TYPE). */
export function CheckList<V extends string | number>({
  name,
  options,
  value,
  onChange,
  className = 'grid gap-3 sm:grid-cols-2',
}: {
  name: string;
  options: readonly Option<V>[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  className?: string;
}) {
  const toggle = (v: V, on: boolean) =>
    onChange(on ? [...value.filter((x) => x !== v), v] : value.filter((x) => x !== v));
  return (
    <div className={className}>
      {options.map((option) => {
        const checked = value.includes(option.value);
        return (
          <label
            key={String(option.value)}
            className={`${cardClass} ${checked ? checkedClass : 'border-base-300 bg-base-100'}`}
          >
            <input
              type="checkbox"
              name={name}
              value={String(option.value)}
              checked={checked}
              onChange={(e) => toggle(option.value, e.target.checked)}
              className="checkbox checkbox-primary checkbox-sm shrink-0"
            />
            <span>{option.label}</span>
            {checked ? <CheckIcon className="ml-auto shrink-0 text-primary" /> : null}
          </label>
        );
      })}
    </div>
  );
}

/** 'Precedent' and 'Suivant' (spec 2.6): Suivant submits the step's form, disabled until valid. */
export function StepNav(
  props: Omit<ComponentProps<typeof LongFormNav>, 'previousLabel' | 'longLabel'>,
) {
  return <LongFormNav previousLabel="Precedent" {...props} />;
}

/**
 * A step's form: submitting it (Suivant, or Enter) moves on when allowed. Enter on a radio or a
 * checkbox submits too (browsers differ); Enter in a textarea stays a new line.
 */
export { LongFormForm as StepForm } from '../../long-form';
