import { FetchError } from 'ofetch';
import { useCachedApi, type CachedApiLoad } from '../../db/use-cached-api';
import { api, toApiFailure } from '../../lib/api';
import { useSession } from '../auth';

/**
 * A staff screen’s data: GET `path` (empty: nothing to ask yet), the last answer kept on the
 * device for the signed-in person, readable without network (useCachedApi).
 */
export function useStaffApi<T>(path: string): [CachedApiLoad<T>, () => void] {
  const { user } = useSession();
  return useCachedApi<T>(path ? user?._id : undefined, path);
}

export type StaffChange<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      status: number | null;
      message: string;
      /** The French message of each field the server refused, by its name ('email'). */
      fieldErrors: Record<string, string>;
      /** `current`: the record as it is now, when the change was made on a stale version (409). */
      current?: unknown;
    };

/**
 * A staff change (assign, move, status, user edit): the server's answer or its French refusal.
 * `headers`: a change the outbox may keep without network (changeHeaders: its key and owner);
 * kept, its answer is the worker's `{ queued: true }` (isQueued).
 */
export async function staffChange<T>(
  path: string,
  method: 'POST' | 'PUT' | 'DELETE',
  body?: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<StaffChange<T>> {
  try {
    return { ok: true, data: await api<T>(path, { method, body, headers }) };
  } catch (error) {
    const failure = toApiFailure(error);
    const current =
      error instanceof FetchError && error.response?.status === 409
        ? (error.data as { current?: unknown } | undefined)?.current
        : undefined;
    const { status, message, fieldErrors } = failure;
    return { ok: false, status, message, fieldErrors, current };
  }
}

/** The worker's answer to a change it kept for the network (202 `{ queued: true }`). */
export const isQueued = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { queued?: unknown }).queued === true;
