import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { listChanges, type ChangeEntry } from '../../db/outbox.repo';
import { OUTBOX_OWNER_HEADER, type ChangeFlow } from '../../domain/outbox';
import { requestReplay, swStore } from './sw-registration';

const none: never[] = [];

/**
 * The changes of `flow` that `owner` made on this device and the server has not confirmed
 * (waiting, being sent, or refused and not yet read), live from the outbox, the one place they
 * are kept (the service worker writes them as it queues them). When one the screen showed
 * arrives, `onArrived` (the screen reads its record again).
 */
export function usePendingChanges<F extends ChangeFlow>(
  owner: string | undefined,
  flow: F,
  onArrived: () => void,
): ChangeEntry<F>[] {
  const entries = useLiveQuery(
    () => (owner ? listChanges(owner, flow).catch(() => none) : none),
    [owner, flow],
    none,
  );
  const latest = useRef(onArrived);
  useEffect(() => {
    latest.current = onArrived;
  });
  // The keys shown as waiting: one of them sent is an arrival (not an entry sent before).
  const waiting = useRef(new Set<string>());
  useEffect(() => {
    let arrived = false;
    for (const entry of entries) {
      if (entry.status !== 'sent') waiting.current.add(entry.key);
      else if (waiting.current.delete(entry.key)) arrived = true;
    }
    if (arrived) latest.current();
  }, [entries]);
  const shown = entries.filter((e) => e.status !== 'sent' && !e.hidden);
  const unsettled = shown.some((e) => e.status !== 'failed');
  useEffect(() => {
    if (!unsettled) return;
    // The outbox panel (count, 'Renvoyer maintenant', replay triggers) belongs on screen now.
    swStore.outboxActivity = true;
    requestReplay();
  }, [unsettled]);
  return shown;
}

/** The headers a signed-in change is sent with: its key, and whose it is for the outbox. */
export const changeHeaders = (key: string, owner: string) => ({
  'Idempotency-Key': key,
  [OUTBOX_OWNER_HEADER]: owner,
});
