import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { dismissOutboxEntry, listOutbox, markNoticed, pruneSent } from '../../db/outbox.repo';
import {
  isNearExpiry,
  outboxFlowNames,
  outboxStatusLabel,
  type OutboxEntry,
} from '../../domain/outbox';
import { notify } from '../../lib/toast';
import { requestReplay } from './sw-registration';

const REPLAY_EVERY_MS = 30_000;

/**
 * Page-side replay triggers (DESIGN.md): on load, when the network comes back, when the page
 * becomes visible, when the soonest backoff ends, and every 30 s while something waits.
 * Chromium's own retries take minutes and Safari and Firefox have no Background Sync at all.
 */
function useReplayTriggers(entries: readonly OutboxEntry[]): void {
  // 'sending' counts too: a worker stopped mid-send leaves it so until the next replay.
  const unsettled = entries.filter((e) => e.status === 'queued' || e.status === 'sending');
  const waiting = unsettled.length;
  const soonest = Math.min(...unsettled.map((e) => e.nextAttemptAt));
  useEffect(() => {
    requestReplay();
    // The network is back: the backoff, counted while it was away, no longer applies.
    const onOnline = () => requestReplay(true);
    const onVisible = () => {
      if (document.visibilityState === 'visible') requestReplay();
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  useEffect(() => {
    if (waiting === 0) return;
    const timer = window.setInterval(() => requestReplay(), REPLAY_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [waiting]);
  useEffect(() => {
    if (!Number.isFinite(soonest)) return;
    const delay = Math.min(REPLAY_EVERY_MS, Math.max(0, soonest - Date.now()) + 250);
    const timer = window.setTimeout(() => requestReplay(), delay);
    return () => window.clearTimeout(timer);
  }, [soonest]);
}

/**
 * Tells the person, once, when something that waited has gone or has been refused — also when
 * it happened while the app was closed (the notice comes at the next visit).
 */
function useArrivalNotices(entries: readonly OutboxEntry[]): void {
  useEffect(() => {
    for (const entry of entries) {
      if (entry.noticed || (entry.status !== 'sent' && entry.status !== 'failed')) continue;
      const { label, feminine } = outboxFlowNames[entry.flow];
      if (entry.status === 'sent') {
        notify.success(
          feminine
            ? `${label}\u00a0: envoyée, elle est bien arrivée.`
            : `${label}\u00a0: envoyé, il est bien arrivé.`,
        );
      } else {
        notify.error(`${label}\u00a0: envoi refusé. ${entry.message ?? ''}`);
      }
      void markNoticed(entry.key).catch(() => undefined);
    }
  }, [entries]);
}

/** The time, refreshed every 30 s (expiry warnings, hiding old 'envoyé'). */
function useNow(): number {
  const [now, setNow] = useState(0);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, 30_000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, []);
  return now;
}

/** The outbox, always in view while something waits: count, each state, 'Renvoyer maintenant'. */
export default function OutboxPanel() {
  const now = useNow();
  const all = useLiveQuery(listOutbox, [], []);
  const entries = all.filter((e) => !e.hidden);
  const [open, setOpen] = useState(false);
  const waiting = entries.filter((e) => e.status === 'queued' || e.status === 'sending').length;
  const failed = entries.filter((e) => e.status === 'failed').length;
  useReplayTriggers(entries);
  useArrivalNotices(all);
  useEffect(() => {
    void pruneSent();
  }, []);

  const visible = entries.filter((e) => e.status !== 'sent' || now - (e.sentAt ?? 0) < 10 * 60_000);
  if (visible.length === 0) return null;
  const nearExpiry = now > 0 && entries.some((e) => isNearExpiry(e, now));

  return (
    <section
      aria-label="Envois en attente"
      data-testid="outbox"
      className="fixed bottom-4 left-4 z-40 max-w-[calc(100vw-2rem)] sm:max-w-sm"
    >
      {nearExpiry ? (
        // In view even folded: it would otherwise expire unseen.
        <p
          role="alert"
          className="mb-2 rounded-box bg-error p-3 text-sm text-error-content shadow-lg"
        >
          Un envoi attend depuis longtemps&nbsp;: connectez-vous à Internet pour qu’il parte avant
          d’expirer.
        </p>
      ) : null}
      <button
        type="button"
        className={`btn btn-sm shadow-lg ${failed ? 'btn-error' : waiting ? 'btn-warning' : 'btn-success'}`}
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        {waiting > 0 ? (
          <>
            <span className="badge badge-sm" data-testid="outbox-count">
              {waiting}
            </span>
            {waiting > 1 ? 'envois en attente' : 'envoi en attente'}
          </>
        ) : failed > 0 ? (
          `${failed} envoi${failed > 1 ? 's' : ''} refusé${failed > 1 ? 's' : ''}`
        ) : (
          'Tout est envoyé'
        )}
      </button>
      {open ? (
        <div className="mt-2 rounded-box border border-base-300 bg-base-100 p-4 text-base-content shadow-2xl">
          <p className="text-sm text-base-content/80">
            Sans réseau, vos envois restent sur cet appareil et partent dès le retour de la
            connexion, même si vous fermez la page.
          </p>
          <ul className="mt-3 space-y-2">
            {visible.map((entry) => (
              <li
                key={entry.key}
                className="rounded-field bg-base-200 p-3 text-sm"
                data-status={entry.status}
              >
                <p className="font-medium">
                  {outboxFlowNames[entry.flow].label} —{' '}
                  <span>{outboxStatusLabel(entry.status, entry.flow)}</span>
                </p>
                {entry.summary ? <p className="text-base-content/70">{entry.summary}</p> : null}
                {entry.status === 'queued' ? (
                  <p className="text-base-content/70">
                    {outboxFlowNames[entry.flow].feminine ? 'Sera envoyée' : 'Sera envoyé'} dès le
                    retour du réseau.
                  </p>
                ) : null}
                {entry.message ? <p className="text-base-content/80">{entry.message}</p> : null}
                {entry.status === 'failed' ? (
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs mt-1"
                    onClick={() => void dismissOutboxEntry(entry.key)}
                  >
                    Masquer
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {waiting > 0 ? (
            <button
              type="button"
              className="btn btn-primary btn-sm mt-3 w-full"
              onClick={() => requestReplay(true)}
            >
              Renvoyer maintenant
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
