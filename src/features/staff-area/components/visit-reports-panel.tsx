import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { listOutbox } from '../../../db/outbox.repo';
import {
  staffBuyerVisitsPath,
  visitAnswerLabels,
  type StaffBuyerVisits,
  type StaffVisitReport,
} from '../../../domain/api/visits';
import { reportSending, type OutboxEntry, type ReportSending } from '../../../domain/outbox';
import { formatParisDateTime } from '../../../domain/paris-time';
import { recommendations } from '../../../domain/visit-report.schema';
import { LoadGate } from '../../../ui/load-gate';
import { useSession } from '../../auth';
import { ReportCard, type PhotoLoader } from '../../visit-reports';
import { useStaffApi } from '../staff-api';
import { FicheCard } from './fiche';

/** What a report's line says of its sending. */
export interface SendingState {
  tone: 'success' | 'info' | 'warning' | 'error';
  label: string;
  /** The server's reason, for a refusal. */
  detail?: string;
}

const photosOf = (sent: number, total: number) =>
  `${sent}/${total}\u00a0photo${total > 1 ? 's' : ''}`;

/**
 * A report's state (issue 28): this device's sending when it still holds some of it (en attente
 * de réseau, envoi (n/12 photos), refusé), the server's otherwise (envoyé once every photo
 * arrived, envoi (n/12 photos) before).
 */
export function sendingState(
  device: ReportSending | undefined,
  server?: Pick<StaffVisitReport, 'complete' | 'photosReceived' | 'photosExpected'>,
): SendingState {
  if (device?.state === 'refused')
    return { tone: 'error', label: 'Refusé', detail: device.message };
  if (device?.state === 'waiting')
    return {
      tone: 'warning',
      label:
        device.photos > 0
          ? `En attente de réseau (${photosOf(device.photosSent, device.photos)})`
          : 'En attente de réseau',
    };
  if (device?.state === 'sending')
    return {
      tone: 'info',
      label: device.photos > 0 ? `Envoi (${photosOf(device.photosSent, device.photos)})` : 'Envoi',
    };
  if (!server || server.complete) return { tone: 'success', label: 'Envoyé' };
  return {
    tone: 'info',
    label: `Envoi (${photosOf(server.photosReceived, server.photosExpected)})`,
  };
}

const toneClass: Record<SendingState['tone'], string> = {
  success: 'badge-success',
  info: 'badge-info',
  warning: 'badge-warning',
  error: 'badge-error',
};

function StateBadge({ state }: { state: SendingState }) {
  return (
    <>
      <span className={`badge badge-sm ${toneClass[state.tone]}`} data-testid="report-state">
        {state.label}
      </span>
      {state.detail ? <span className="text-error">{state.detail}</span> : null}
    </>
  );
}

const none: OutboxEntry[] = [];
const isReportFlow = (e: OutboxEntry) => e.flow === 'visit-report' || e.flow === 'visit-photo';

/** This device's outbox entries of visit reports and their photos, of `owner` (live). */
function useReportEntries(owner: string | undefined): OutboxEntry[] {
  return useLiveQuery(
    () =>
      listOutbox().then(
        (all) =>
          all.filter(
            (e) => isReportFlow(e) && !e.hidden && (e.owner === undefined || e.owner === owner),
          ),
        () => none,
      ),
    [owner],
    none,
  );
}

/** A report the server has: its line, and the report itself once opened. */
function ReportRow({
  report,
  device,
  loadPhoto,
}: {
  report: StaffVisitReport;
  device: ReportSending | undefined;
  loadPhoto?: PhotoLoader;
}) {
  const [open, setOpen] = useState(false);
  const titleId = `cr-${report.id}-titre`;
  const cardId = `cr-${report.id}`;
  const recommendation = recommendations.find((r) => r.value === report.recommendation)?.label;
  return (
    <li className="border-b border-base-300 pb-4 last:border-b-0" data-testid="visit-report-row">
      <h3 id={titleId} className="font-semibold break-words">
        {report.address}, {report.cityName}
      </h3>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-base-content/75">
          Visité le <time dateTime={report.visitedAt}>{formatParisDateTime(report.visitedAt)}</time>
        </span>
        <span
          className={`badge badge-sm badge-outline ${report.recommendation === 'proposer' ? '' : 'opacity-80'}`}
        >
          {recommendation}
        </span>
        <StateBadge state={sendingState(device, report)} />
      </p>
      {report.answer ? (
        <div
          className="mt-2 rounded-box bg-base-200 p-3 text-sm"
          data-testid="report-client-answer"
        >
          <p>
            Réponse du client&nbsp;:{' '}
            <span className="font-semibold">
              «&nbsp;{visitAnswerLabels[report.answer.answer]}&nbsp;»
            </span>{' '}
            <span className="text-base-content/75">
              le <time dateTime={report.answer.at}>{formatParisDateTime(report.answer.at)}</time>
            </span>
          </p>
          {report.answer.comment ? (
            <p className="mt-1 whitespace-pre-line">{report.answer.comment}</p>
          ) : null}
        </div>
      ) : report.publishedAt ? (
        <p className="mt-2 text-sm text-base-content/75">Pas encore de réponse du client.</p>
      ) : null}
      <button
        type="button"
        className="btn btn-sm btn-ghost mt-2"
        aria-expanded={open}
        aria-controls={cardId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Fermer le compte rendu' : 'Lire le compte rendu'}
      </button>
      {open ? (
        <div className="mt-2">
          <ReportCard
            id={cardId}
            variant="staff"
            report={report}
            untitled={{ labelledBy: titleId }}
            loadPhoto={loadPhoto}
          />
        </div>
      ) : null}
    </li>
  );
}

/**
 * « Comptes rendus de visite » of the fiche acquéreur (issue 28): the buyer's reports, newest
 * first, each with its state (the server's, or this device's sending while it holds part of it)
 * and the buyer's answer, opening as the report itself; above them, the reports this device is
 * still sending that the server does not have yet. `children`: the slot for « Nouveau compte
 * rendu » and the drafts kept on this device (the report form's own parts).
 */
export function VisitReportsPanel({
  buyerId,
  children,
  loadPhoto,
}: {
  buyerId: string;
  /** « Nouveau compte rendu » and this device's drafts, shown under the title. */
  children?: ReactNode;
  /** How photos are fetched (tests give their own). */
  loadPhoto?: PhotoLoader;
}) {
  const { user } = useSession();
  const [load, reload] = useStaffApi<StaffBuyerVisits>(staffBuyerVisitsPath(buyerId));
  const entries = useReportEntries(user?._id);
  const reports =
    load.status === 'ready'
      ? [...load.data.reports].sort(
          (a, b) => Date.parse(b.visitedAt) - Date.parse(a.visitedAt) || b.id - a.id,
        )
      : [];
  const known = new Set(reports.map((r) => r.ref));

  // This buyer's reports that this device is sending and the server list does not show yet.
  const onDevice = entries
    .filter((e) => e.change?.flow === 'visit-report' && e.change.buyerId === buyerId)
    .flatMap((e) => (e.change?.flow === 'visit-report' ? [{ entry: e, change: e.change }] : []))
    .filter(({ change }) => !known.has(change.ref));
  const deviceStates = new Map<string, ReportSending | undefined>();
  for (const { change } of onDevice)
    deviceStates.set(change.ref, reportSending(entries, change.ref, change.photos));
  for (const r of reports) deviceStates.set(r.ref, reportSending(entries, r.ref, r.photosExpected));

  // A sending that settles (arrived or refused) changes what the server has: read it again.
  const unsettled = [...deviceStates]
    .filter(([, s]) => s?.state === 'waiting' || s?.state === 'sending')
    .map(([ref]) => ref)
    .sort()
    .join(',');
  const previous = useRef(unsettled);
  useEffect(() => {
    const before = previous.current.split(',').filter(Boolean);
    previous.current = unsettled;
    const now = new Set(unsettled.split(',').filter(Boolean));
    if (before.some((ref) => !now.has(ref))) reload();
  }, [unsettled, reload]);

  return (
    <FicheCard id="comptes-rendus" title="Comptes rendus de visite">
      {children}
      {onDevice.length > 0 ? (
        <ul className="mt-4 space-y-3" aria-label="Envois de cet appareil">
          {onDevice.map(({ entry, change }) => (
            <li
              key={change.ref}
              className="rounded-box border border-dashed border-warning p-3"
              data-testid="visit-report-sending"
            >
              <p className="font-semibold break-words">{change.address || 'Compte rendu'}</p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                <span className="text-base-content/75">
                  Sur cet appareil depuis le{' '}
                  {formatParisDateTime(new Date(entry.createdAt).toISOString(), { year: false })}
                </span>
                <StateBadge state={sendingState(deviceStates.get(change.ref))} />
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {load.status !== 'ready' ? (
        <LoadGate inline load={load} loading="Chargement des comptes rendus…" />
      ) : reports.length === 0 ? (
        onDevice.length === 0 ? (
          <p className="mt-4 text-base-content/75" data-testid="visit-reports-empty">
            Aucun compte rendu pour ce client.
          </p>
        ) : null
      ) : (
        <ul className="mt-4 space-y-4">
          {reports.map((report) => (
            <ReportRow
              key={report.id}
              report={report}
              device={deviceStates.get(report.ref)}
              loadPhoto={loadPhoto}
            />
          ))}
        </ul>
      )}
    </FicheCard>
  );
}
