import { useEffect, useRef, type ReactNode } from 'react';
import { outboxStatusLabel, type OutboxFlow } from '../../../domain/outbox';
import { requestReplay } from '../../offline';
import { useSubmissionState } from '../../offline/submission-status';

/**
 * A change made on this device that the outbox still holds (a criteria edit, a document): its
 * state, until the server has it. Sent: `onSettled` (the area reads the record again); refused:
 * the server's message, until the person has read it.
 */
export function PendingChange({
  pendingKey,
  flow,
  title,
  waiting,
  refusedFallback,
  testId,
  className = 'mt-4 p-4',
  onSettled,
  children,
}: {
  /** Its Idempotency-Key, which names it in the outbox. */
  pendingKey: string;
  flow: OutboxFlow;
  title: ReactNode;
  /** What happens to it while it waits. */
  waiting: string;
  refusedFallback: string;
  testId: string;
  className?: string;
  onSettled: () => void;
  /** Shown while it waits (what was sent). */
  children?: ReactNode;
}) {
  const state = useSubmissionState(pendingKey);
  const status = state?.status ?? 'sent';
  const told = useRef(false);
  useEffect(() => {
    if (status !== 'sent' || told.current) return;
    told.current = true;
    onSettled();
  });
  const failed = status === 'failed';
  return (
    <div
      className={`rounded-box border border-dashed border-warning ${className}`}
      data-testid={testId}
      role={failed ? 'alert' : 'status'}
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className={`badge ${failed ? 'badge-error' : 'badge-warning'}`}>
          {outboxStatusLabel(status, flow)}
        </span>
        {title}
      </p>
      {failed ? (
        <>
          <p className="mt-2">{state?.message ?? refusedFallback}</p>
          <button type="button" className="btn btn-sm mt-3" onClick={onSettled}>
            J’ai compris
          </button>
        </>
      ) : (
        <>
          <p className="mt-2 text-base-content/75">
            {waiting}
            {state?.message ? ` Dernière tentative\u00a0: ${state.message}` : ''}
          </p>
          {children}
          <button
            type="button"
            className="btn btn-ghost btn-sm mt-2"
            onClick={() => requestReplay(true)}
          >
            Renvoyer maintenant
          </button>
        </>
      )}
    </div>
  );
}
