import type { ReactNode } from 'react';

/** One answer among a question's choices. */
export interface Option<V> {
  value: V;
  label: string;
}

const cardClass =
  'relative flex cursor-pointer items-center rounded-field border font-medium transition-colors hover:border-primary/60 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary';

/** Sizes of an option card: a line with its radio or checkbox, by default. */
export const optionCardSize = {
  listed: 'min-h-14 gap-3 px-4 py-3 text-base',
  tile: 'min-h-14 justify-center px-3 py-3 text-center text-base',
  pair: 'min-h-11 justify-center px-4 py-2 text-sm',
} as const;

/** A chosen card: outlined beside its checked input, or filled when the input is not shown. */
export const optionCardChecked = {
  listed: 'border-primary bg-primary/5 text-primary ring-1 ring-primary',
  filled: 'border-primary bg-primary text-primary-content hover:border-primary',
} as const;

/**
 * One answer of a long form's question drawn as a card: the native radio or checkbox (`input`)
 * inside its label, so a click anywhere on the card chooses it and the focus ring of the input
 * is drawn on the card.
 */
export function OptionCard({
  checked,
  size = 'listed',
  filled = false,
  input,
  children,
}: {
  checked: boolean;
  size?: keyof typeof optionCardSize;
  /** A chosen card is filled (its input is invisible); outlined otherwise. */
  filled?: boolean;
  input: ReactNode;
  children: ReactNode;
}) {
  const state = checked
    ? optionCardChecked[filled ? 'filled' : 'listed']
    : 'border-base-300 bg-base-100';
  return (
    <label className={`${cardClass} ${state} ${optionCardSize[size]}`}>
      {input}
      {children}
    </label>
  );
}

/** The two answers of a yes-or-no question. */
export const yesNoOptions = [
  { value: true, label: 'Oui' },
  { value: false, label: 'Non' },
] as const;

/** A question answered by one of its options: what the group of its cards gets. */
export interface ChoiceProps<V> {
  name: string;
  options: readonly Option<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
}

const inputClass = {
  radio: 'radio radio-primary radio-sm shrink-0',
  checkbox: 'checkbox checkbox-primary checkbox-sm shrink-0',
  /** Invisible but covering its card: a click or a tap lands on the input itself. */
  hidden: 'absolute inset-0 size-full cursor-pointer appearance-none rounded-field opacity-0',
};

/**
 * A question's options as cards, each with its native radio or checkbox (`type`; a radio's value
 * is the option's index). `isChecked` says which are chosen; `onPick` gets an option's value when
 * its input changes, and whether it is now checked; `mark` draws what follows the label. A filled
 * card's input is invisible.
 */
export function OptionCards<V>({
  type,
  name,
  options,
  isChecked,
  onPick,
  size,
  filled = false,
  mark,
}: {
  type: 'radio' | 'checkbox';
  name: string;
  options: readonly Option<V>[];
  isChecked: (value: V) => boolean;
  onPick: (value: V, checked: boolean) => void;
  size?: keyof typeof optionCardSize;
  filled?: boolean;
  mark?: (checked: boolean) => ReactNode;
}) {
  return options.map((option, index) => {
    const checked = isChecked(option.value);
    return (
      <OptionCard
        key={String(option.value)}
        checked={checked}
        size={size}
        filled={filled}
        input={
          <input
            type={type}
            name={name}
            value={type === 'radio' ? index : String(option.value)}
            checked={checked}
            onChange={(e) => onPick(option.value, e.target.checked)}
            className={filled ? inputClass.hidden : inputClass[type]}
          />
        }
      >
        <span>{option.label}</span>
        {mark?.(checked)}
      </OptionCard>
    );
  });
}
