import type { ComponentProps, ReactNode } from 'react';
import { CheckIcon } from '../../../ui';
import { LongFormNav, LongFormTitle, OptionCard } from '../../long-form';
import { STEP_TITLE_ID } from './frame';

import type { Option } from '../../long-form';
export type { Option };

/** The step's title with the step number minus one (spec 2.6), focused on each new step. */
export function StepTitle({ step, children }: { step: number; children: ReactNode }) {
  return (
    <LongFormTitle id={STEP_TITLE_ID}>
      <span className="text-primary">{step - 1}.</span> {children}
    </LongFormTitle>
  );
}

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
            <OptionCard
              key={String(option.value)}
              checked={checked}
              input={
                <input
                  type="radio"
                  name={name}
                  value={index}
                  checked={checked}
                  onChange={() => onChange(option.value)}
                  className="radio radio-primary radio-sm shrink-0"
                />
              }
            >
              <span>{option.label}</span>
            </OptionCard>
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
          <OptionCard
            key={String(option.value)}
            checked={checked}
            input={
              <input
                type="checkbox"
                name={name}
                value={String(option.value)}
                checked={checked}
                onChange={(e) => toggle(option.value, e.target.checked)}
                className="checkbox checkbox-primary checkbox-sm shrink-0"
              />
            }
          >
            <span>{option.label}</span>
            {checked ? <CheckIcon className="ml-auto shrink-0 text-primary" /> : null}
          </OptionCard>
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
