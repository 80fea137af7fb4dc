import type { ReactNode } from 'react';
import { dismissOutboxEntry } from '../../db/outbox.repo';
import { outboxStatusLabel, type OutboxEntry } from '../../domain/outbox';
import { requestReplay } from './sw-registration';

/**
 * A change made on this device that the outbox still holds (a criteria edit, a document, a stage
 * move), read
 * from its entry (usePendingChanges): its state, until the server has it. Refused: the server's
 * message, until the person has read it (« J'ai compris » hides the entry).
 */
export function PendingChange({
  entry,
  title,
  waiting,
  refusedFallback,
  testId,
  className = 'mt-4 p-4',
  children,
}: {
  /** Its outbox entry (its Idempotency-Key names it). */
  entry: Pick<OutboxEntry, 'key' | 'flow' | 'status' | 'message'>;
  title: ReactNode;
  /** What happens to it while it waits. */
  waiting: string;
  refusedFallback: string;
  testId: string;
  className?: string;
  /** Shown while it waits (what was sent). */
  children?: ReactNode;
}) {
  const { status, flow } = entry;
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
          <p className="mt-2">{entry.message ?? refusedFallback}</p>
          <button
            type="button"
            className="btn btn-sm mt-3"
            onClick={() => void dismissOutboxEntry(entry.key)}
          >
            J’ai compris
          </button>
        </>
      ) : (
        <>
          <p className="mt-2 text-base-content/75">
            {waiting}
            {entry.message ? ` Dernière tentative\u00a0: ${entry.message}` : ''}
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
