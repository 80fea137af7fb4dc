import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A note's box in a staff form (a record's note, a stage move's): its label, the textarea at most
 * `maxLength` long (the contract's limit), and under it what is wrong, said at once.
 */
export function NoteField({
  id,
  label,
  rows,
  maxLength,
  error,
  field,
}: {
  id: string;
  label: ReactNode;
  rows: number;
  maxLength: number;
  error: string | null | undefined;
  /** The textarea's registration in its form. */
  field: UseFormRegisterReturn;
}) {
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        className="textarea textarea-bordered mt-1 w-full"
        rows={rows}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...field}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
