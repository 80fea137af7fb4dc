import { createContext, useContext, type ComponentProps, type ReactNode } from 'react';
import { CheckIcon } from '../../../ui';
import { LongFormNav, LongFormTitle, OptionCards } from '../../long-form';
import { STEP_TITLE_ID } from './frame';

import type { ChoiceProps, Option } from '../../long-form';
export type { Option };

/**
 * The level of the steps' titles: h1 in the wizard, lower when a step is shown inside another
 * page (the client area's criteria editor).
 */
export const StepTitleLevel = createContext<'h1' | 'h2' | 'h3'>('h1');

/** The step's title with the step number minus one (spec 2.6), focused on each new step. */
export function StepTitle({ step, children }: { step: number; children: ReactNode }) {
  const level = useContext(StepTitleLevel);
  return (
    <LongFormTitle id={STEP_TITLE_ID} level={level}>
      <span className="text-primary">{step - 1}.</span> {children}
    </LongFormTitle>
  );
}

/** A native radio group in a fieldset whose legend is the step's title. */
export function RadioGroup<V extends string | number | boolean>({
  legend,
  value,
  onChange,
  columns = 'sm:grid-cols-2',
  ...cards
}: ChoiceProps<V> & { legend: ReactNode; columns?: string }) {
  return (
    <fieldset className="min-w-0">
      <legend className="w-full p-0">{legend}</legend>
      <div className={`mt-6 grid gap-3 ${columns}`}>
        <OptionCards
          type="radio"
          {...cards}
          isChecked={(v) => v === value}
          onPick={(v) => onChange(v)}
        />
      </div>
    </fieldset>
  );
}

/** A checkbox list in a fieldset (DEPARTMENT, CITY, BIEN_TYPE, ACHAT_TYPE). */
export function CheckList<V extends string | number>({
  value,
  onChange,
  className = 'grid gap-3 sm:grid-cols-2',
  ...cards
}: Omit<ChoiceProps<V>, 'value' | 'onChange'> & {
  value: readonly V[];
  onChange: (value: V[]) => void;
  className?: string;
}) {
  const toggle = (v: V, on: boolean) =>
    onChange(on ? [...value.filter((x) => x !== v), v] : value.filter((x) => x !== v));
  return (
    <div className={className}>
      <OptionCards
        type="checkbox"
        {...cards}
        isChecked={(v) => value.includes(v)}
        onPick={toggle}
        mark={(checked) =>
          checked ? <CheckIcon className="ml-auto shrink-0 text-primary" /> : null
        }
      />
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
