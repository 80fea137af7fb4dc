import type { ReactNode } from 'react';

/** What a read gives a screen (useCachedApi's CachedApiLoad fits). */
export type Load<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; message: string; offline?: true };

/**
 * The one load status of the signed-in screens: while the answer is awaited a status line, on
 * failure the French message (offline with nothing kept on the device: a status, not an alert),
 * then `children(data)` (nothing without children). `inline`: a section's plain line (the client
 * area's sections) rather than a screen's spinner and alert.
 * Whether a shown answer is kept or fresh is said by the frame (offlineSince), not here.
 */
export function LoadGate<T>({
  load,
  loading,
  inline = false,
  children,
}: {
  load: Load<T>;
  loading: string;
  inline?: boolean;
  children?: (data: T) => ReactNode;
}) {
  if (load.status === 'loading')
    return inline ? (
      <p role="status" className="mt-3 text-base-content/70">
        {loading}
      </p>
    ) : (
      <p role="status" className="flex items-center gap-3 py-8 text-base-content/75">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        {loading}
      </p>
    );
  // Offline with nothing kept: not an error, said calmly (issue 29).
  if (load.status === 'failed' && load.offline)
    return (
      <p
        role="status"
        data-testid="not-kept"
        className={inline ? 'mt-3 text-base-content/75' : 'alert my-6'}
      >
        {load.message}
      </p>
    );
  if (load.status === 'failed')
    return (
      <p role="alert" className={inline ? 'mt-3 text-error' : 'alert alert-error my-6'}>
        {load.message}
      </p>
    );
  return <>{children?.(load.data)}</>;
}
