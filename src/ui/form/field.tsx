import { useId, type ReactNode } from 'react';

/**
 * A labelled control (`children`, given its ids) with its hint under the label and, under the
 * control, what is wrong with it: the control is marked invalid and described by both. `compact`
 * for the small forms of a panel (a visit to plan), large for a form a person fills on a phone.
 */
export function Field({
  label,
  hint,
  error,
  compact = false,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  compact?: boolean;
  className?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const describedBy =
    [hint ? `${id}-aide` : '', error ? `${id}-erreur` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={compact ? 'block text-sm font-medium' : 'block font-medium'}>
        {label}
      </label>
      {hint ? (
        <p
          id={`${id}-aide`}
          className={`mt-1 text-base-content/75 ${compact ? 'text-xs' : 'text-sm'}`}
        >
          {hint}
        </p>
      ) : null}
      <div className={compact ? 'mt-1' : 'mt-2'}>
        {children({ id, describedBy, invalid: !!error })}
      </div>
      {error ? (
        <p id={`${id}-erreur`} className="mt-1 text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
