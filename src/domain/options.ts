/** Option lists: the choices of a select, radio group or checkbox list, as `{ value, label }`. */

/** Positions 0..9 of a list, and the same counted from 1: the values `options` gives its labels. */
type FromZero = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
type FromOne = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** `{ value, label }` for each label, the values counted from `first` (0 or 1) in order. */
export type NumberedOptions<L extends readonly string[], First extends 0 | 1> = {
  readonly [K in keyof L]: {
    readonly value: K extends `${infer I extends number}`
      ? (First extends 0 ? FromZero : FromOne)[I]
      : never;
    readonly label: L[K];
  };
};

/** Builds an option list from its labels: the first label gets `first`, the next `first + 1`… */
export function numberedOptions<const L extends readonly string[], First extends 0 | 1 = 1>(
  labels: L,
  first: First = 1 as First,
): NumberedOptions<L, First> {
  return labels.map((label, index) => ({
    value: first + index,
    label,
  })) as unknown as NumberedOptions<L, First>;
}

/** Builds an option list with text codes from its labels by code, in the table's order. */
export function codedOptions<const T extends Record<string, string>>(
  labels: T,
): readonly { readonly value: keyof T & string; readonly label: T[keyof T] }[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label })) as {
    value: keyof T & string;
    label: T[keyof T];
  }[];
}

/** Options whose label is their value. */
export const selfLabelled = <V extends string>(values: readonly V[]) =>
  values.map((value) => ({ value, label: value }));

export function labelOf<T extends { value: unknown; label: string }>(
  options: readonly T[],
  value: unknown,
): string {
  return options.find((o) => o.value === value)?.label ?? String(value);
}
