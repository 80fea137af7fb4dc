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

/** A flow's words on its CONFIRM step. */
export interface ConfirmationTexts {
  /** 'Demande envoyée'. */
  sentBadge: string;
  titles: { arrived: string; waiting: string; refused: string };
  /** What was sent, with its article: 'votre demande'. */
  what: string;
}

/**
 * CONFIRM of every long form: 'sent' badge and title once the server has the submission; a
 * submission the service worker keeps for the network (`queuedKey`) is said to be waiting, then
 * shown as arrived once sent; a refusal leads back to the submit step (`onRefused`). The flow
 * gives its words and what comes next (`children`, told whether it arrived or was refused).
 */
export function LongFormConfirmation({
  form,
  titleId,
  texts: { sentBadge, titles, what },
  children,
}: {
  form: LongFormConfirmationForm;
  titleId: string;
  texts: ConfirmationTexts;
  children: (state: { email: string | null; arrived: boolean; refused: boolean }) => ReactNode;
}) {
  const { submission, arrived, refused } = useConfirmation(form.confirmed?.queuedKey ?? null);
  const onRefused = form.fixRefused;
  const email = form.confirmed?.email ?? null;
  return (
    <div>
      {!submission ? (
        <p className="mb-3 inline-flex items-center gap-2 rounded-full bg-success/10 px-3 py-1 text-sm font-semibold text-success">
          <CheckIcon /> {sentBadge}
        </p>
      ) : null}
      <LongFormTitle id={titleId}>
        {refused ? titles.refused : arrived ? titles.arrived : titles.waiting}
      </LongFormTitle>
      {submission ? (
        <SubmissionStatus
          state={submission}
          what={what}
          onFix={() => onRefused(submission.message)}
        />
      ) : null}
      {children({ email, arrived, refused })}
    </div>
  );
}
