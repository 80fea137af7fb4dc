import { useId, useRef, useState } from 'react';
import {
  CLIENT_VISITS_PATH,
  visitAnswerLabels,
  visitAnswerPath,
  visitAnswerSchema,
  visitCalendarPath,
  type ClientVisitReport,
  type ClientVisits,
  type PlannedVisitView,
  type VisitAnswer,
} from '../../../domain/api/visits';
import { formatParisDateTime } from '../../../domain/paris-time';
import { VISIT_TEXT_MAX } from '../../../domain/visit-report.schema';
import { useCachedApi, type CachedApiLoad } from '../../../db/use-cached-api';
import { dismissOutboxEntry, type ChangeEntry } from '../../../db/outbox.repo';
import { api, toApiFailure } from '../../../lib/api';
import { downloadWithToken } from '../../../lib/download-file';
import { notify } from '../../../lib/toast';
import { LoadGate } from '../../../ui/load-gate';
import { requestReplay } from '../../offline';
import { changeHeaders, usePendingChanges } from '../../offline/submission-status';
import { ReportCard, type PhotoLoader } from '../../visit-reports';

/**
 * « Mes visites » (issue 28): the visits the hunter planned (to come, soonest first, with « Ajouter
 * à mon agenda »; then the past ones) and the reports « à proposer », newest first, each with the
 * buyer's answer (« Ça m’intéresse » / « Pas pour moi », a comment), sent with an Idempotency-Key:
 * without network it waits in the outbox and says so until it arrives.
 */

/** The buyer's visits and published reports, kept on the device (readable offline once seen). */
export const useClientVisits = (userId: string | undefined) =>
  useCachedApi<ClientVisits>(userId, CLIENT_VISITS_PATH);

/** « 1 bien visité pour vous », « 3 biens visités pour vous ». */
export const visitedLabel = (count: number) =>
  count > 1 ? `${count}\u00a0biens visités pour vous` : `${count}\u00a0bien visité pour vous`;

const visitEnd = (v: PlannedVisitView) => Date.parse(v.startsAt) + v.duration * 60_000;

/** The visits still to come (not over yet), soonest first, and the past ones, latest first. */
export function splitVisits(visits: readonly PlannedVisitView[], now: number) {
  const live = visits.filter((v) => !v.cancelled);
  const upcoming = live
    .filter((v) => visitEnd(v) > now)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const past = live
    .filter((v) => visitEnd(v) <= now)
    .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
  return { upcoming, past };
}

/** The reports, newest visit first. */
export const newestFirst = (reports: readonly ClientVisitReport[]) =>
  [...reports].sort((a, b) => Date.parse(b.visitedAt) - Date.parse(a.visitedAt) || b.id - a.id);

const reportAnchor = (id: number) => `compte-rendu-${id}`;

function PlannedVisitItem({
  visit,
  upcoming,
  hasReport,
}: {
  visit: PlannedVisitView;
  upcoming: boolean;
  hasReport: boolean;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <li
      className="rounded-box border border-base-300 bg-base-100 p-4"
      data-testid={upcoming ? 'visit-upcoming' : 'visit-past'}
    >
      <p className="font-semibold">
        <time dateTime={visit.startsAt}>{formatParisDateTime(visit.startsAt)}</time>
      </p>
      <p className="mt-1 break-words">
        {visit.address}, {visit.cityName}
      </p>
      <p className="mt-1 text-sm text-base-content/75">
        {visit.withClient ? 'Avec vous' : 'Le chasseur visite pour vous'}
        {visit.hunterName ? ` · ${visit.hunterName}` : ''} · {visit.duration}&nbsp;min
      </p>
      {visit.note ? <p className="mt-2 text-sm whitespace-pre-line">{visit.note}</p> : null}
      {upcoming ? (
        <button
          type="button"
          className="btn btn-sm btn-outline btn-primary mt-3"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            downloadWithToken(visitCalendarPath(visit.id), `visite-${visit.id}.ics`)
              .catch((failure: unknown) => notify.error(toApiFailure(failure).message))
              .finally(() => setBusy(false));
          }}
        >
          Ajouter à mon agenda
          <span className="sr-only">
            {' '}
            (visite du {formatParisDateTime(visit.startsAt, { year: false })})
          </span>
        </button>
      ) : hasReport && visit.reportId !== null ? (
        <a
          href={`#${reportAnchor(visit.reportId)}`}
          className="link link-primary mt-2 inline-block"
        >
          Lire le compte rendu
        </a>
      ) : null}
    </li>
  );
}

/** An answer the outbox still holds: waiting for the network, being sent, or refused. */
function PendingAnswer({ entry }: { entry: ChangeEntry<'visit-answer'> }) {
  const { status, change } = entry;
  const failed = status === 'failed';
  return (
    <div
      role={failed ? 'alert' : 'status'}
      className="mt-3 rounded-box border border-dashed border-warning p-3"
      data-testid="pending-answer"
      data-status={status}
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className={`badge ${failed ? 'badge-error' : 'badge-warning'}`}>
          {failed ? 'Envoi refusé' : status === 'sending' ? 'Envoi en cours' : 'Envoi en attente'}
        </span>
        <span className="font-medium">
          Votre réponse&nbsp;: «&nbsp;{visitAnswerLabels[change.answer]}&nbsp;»
        </span>
      </p>
      {change.comment ? <p className="mt-1 text-sm whitespace-pre-line">{change.comment}</p> : null}
      {failed ? (
        <>
          <p className="mt-2">{entry.message ?? 'Le serveur a refusé cette réponse.'}</p>
          <button
            type="button"
            className="btn btn-sm mt-2"
            onClick={() => void dismissOutboxEntry(entry.key)}
          >
            J’ai compris
          </button>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-base-content/75">
            Gardée sur cet appareil, elle partira dès le retour du réseau, même si vous fermez la
            page.
            {entry.message ? ` Dernière tentative\u00a0: ${entry.message}` : ''}
          </p>
          <button
            type="button"
            className="btn btn-ghost btn-sm mt-1"
            onClick={() => requestReplay(true)}
          >
            Renvoyer maintenant
          </button>
        </>
      )}
    </div>
  );
}

type Answered = NonNullable<ClientVisitReport['answer']>;
const later = (a: Answered | null, b: Answered | null) =>
  !a ? b : !b ? a : Date.parse(b.at) > Date.parse(a.at) ? b : a;

/** The buyer's answer to one report: the form, the answer given (and when), or its sending. */
function ReportAnswer({
  report,
  userId,
  pending,
  onAnswered,
}: {
  report: ClientVisitReport;
  userId: string;
  /** This report's answers waiting in the outbox, oldest first. */
  pending: ChangeEntry<'visit-answer'>[];
  onAnswered: () => void;
}) {
  const commentId = useId();
  const hintId = useId();
  const errorId = useId();
  const [sent, setSent] = useState<Answered | null>(null);
  const answered = later(report.answer, sent);
  const [editing, setEditing] = useState(false);
  const [comment, setComment] = useState(answered?.comment ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const summary = useRef<HTMLDivElement>(null);
  // The key of an attempt that got no answer: the same answer tried again reuses it.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const waiting = pending.filter((e) => e.status !== 'failed').at(-1);
  const refused = pending.filter((e) => e.status === 'failed');

  const send = async (answer: VisitAnswer) => {
    setError('');
    const parsed = visitAnswerSchema.safeParse({ answer, comment });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Vérifiez votre commentaire.');
      return;
    }
    const body = JSON.stringify(parsed.data);
    const key = attempt.current?.body === body ? attempt.current.key : crypto.randomUUID();
    attempt.current = { body, key };
    setBusy(true);
    try {
      const result = await api<ClientVisitReport | { queued: true }>(visitAnswerPath(report.id), {
        method: 'POST',
        body: parsed.data,
        headers: changeHeaders(key, userId),
      });
      attempt.current = null;
      if ('queued' in result) {
        notify.info('Pas de réseau\u00a0: votre réponse partira dès son retour.');
      } else {
        if (result.answer) setSent(result.answer);
        notify.success('Votre réponse est envoyée à votre chasseur.');
        onAnswered();
      }
      setEditing(false);
      setTimeout(() => summary.current?.focus(), 0);
    } catch (failure) {
      const { status, message } = toApiFailure(failure);
      // Refused: another answer will need another key.
      if (status !== null) attempt.current = null;
      setError(message);
    } finally {
      setBusy(false);
    }
  };

  const showForm = !waiting && (editing || !answered);

  return (
    <div className="mt-6 border-t border-base-300 pt-4" data-testid="report-answer">
      {refused.map((entry) => (
        <PendingAnswer key={entry.key} entry={entry} />
      ))}
      {waiting ? (
        <PendingAnswer entry={waiting} />
      ) : answered && !editing ? (
        <div ref={summary} tabIndex={-1} data-testid="answer-given">
          <p>
            Vous avez répondu{' '}
            <span className="font-semibold">
              «&nbsp;{visitAnswerLabels[answered.answer]}&nbsp;»
            </span>{' '}
            le <time dateTime={answered.at}>{formatParisDateTime(answered.at)}</time>.
          </p>
          {answered.comment ? (
            <p className="mt-1 text-sm whitespace-pre-line text-base-content/75">
              Votre commentaire&nbsp;: {answered.comment}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn-sm btn-ghost mt-2"
            onClick={() => {
              setComment(answered.comment);
              setEditing(true);
            }}
          >
            Modifier ma réponse
          </button>
        </div>
      ) : null}
      {showForm ? (
        <fieldset disabled={busy}>
          <legend className="font-semibold">Ce bien vous intéresse-t-il&#8239;?</legend>
          <label htmlFor={commentId} className="mt-3 block text-sm font-medium">
            Un commentaire pour votre chasseur (facultatif)
          </label>
          <textarea
            id={commentId}
            className="textarea mt-1 w-full"
            rows={3}
            maxLength={VISIT_TEXT_MAX}
            value={comment}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setComment(e.target.value)}
          />
          <p id={hintId} className="mt-1 text-xs text-base-content/75">
            Texte simple, {VISIT_TEXT_MAX.toLocaleString('fr-FR')}&nbsp;caractères au plus.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void send('interesse')}
            >
              {busy ? (
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              ) : null}
              {visitAnswerLabels.interesse}
            </button>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => void send('pas_pour_moi')}
            >
              {visitAnswerLabels.pas_pour_moi}
            </button>
            {editing ? (
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => {
                  setEditing(false);
                  setError('');
                }}
              >
                Annuler
              </button>
            ) : null}
          </div>
          {error ? (
            <p id={errorId} role="alert" className="mt-2 text-sm text-error">
              {error}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}

/** Inside the page's « Mes visites » section, which names it. */
export function MyVisits({
  userId,
  load,
  reload,
  loadPhoto,
  now,
}: {
  userId: string;
  load: CachedApiLoad<ClientVisits>;
  reload: () => void;
  /** How photos are fetched (tests give their own). */
  loadPhoto?: PhotoLoader;
  /** The moment that splits the visits to come from the past ones (the opening's, by default). */
  now?: number;
}) {
  const [openedAt] = useState(() => Date.now());
  // Answers waiting in the outbox (the service worker writes them as it keeps them): arrived,
  // the visits are read again.
  const pending = usePendingChanges(userId, 'visit-answer', reload);
  if (load.status !== 'ready')
    return <LoadGate inline load={load} loading="Chargement de vos visites…" />;
  const { visits, reports } = load.data;
  if (visits.filter((v) => !v.cancelled).length === 0 && reports.length === 0)
    return (
      <p className="mt-4 text-base-content/75" data-testid="visits-empty">
        Aucune visite pour le moment. Votre chasseur vous proposera des biens dès qu’il en aura
        visité.
      </p>
    );
  const { upcoming, past } = splitVisits(visits, now ?? openedAt);
  const published = new Set(reports.map((r) => r.id));
  return (
    <>
      {upcoming.length > 0 ? (
        <>
          <h3 className="mt-6 text-lg font-semibold">Visites à venir</h3>
          <ul className="mt-3 space-y-3">
            {upcoming.map((v) => (
              <PlannedVisitItem key={v.id} visit={v} upcoming hasReport={false} />
            ))}
          </ul>
        </>
      ) : null}
      {past.length > 0 ? (
        <>
          <h3 className="mt-6 text-lg font-semibold">Visites passées</h3>
          <ul className="mt-3 space-y-3">
            {past.map((v) => (
              <PlannedVisitItem
                key={v.id}
                visit={v}
                upcoming={false}
                hasReport={v.reportId !== null && published.has(v.reportId)}
              />
            ))}
          </ul>
        </>
      ) : null}
      {reports.length > 0 ? (
        <>
          <h3 className="mt-6 text-lg font-semibold">Les biens visités pour vous</h3>
          <p className="mt-1 text-sm text-base-content/75">
            Dites à votre chasseur ce que vous en pensez&nbsp;: il organise la suite avec vous.
          </p>
          <div className="mt-3 space-y-6">
            {newestFirst(reports).map((report) => (
              <ReportCard
                key={report.id}
                id={reportAnchor(report.id)}
                report={report}
                headingLevel="h4"
                loadPhoto={loadPhoto}
              >
                <ReportAnswer
                  report={report}
                  userId={userId}
                  pending={pending.filter((e) => e.change.reportId === report.id)}
                  onAnswered={reload}
                />
              </ReportCard>
            ))}
          </div>
        </>
      ) : null}
    </>
  );
}
