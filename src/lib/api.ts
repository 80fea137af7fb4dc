import { FetchError, ofetch } from 'ofetch';

/** Error body every API answer uses (server/http/errors.ts). */
export interface ApiErrorBody {
  message: string;
  fieldErrors?: Record<string, string>;
}

/** The one HTTP client of the app. A bearer token is added by the session once it exists. */
export const api = ofetch.create({
  baseURL: '/',
  retry: 0,
  timeout: 20_000,
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
          'Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez : ce que vous avez saisi est conservé.',
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
