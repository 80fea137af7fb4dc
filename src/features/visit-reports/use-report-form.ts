import { useMemo } from 'react';
import { VISIT_REPORTS_PATH, type VisitReportSubmission } from '../../domain/api/visits';
import type { VisitStepNumber } from '../../domain/visit-report.schema';
import { readDraft } from '../../db/drafts.repo';
import { removeDraftPhotos } from '../../db/draft-photos.repo';
import { reportDraftKey } from '../../db/visit-drafts.repo';
import { flowDraft, useLongForm, type LongFormFlow, type LongFormProps } from '../long-form';
import { checkReport, reportMachine, splitReportErrors, type ReportAnswers } from './report-flow';
import { sendReport } from './send-report';

/** The verdict step's own input: nothing beyond the answers (typed into the draft as they come). */
type NoInput = Record<string, never>;

/**
 * The long-form flow of the report `ref` (one draft per report), sent by `owner` (the hunter's
 * account, for the outbox). Its photos go with its draft: thrown away with it (Recommencer), and
 * once it is confirmed.
 */
export function reportFlow(
  ref: string,
  owner: string,
): LongFormFlow<ReportAnswers, NoInput, VisitReportSubmission, VisitStepNumber> {
  const flow = reportDraftKey(ref);
  const base = flowDraft(flow);
  return {
    machine: reportMachine,
    draft: {
      ...base,
      async clear() {
        await base.clear();
        await removeDraftPhotos(flow).catch(() => undefined);
      },
      async finish(key: string) {
        await base.finish(key);
        // Another tab may have edited it since (a new key): then it stays, photos included.
        if (!(await readDraft(flow).catch(() => undefined)))
          await removeDraftPhotos(flow).catch(() => undefined);
      },
    },
    keptOf: () => ({}),
    check: (answers) => checkReport(answers),
    splitErrors: splitReportErrors,
    endpoint: VISIT_REPORTS_PATH,
    send: (body, key) => sendReport(body, key, owner),
    emailOf: () => '',
    messages: {
      fixEarlier: 'Une réponse précédente est à compléter avant l’envoi.',
      fixFields: null,
      refused: 'Le serveur a refusé ce compte rendu.',
    },
  };
}

/** The report's state: the long form's, on the draft of `ref`. */
export function useReportForm(ref: string, owner: string, props: LongFormProps) {
  const flow = useMemo(() => reportFlow(ref, owner), [ref, owner]);
  return useLongForm(flow, props);
}

export type ReportForm = ReturnType<typeof useReportForm>;
