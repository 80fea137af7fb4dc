import type { ReactNode } from 'react';
import { CheckIcon } from '../../../ui/icons';
import {
  SubmissionStatus,
  useConfirmation,
  type ConfirmationProps,
} from '../../offline/submission-status';
import { LongFormTitle } from './frame';

/** The running form (useLongForm): what was confirmed, and the way back after a refusal. */
export interface LongFormConfirmationForm {
  confirmed: { email: string; queuedKey: string | null } | null;
  fixRefused: ConfirmationProps['onRefused'];
}

/** A flow's CONFIRM step: what was sent, its title once arrived, and what comes next. */
export interface LongFormConfirmationContent {
  /** What is sent, a noun without its article: 'demande', 'inscription', 'compte rendu'. */
  sent: string;
  /** Whether `sent` is masculine ('compte rendu'): the agreements follow. Feminine by default. */
  masculine?: boolean;
  /** The title once the server has it. */
  arrivedTitle: string;
  /** What comes next, told whether the submission arrived or was refused. */
  next: (state: { email: string | null; arrived: boolean; refused: boolean }) => ReactNode;
}

/**
 * CONFIRM of every long form: 'sent' badge and title once the server has the submission; a
 * submission the service worker keeps for the network (`queuedKey`) is said to be waiting, then
 * shown as arrived once sent; a refusal leads back to the submit step (`onRefused`). The flow
 * names what it sent and says what comes next.
 */
export function LongFormConfirmation({
  form,
  titleId,
  content: { sent, masculine = false, arrivedTitle, next },
}: {
  form: LongFormConfirmationForm;
  titleId: string;
  content: LongFormConfirmationContent;
}) {
  const { submission, arrived, refused } = useConfirmation(form.confirmed?.queuedKey ?? null);
  const onRefused = form.fixRefused;
  const email = form.confirmed?.email ?? null;
  /** 'envoyé' → 'envoyée' for a feminine noun. */
  const agreed = (word: string) => (masculine ? word : `${word}e`);
  // The person's own form (« Votre demande »), or the hunter's report (« Le compte rendu »).
  const your = masculine ? 'Le' : 'Votre';
  return (
    <div>
      {!submission ? (
        <p className="mb-3 inline-flex items-center gap-2 rounded-full bg-success/10 px-3 py-1 text-sm font-semibold text-success">
          <CheckIcon /> {`${sent.charAt(0).toUpperCase()}${sent.slice(1)} ${agreed('envoyé')}`}
        </p>
      ) : null}
      <LongFormTitle id={titleId}>
        {refused
          ? `${your} ${sent} n’a pas pu être ${agreed('envoyé')}`
          : arrived
            ? arrivedTitle
            : `${your} ${sent} est ${agreed('prêt')} à partir`}
      </LongFormTitle>
      {submission ? (
        <SubmissionStatus
          state={submission}
          what={`${your.toLowerCase()} ${sent}`}
          masculine={masculine}
          onFix={() => onRefused(submission.message)}
        />
      ) : null}
      {next({ email, arrived, refused })}
    </div>
  );
}
