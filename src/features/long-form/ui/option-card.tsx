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
