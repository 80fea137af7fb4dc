import { useEffect, useState } from 'react';
import { api, toApiFailure } from './api';

export type ApiLoad<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; message: string };

/** GET `path` from the API once per path; a failure is kept as a French message to show. */
export function useApiGet<T>(path: string): ApiLoad<T> {
  const [load, setLoad] = useState<ApiLoad<T>>({ status: 'loading' });
  const [loadedPath, setLoadedPath] = useState(path);
  if (loadedPath !== path) {
    setLoadedPath(path);
    setLoad({ status: 'loading' });
  }
  useEffect(() => {
    let current = true;
    api<T>(path).then(
      (data) => {
        if (current) setLoad({ status: 'ready', data });
      },
      (error: unknown) => {
        if (current) setLoad({ status: 'failed', message: toApiFailure(error).message });
      },
    );
    return () => {
      current = false;
    };
  }, [path]);
  return load;
}
