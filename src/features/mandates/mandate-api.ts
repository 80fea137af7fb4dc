import {
  CLIENT_MANDATE_PATH,
  staffMandatePath,
  mandateEvidencePath,
  mandatePdfPath,
  type MandateView,
} from '../../domain/api/mandates';
import { useCachedApi, type CachedApiLoad } from '../../db/use-cached-api';
import { api, toApiFailure, type ApiFailure } from '../../lib/api';
import { downloadWithToken } from '../../lib/download-file';
import { notify } from '../../lib/toast';
import { useSession } from '../auth';

/**
 * The mandate's calls (src/domain/api/mandates.ts is the contract): reads kept on the device
 * like the rest of the signed-in screens, and the changes, each the server's answer or its
 * French refusal (never thrown to the screen).
 */

/** GET `path` for the signed-in person (empty path: nothing asked yet). */
export function useMandateApi<T>(path: string): [CachedApiLoad<T>, () => void] {
  const { user } = useSession();
  return useCachedApi<T>(path ? user?._id : undefined, path);
}

/** A buyer's mandates, newest first (the fiche's « Mandat » panel and its stage control). */
export const useBuyerMandates = (buyerId: string) =>
  useMandateApi<MandateView[]>(staffMandatePath(buyerId));

/** The client's current mandate, or null when none was prepared. */
export const useClientMandate = () => useMandateApi<MandateView | null>(CLIENT_MANDATE_PATH);

export type MandateChange<T> = { ok: true; data: T } | ({ ok: false } & ApiFailure);

/** A POST of the mandate's flow: its answer, or the refusal with its field messages. */
export async function mandatePost<T = unknown>(
  path: string,
  body: Record<string, unknown> = {},
): Promise<MandateChange<T>> {
  try {
    return { ok: true, data: await api<T>(path, { method: 'POST', body }) };
  } catch (error) {
    return { ok: false, ...toApiFailure(error) };
  }
}

/** The file names the downloads are saved under: « mandat-12.pdf », « mandat-projet.pdf ». */
export function mandateFileName(
  mandate: Pick<MandateView, 'registerNumber'>,
  kind: 'pdf' | 'json',
) {
  const name = mandate.registerNumber
    ? `mandat-de-recherche-n${mandate.registerNumber}`
    : 'mandat-de-recherche-projet';
  return kind === 'pdf' ? `${name}.pdf` : `${name}-preuve.json`;
}

/** Downloads the mandate's PDF (the draft, or the signed copy with its number). */
export function downloadMandatePdf(mandate: MandateView): Promise<void> {
  return downloadWithToken(mandatePdfPath(mandate.id), mandateFileName(mandate, 'pdf')).catch(
    (failure: unknown) => notify.error(toApiFailure(failure).message),
  );
}

/** Downloads the evidence file (JSON) of a signed mandate. */
export function downloadMandateEvidence(mandate: MandateView): Promise<void> {
  return downloadWithToken(mandateEvidencePath(mandate.id), mandateFileName(mandate, 'json')).catch(
    (failure: unknown) => notify.error(toApiFailure(failure).message),
  );
}

/** Whether an instant (ISO) has come. */
export const hasCome = (iso: string | null, now = Date.now()) =>
  iso !== null && Date.parse(iso) <= now;
