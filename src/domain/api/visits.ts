import { z } from 'zod';
import { sniffDocumentMime } from '../client-documents';
import { KEPT_DEPARTMENTS } from '../geography';
import { plainText } from '../text';
import {
  LOCAL_DATE_TIME,
  VISIT_TEXT_MAX,
  type PropertyState,
  type Recommendation,
} from '../visit-report.schema';

/**
 * Visits and visit reports (issue 28, docs/visits.md): the hunter plans a visit, writes its report
 * on a phone (offline, with photos), the buyer reads the reports « à proposer » and answers.
 * Written once, for server/resources/visits and the screens.
 */

export { visitReportSubmissionSchema, type VisitReportSubmission } from '../visit-report.schema';

/** POST (Idempotency-Key): a report and the list of the photos that will follow it. */
export const VISIT_REPORTS_PATH = '/api/staff/visit-reports';
/** PUT (the photo's bytes, Idempotency-Key): one photo of the report `ref`, by its id. */
export const VISIT_PHOTO_UPLOAD_PATH = '/api/staff/visit-reports/:ref/photos/:photoId';
export const visitPhotoUploadPath = (ref: string, photoId: string) =>
  VISIT_PHOTO_UPLOAD_PATH.replace(':ref', ref).replace(':photoId', photoId);
/** True for a photo upload's path (its body is an image of 10 MB at most, not JSON). */
export const isVisitPhotoUploadPath = (path: string) =>
  /^\/api\/staff\/visit-reports\/[^/]+\/photos\/[^/]+$/.test(path);
/** GET: a photo's bytes, for the buyer it was taken for and the staff who may see that buyer. */
export const VISIT_PHOTO_PATH = '/api/visit-photos/:photoId';
export const visitPhotoPath = (photoId: string) => VISIT_PHOTO_PATH.replace(':photoId', photoId);

/** GET: a buyer's reports and planned visits, for the fiche acquéreur. POST: plan a visit. */
export const STAFF_BUYER_VISITS_PATH = '/api/staff/buyers/:userId/visits';
export const staffBuyerVisitsPath = (userId: string) =>
  STAFF_BUYER_VISITS_PATH.replace(':userId', encodeURIComponent(userId));
/** POST: cancel a planned visit. */
export const VISIT_CANCEL_PATH = '/api/staff/visits/:visitId/cancel';
export const visitCancelPath = (visitId: number) =>
  VISIT_CANCEL_PATH.replace(':visitId', String(visitId));

/** GET: the buyer's « Mes visites »: planned visits and reports « à proposer ». */
export const CLIENT_VISITS_PATH = '/api/client/visits';
/** GET: a planned visit as an iCalendar file (« Ajouter à mon agenda »). */
export const VISIT_CALENDAR_PATH = '/api/client/visits/:visitId/calendar.ics';
export const visitCalendarPath = (visitId: number) =>
  VISIT_CALENDAR_PATH.replace(':visitId', String(visitId));
/** POST (Idempotency-Key, through the outbox offline): the buyer's answer to a report. */
export const VISIT_ANSWER_PATH = '/api/client/visit-reports/:reportId/answer';
export const visitAnswerPath = (reportId: number) =>
  VISIT_ANSWER_PATH.replace(':reportId', String(reportId));

/** What a report's sending became on the server. */
export interface VisitReportSent {
  id: number;
  ref: string;
  photosExpected: number;
  photosReceived: number;
  /** Every photo arrived: the buyer can see it (when « à proposer »). */
  complete: boolean;
  message: string;
}

/** What a photo's upload gave. */
export interface VisitPhotoSent {
  photoId: string;
  /** The report's state once this photo is counted (null: the report has not arrived yet). */
  report: { id: number; photosExpected: number; photosReceived: number; complete: boolean } | null;
}

export const VISIT_PHOTO_TYPE_REFUSAL =
  'Cette photo n’est pas acceptée\u00a0: envoyez une image JPEG ou PNG.';

/** A photo's real type, from its first bytes: JPEG or PNG, anything else refused. */
export function sniffPhotoMime(head: Uint8Array): 'image/jpeg' | 'image/png' | undefined {
  const mime = sniffDocumentMime(head);
  return mime === 'image/jpeg' || mime === 'image/png' ? mime : undefined;
}

/** POST /api/staff/buyers/:userId/visits: a visit planned with (or for) the buyer. */
export const plannedVisitSchema = z.object({
  address: plainText(200, 'L’adresse ne doit pas dépasser 200\u00a0caractères.').pipe(
    z.string().min(3, 'Indiquez l’adresse du bien à visiter (numéro et rue).'),
  ),
  department: z.enum(KEPT_DEPARTMENTS, {
    error: 'Choisissez un département parmi ceux que nous couvrons.',
  }),
  city: z
    .string({ error: 'Choisissez la ville du bien.' })
    .trim()
    .min(1, 'Choisissez la ville du bien.')
    .max(100, 'Nom de ville trop long.'),
  startsAt: z
    .string({ error: 'Indiquez la date et l’heure de la visite.' })
    .regex(LOCAL_DATE_TIME, 'Indiquez la date et l’heure de la visite.'),
  /** Minutes. */
  duration: z
    .number({ error: 'Indiquez la durée de la visite.' })
    .int()
    .min(15, 'Une visite dure au moins un quart d’heure.')
    .max(240, 'Une visite dure au plus 4\u00a0heures.')
    .default(45),
  withClient: z.boolean({ error: 'Dites si le client vient à la visite.' }),
  note: plainText(VISIT_TEXT_MAX, 'La note est trop longue.').default(''),
});
export type PlannedVisitInput = z.input<typeof plannedVisitSchema>;
export type PlannedVisit = z.output<typeof plannedVisitSchema>;

export const visitAnswers = ['interesse', 'pas_pour_moi'] as const;
export type VisitAnswer = (typeof visitAnswers)[number];
export const visitAnswerLabels: Record<VisitAnswer, string> = {
  interesse: 'Ça m’intéresse',
  pas_pour_moi: 'Pas pour moi',
};

/** POST /api/client/visit-reports/:reportId/answer */
export const visitAnswerSchema = z.object({
  answer: z.enum(visitAnswers, { error: 'Choisissez « Ça m’intéresse » ou « Pas pour moi ».' }),
  comment: plainText(VISIT_TEXT_MAX, 'Votre commentaire est trop long.').default(''),
});
export type VisitAnswerInput = z.input<typeof visitAnswerSchema>;

/** A planned visit as both areas show it. */
export interface PlannedVisitView {
  id: number;
  buyerId: string;
  address: string;
  city: string;
  /** The city as people read it (an arrondissement's name rather than its code). */
  cityName: string;
  department: string;
  /** ISO instant. */
  startsAt: string;
  duration: number;
  withClient: boolean;
  note: string;
  hunterName: string | null;
  cancelled: boolean;
  /** The report written from it, if any. */
  reportId: number | null;
}

export interface VisitPhotoView {
  id: string;
  width: number;
  height: number;
  /** GET address of its bytes (VISIT_PHOTO_PATH). */
  url: string;
}

/** A report as the buyer reads it. */
export interface ClientVisitReport {
  id: number;
  address: string;
  city: string;
  cityName: string;
  /** ISO instant of the visit. */
  visitedAt: string;
  askingPrice: number;
  livingArea: number;
  rooms: number;
  floor: number | null;
  lift: boolean;
  energy: number | null;
  emissions: number | null;
  condition: PropertyState;
  works: string;
  worksEstimate: number | null;
  rating: number;
  strengths: string;
  weaknesses: string;
  reason: string;
  hunterName: string | null;
  photos: VisitPhotoView[];
  answer: { answer: VisitAnswer; comment: string; at: string } | null;
  publishedAt: string;
}

/** A report as the staff read it: all of it, whatever its verdict and the state of its photos. */
export interface StaffVisitReport extends Omit<ClientVisitReport, 'publishedAt'> {
  ref: string;
  recommendation: Recommendation;
  visitId: number | null;
  authorName: string | null;
  photosExpected: number;
  photosReceived: number;
  complete: boolean;
  /** When the buyer could first see it (complete and « à proposer »), or null. */
  publishedAt: string | null;
  createdAt: string;
}

/** GET /api/staff/buyers/:userId/visits */
export interface StaffBuyerVisits {
  visits: PlannedVisitView[];
  reports: StaffVisitReport[];
}

/** GET /api/client/visits */
export interface ClientVisits {
  visits: PlannedVisitView[];
  reports: ClientVisitReport[];
}
