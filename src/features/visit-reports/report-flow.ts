import type { z } from 'zod';
import type { KEPT_DEPARTMENTS } from '../../domain/geography';
import {
  VisitStep,
  visitReportSubmissionSchema,
  visitStepSchemas,
  type PropertyState,
  type Recommendation,
  type VisitPhotoRef,
  type VisitReportSubmission,
  type VisitStepNumber,
} from '../../domain/visit-report.schema';
import {
  checkBody,
  flowMachine,
  restoreStepAnswers,
  stepsOfFields,
  type Phase,
  type SplitErrors,
  type StepToFix,
  type SubmissionCheck,
} from '../long-form';

/**
 * The visit report as the long form runs it (issue 28, docs/long-form.md): its steps, gating,
 * draft reading and the body the server checks. The report's own data (its device id, the buyer,
 * the planned visit it comes from) rides in the draft's answers with the questions' answers; its
 * photos are in draftPhotos, listed in the answers (`photos`) so the body is built at once.
 */

export type ReportQuestionStep = keyof typeof visitStepSchemas;

/** Every answer as the draft keeps it; any may still be missing. */
export interface ReportAnswers {
  ref?: string;
  buyerId?: string;
  buyerName?: string;
  visitId?: number | null;
  address?: string;
  department?: (typeof KEPT_DEPARTMENTS)[number];
  city?: string;
  visitedAt?: string;
  askingPrice?: number | null;
  livingArea?: number | null;
  rooms?: number | null;
  floor?: number | null;
  lift?: boolean;
  energy?: number | null;
  emissions?: number | null;
  condition?: PropertyState;
  works?: string;
  worksEstimate?: number | null;
  rating?: number;
  strengths?: string;
  weaknesses?: string;
  recommendation?: Recommendation;
  reason?: string;
  photos?: VisitPhotoRef[];
}

export const FIRST_QUESTION = VisitStep.ADDRESS;
export const LAST_QUESTION = VisitStep.VERDICT;

/** The progress's phases: the property, the hunter's opinion, the photos and the verdict. */
export const reportPhases: readonly Phase[] = [
  { label: 'Le bien', first: VisitStep.ADDRESS, last: VisitStep.WORKS },
  { label: 'Votre avis', first: VisitStep.RATING, last: VisitStep.WEAKNESSES },
  { label: 'Photos et envoi', first: VisitStep.PHOTOS, last: VisitStep.VERDICT },
];

/** What a new report starts with: no works, no photos, a lift unknown until said. */
export const defaultReportAnswers: ReportAnswers = {
  works: '',
  worksEstimate: null,
  strengths: '',
  weaknesses: '',
  photos: [],
};

const isQuestionStep = (step: number): step is ReportQuestionStep =>
  step >= FIRST_QUESTION && step <= LAST_QUESTION && step !== VisitStep.PHOTOS;

/** Whether the step's own schema accepts the answers so far (the photos step always does). */
export function isStepAnswered(step: number, answers: ReportAnswers): boolean {
  if (!isQuestionStep(step)) return true;
  return visitStepSchemas[step].safeParse(answers).success;
}

/** Next on the intro, the photos (none is fine) and every question its schema accepts. */
export function canGoNext(step: number, answers: ReportAnswers): boolean {
  if (step === VisitStep.START || step === VisitStep.PHOTOS) return true;
  return isQuestionStep(step) && isStepAnswered(step, answers);
}

export const stepOfField = stepsOfFields(visitStepSchemas) as Readonly<
  Record<string, ReportQuestionStep>
>;

/**
 * The report's own data and the texts, given back whenever they are text (a half-written
 * address is worth keeping); every other answer only if its step's schema accepts it.
 */
const TEXT_FIELDS = [
  'ref',
  'buyerId',
  'buyerName',
  'address',
  'works',
  'strengths',
  'weaknesses',
  'reason',
];

/** Answers read back from a draft (see TEXT_FIELDS). */
export function restoreReportAnswers(raw: Record<string, unknown>): ReportAnswers {
  const photos = Array.isArray(raw.photos) ? (raw.photos as VisitPhotoRef[]) : [];
  const visitId = typeof raw.visitId === 'number' ? raw.visitId : null;
  return {
    ...defaultReportAnswers,
    ...(restoreStepAnswers(visitStepSchemas, raw, TEXT_FIELDS) as ReportAnswers),
    visitId,
    photos,
  };
}

export const reportMachine = flowMachine<ReportAnswers, VisitStepNumber>({
  bounds: {
    start: VisitStep.START,
    firstQuestion: FIRST_QUESTION,
    lastQuestion: LAST_QUESTION,
    confirm: VisitStep.CONFIRM,
  },
  initialAnswers: defaultReportAnswers,
  restoreAnswers: restoreReportAnswers,
  canGoNext,
  mayLeave: canGoNext,
  // Starting again keeps whose report it is and where it comes from, never its answers.
  keptOnRestart: ({ ref, buyerId, buyerName, visitId }) => ({ ref, buyerId, buyerName, visitId }),
});

/** The POST body (src/domain/api/visits.ts): the answers, the report's data and its photos. */
export function buildReport(answers: ReportAnswers): z.input<typeof visitReportSubmissionSchema> {
  const { buyerName: _name, ...rest } = answers;
  return {
    ...rest,
    ref: answers.ref ?? '',
    buyerId: answers.buyerId ?? '',
    visitId: answers.visitId ?? null,
    photos: answers.photos ?? [],
  } as z.input<typeof visitReportSubmissionSchema>;
}

/** Errors keyed by field (from zod here, or the server's 400) sorted into the step to fix. */
export function splitReportErrors(errors: Record<string, string>): SplitErrors {
  const fields: Record<string, string> = {};
  let fix: StepToFix | null = null;
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0] ?? path;
    const step = stepOfField[field];
    if (step === VisitStep.VERDICT || step === undefined) fields[field] = message;
    else if (!fix || step < fix.step) fix = { step, message };
  }
  return { fields, fix };
}

export function checkReport(answers: ReportAnswers): SubmissionCheck<VisitReportSubmission> {
  return checkBody(visitReportSubmissionSchema, buildReport(answers), splitReportErrors);
}
