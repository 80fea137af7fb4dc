import type { OwnerSubmission } from '../../../domain/owner-questionnaire.schema';
import { api } from '../../../lib/api';

export interface OwnerPropertySaved {
  id: number;
  message: string;
}

/** The service worker's answer when there is no network: the request waits in its queue. */
export interface OwnerPropertyQueued {
  queued: true;
  message: string;
}

export function isQueued(
  answer: OwnerPropertySaved | OwnerPropertyQueued,
): answer is OwnerPropertyQueued {
  return 'queued' in answer && answer.queued;
}

/**
 * POST /api/public/biens (spec 7) with a body already validated by ownerSubmissionSchema. The
 * Idempotency-Key comes from the draft: sending it again after a lost answer stores nothing new.
 */
export function submitOwnerProperty(
  submission: OwnerSubmission,
  idempotencyKey: string,
): Promise<OwnerPropertySaved | OwnerPropertyQueued> {
  return api<OwnerPropertySaved | OwnerPropertyQueued>('/api/public/biens', {
    method: 'POST',
    body: submission,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
