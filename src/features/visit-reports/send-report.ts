import {
  VISIT_REPORTS_PATH,
  visitPhotoUploadPath,
  type VisitReportSent,
  type VisitReportSubmission,
} from '../../domain/api/visits';
import { listDraftPhotos } from '../../db/draft-photos.repo';
import { reportDraftKey } from '../../db/visit-drafts.repo';
import { api } from '../../lib/api';
import { changeHeaders } from '../offline/submission-status';

type Queued = { queued: true; message: string };

/** A photo listed by the report that this device no longer has: nothing to send. */
export const MISSING_PHOTO =
  'Une photo du compte rendu n’est plus sur cet appareil\u00a0: retirez-la à l’étape des photos puis renvoyez.';

/**
 * Sends a visit report through the one outbox (issue 28): the report under the draft's
 * Idempotency-Key, then each photo by its own id (its key too), one after the other. Without
 * network, the service worker keeps every request left (202 `queued`) and sends them in order;
 * the server counts a photo once whichever arrives first, and shows the report to the buyer
 * once every photo is there. A retry after a failure sends the same requests again: the server
 * answers each one already stored with its first answer.
 */
export async function sendReport(
  body: VisitReportSubmission,
  key: string,
  owner: string,
): Promise<{ queued: boolean }> {
  const answer = await api<VisitReportSent | Queued>(VISIT_REPORTS_PATH, {
    method: 'POST',
    body,
    headers: changeHeaders(key, owner),
  });
  let queued = 'queued' in answer;
  const stored = new Map(
    (await listDraftPhotos(reportDraftKey(body.ref))).map((photo) => [photo.id, photo]),
  );
  for (const { id } of body.photos) {
    const photo = stored.get(id);
    if (!photo) throw new Error(MISSING_PHOTO);
    const sent = await api<object | Queued>(visitPhotoUploadPath(body.ref, id), {
      method: 'PUT',
      body: photo.blob,
      headers: { 'Content-Type': photo.blob.type || 'image/jpeg', ...changeHeaders(id, owner) },
      timeout: 120_000,
    });
    if ('queued' in sent) queued = true;
  }
  return { queued };
}
