import type { ApiLoad } from '../lib/use-api-get';

/** While an API answer is awaited, or when it failed: a status line, or the French error. */
export function ApiLoadStatus({ load, loading }: { load: ApiLoad<unknown>; loading: string }) {
  if (load.status === 'loading') {
    return (
      <p role="status" className="mt-3 text-base-content/70">
        {loading}
      </p>
    );
  }
  if (load.status === 'failed') {
    return (
      <p role="alert" className="mt-3 text-error">
        {load.message}
      </p>
    );
  }
  return null;
}
