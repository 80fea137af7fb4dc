import { FetchError, ofetch, type FetchRequest } from 'ofetch';
import { readToken } from './token-storage';

/** Error body every API answer uses (server/http/errors.ts). */
export interface ApiErrorBody {
  message: string;
  fieldErrors?: Record<string, string>;
}

/**
 * Whether a request goes to our own server. The bearer token is for it alone: a third-party
 * service reached through this client (the public geography API, say) never receives it.
 */
export function isOwnOrigin(request: FetchRequest, origin = globalThis.location?.origin): boolean {
  const url = typeof request === 'string' ? request : request.url;
  if (/^\/(?!\/)/.test(url)) return true;
  try {
    return origin !== undefined && new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
}

/**
 * The one HTTP client of the app. Every request to our server carries the session's bearer
 * token whenever one is stored (spec 6), unless the caller set its own Authorization header.
 */
export const api = ofetch.create({
  baseURL: '/',
  retry: 0,
  timeout: 20_000,
  onRequest({ request, options }) {
    const token = readToken();
    if (token && !options.headers.has('Authorization') && isOwnOrigin(request)) {
      options.headers.set('Authorization', `Bearer ${token}`);
    }
  },
});

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).message === 'string'
  );
}

/** A failed call, reduced to what a person can read and act on. */
export interface ApiFailure {
  status: number | null;
  message: string;
  fieldErrors: Record<string, string>;
}

export function toApiFailure(error: unknown): ApiFailure {
  if (error instanceof FetchError) {
    const status = error.response?.status ?? null;
    if (isApiErrorBody(error.data)) {
      return { status, message: error.data.message, fieldErrors: error.data.fieldErrors ?? {} };
    }
    if (status === null) {
      return {
        status,
        message:
          'Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez\u00a0: ce que vous avez saisi est conservé.',
        fieldErrors: {},
      };
    }
    return {
      status,
      message: `Le serveur n’a pas pu traiter la demande (erreur ${status}). Réessayez dans un instant.`,
      fieldErrors: {},
    };
  }
  return {
    status: null,
    message: 'Une erreur inattendue est survenue. Réessayez dans un instant.',
    fieldErrors: {},
  };
}
