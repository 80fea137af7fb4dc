import type { ReactNode } from 'react';
import { CheckIcon } from '../../../ui/icons';
import {
  SubmissionStatus,
  useConfirmation,
  type ConfirmationProps,
} from '../../offline/submission-status';
import { LongFormTitle } from './frame';

/**
 * CONFIRM of every long form: 'sent' badge and title once the server has the submission; a
 * submission the service worker keeps for the network (`queuedKey`) is said to be waiting, then
 * shown as arrived once sent; a refusal leads back to the submit step (`onRefused`). The flow
 * gives its words and what comes next (`children`, told whether it arrived or was refused).
 */
export function LongFormConfirmation({
  titleId,
  queuedKey,
  onRefused,
  sentBadge,
  titles,
  what,
  children,
}: Omit<ConfirmationProps, 'email'> & {
  titleId: string;
  /** 'Demande envoyée'. */
  sentBadge: string;
  titles: { arrived: string; waiting: string; refused: string };
  /** What was sent, with its article: 'votre demande'. */
  what: string;
  children: (state: { arrived: boolean; refused: boolean }) => ReactNode;
}) {
  const { submission, arrived, refused } = useConfirmation(queuedKey);
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
      {children({ arrived, refused })}
    </div>
  );
}
