import type { ReactNode } from 'react';

/** A form's primary button; while the form is being sent, disabled and turning. */
export function SubmitButton({
  loading,
  disabled,
  children,
  className = '',
}: {
  loading: boolean;
  disabled?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={`btn btn-primary ${className}`}
      disabled={disabled || loading}
      aria-busy={loading}
    >
      {loading ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
