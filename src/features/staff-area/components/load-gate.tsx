import type { ReactNode } from 'react';
import type { CachedApiLoad } from '../../../db/use-cached-api';

/** A screen's data once there; before, a status line; on failure, the French message. */
export function LoadGate<T>({
  load,
  loading,
  children,
}: {
  load: CachedApiLoad<T>;
  loading: string;
  children: (data: T) => ReactNode;
}) {
  if (load.status === 'loading')
    return (
      <p role="status" className="flex items-center gap-3 py-8 text-base-content/75">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        {loading}
      </p>
    );
  if (load.status === 'failed')
    return (
      <p role="alert" className="alert alert-error my-6">
        {load.message}
      </p>
    );
  return <>{children(load.data)}</>;
}

/** The date the kept answer was fetched, when it is shown without network. */
export const offlineSince = (load: CachedApiLoad<unknown>) =>
  load.status === 'ready' && load.fromCache ? load.fetchedAt : null;
