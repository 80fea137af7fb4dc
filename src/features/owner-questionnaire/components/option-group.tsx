import type { ReactNode } from 'react';
import { CheckIcon } from '../../../ui';
import { OptionCards } from '../../long-form';

import type { ChoiceProps, Option } from '../../long-form';
export type { Option };

const layouts = {
  /** One option a line, two columns from sm up: longer labels. */
  list: 'grid gap-3 sm:grid-cols-2',
  /** Short labels (counts): compact tiles in a row. */
  tiles: 'grid grid-cols-3 gap-3 sm:grid-cols-5',
  /** Two short choices side by side (Oui / Non). */
  pair: 'grid w-full shrink-0 grid-cols-2 gap-2 sm:w-44',
} as const;

/** Each layout's card size (a tile or a pair has no visible radio: a chosen one is filled). */
const cardSize = { list: 'listed', tiles: 'tile', pair: 'pair' } as const;

/**
 * A real radio group (fieldset, legend, native radios): Tab enters it, the arrow keys choose,
 * Space checks the focused option. The options are drawn as cards; the radio itself stays in
 * the tab order and draws the focus ring on its card.
 */
export function OptionGroup<V extends string | number | boolean>({
  legend,
  value,
  onChange,
  layout = 'list',
  describedBy,
  className = '',
  legendClassName = 'w-full p-0',
  placeholder,
  children,
  ...cards
}: ChoiceProps<V> & {
  /** The legend's content: the step's h1 when the group is the whole question. */
  legend: ReactNode;
  layout?: keyof typeof layouts;
  describedBy?: string;
  className?: string;
  /** A floated legend lays out with the options (a row); by default it sits above them. */
  legendClassName?: string;
  /** Shown instead of the options while they cannot be offered (loading, failure). */
  placeholder?: ReactNode;
  /** Shown between the legend and the options (a hint). */
  children?: ReactNode;
}) {
  const bare = layout === 'tiles' || layout === 'pair';
  return (
    <fieldset className={`min-w-0 ${className}`} aria-describedby={describedBy}>
      <legend className={legendClassName}>{legend}</legend>
      {children}
      {placeholder ?? (
        <div className={`${layouts[layout]} ${layout === 'pair' ? '' : 'mt-6'}`}>
          <OptionCards
            type="radio"
            {...cards}
            isChecked={(v) => v === value}
            onPick={(v) => onChange(v)}
            size={cardSize[layout]}
            filled={bare}
            mark={
              layout === 'list'
                ? (checked) => (
                    <CheckIcon
                      className={`ml-auto shrink-0 text-lg text-primary ${checked ? '' : 'invisible'}`}
                    />
                  )
                : undefined
            }
          />
        </div>
      )}
    </fieldset>
  );
}
