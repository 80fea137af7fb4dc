import { useId, useState } from 'react';
import { Link } from 'wouter';
import {
  staffBuyerVisitsPath,
  visitCancelPath,
  type PlannedVisitView,
  type StaffBuyerVisits,
} from '../../../domain/api/visits';
import { formatParisDateTime, isoToParisLocal } from '../../../domain/paris-time';
import { notify } from '../../../lib/toast';
import { BusyButton } from '../../../ui/busy-button';
import { ConfirmButton, closeConfirm } from '../../../ui/confirm-dialog';
import { LoadGate } from '../../../ui/load-gate';
import { staffChange, useStaffApi } from '../staff-api';
import { staffPaths } from '../staff-paths';
import { PlanVisitForm } from './planned-visits-form';

/** « 14 h 30 », « 9 h » on the hour: a visit's time of day in Paris. */
export function formatParisTime(iso: string): string {
  const [hours = '0', minutes = '00'] = isoToParisLocal(iso).slice(11, 16).split(':');
  return `${Number(hours)}\u00a0h${minutes === '00' ? '' : `\u00a0${minutes}`}`;
}

/** « 45 min », « 1 h », « 1 h 30 »: how long a visit lasts. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}\u00a0min`;
  return `${hours}\u00a0h${rest === 0 ? '' : `\u00a0${String(rest).padStart(2, '0')}`}`;
}

/** A visit's moment for a list: « jeudi 26 novembre à 14 h 30 », the year said only if not this one. */
export function visitMoment(iso: string, now = Date.now()): string {
  const year =
    isoToParisLocal(iso).slice(0, 4) !== isoToParisLocal(new Date(now).toISOString()).slice(0, 4);
  return formatParisDateTime(iso, { year });
}

/** Whether the visit is still to come or under way at `now` (it ends after it). */
export const isUpcoming = (visit: Pick<PlannedVisitView, 'startsAt' | 'duration'>, now: number) =>
  Date.parse(visit.startsAt) + visit.duration * 60_000 > now;

/**
 * A buyer's visits as the fiche lists them: those to come, the nearest first, then those past,
 * the latest first. Cancelled ones stay in their place (marked on screen).
 */
export function splitVisits(visits: readonly PlannedVisitView[], now: number) {
  const byStart = (a: PlannedVisitView, b: PlannedVisitView) =>
    Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id - b.id;
  const upcoming = visits.filter((v) => isUpcoming(v, now)).sort(byStart);
  const past = visits.filter((v) => !isUpcoming(v, now)).sort((a, b) => byStart(b, a));
  return { upcoming, past };
}

/**
 * What follows a visit: « Rédiger le compte rendu » (the report form, prefilled from the visit),
 * or « Compte rendu envoyé » once its report arrived. Nothing for a cancelled visit.
 */
export function VisitReportAction({
  visit,
  size = 'btn-sm',
}: {
  visit: Pick<PlannedVisitView, 'id' | 'buyerId' | 'reportId' | 'cancelled'>;
  size?: string;
}) {
  if (visit.reportId !== null)
    return <span className="badge badge-success badge-soft">Compte rendu envoyé</span>;
  if (visit.cancelled) return null;
  return (
    <Link
      href={staffPaths.newReport(visit.buyerId, visit.id)}
      className={`btn btn-primary ${size}`}
    >
      Rédiger le compte rendu
    </Link>
  );
}

/** « Avec le client » or « Sans le client ». */
export function WithClientBadge({ withClient }: { withClient: boolean }) {
  return (
    <span className={`badge badge-sm ${withClient ? 'badge-info' : 'badge-ghost'}`}>
      {withClient ? 'Avec le client' : 'Sans le client'}
    </span>
  );
}

/** « Annuler la visite », confirmed in a dialog; the buyer is told by e-mail. */
function CancelVisitButton({
  visit,
  now,
  onCancelled,
}: {
  visit: PlannedVisitView;
  now: number;
  onCancelled: () => void;
}) {
  const id = useId();
  const [refusal, setRefusal] = useState('');
  const moment = visitMoment(visit.startsAt, now);
  const cancel = async () => {
    const answer = await staffChange<PlannedVisitView>(visitCancelPath(visit.id), 'POST');
    if (!answer.ok) {
      setRefusal(answer.message);
      return;
    }
    closeConfirm(id);
    notify.success('Visite annulée\u00a0: le client est prévenu par e-mail.');
    onCancelled();
  };
  return (
    <ConfirmButton
      id={id}
      label={
        <>
          Annuler la visite<span className="sr-only"> du {moment}</span>
        </>
      }
      className="btn btn-outline btn-error btn-sm"
      onOpen={() => setRefusal('')}
      title={<>Annuler la visite du {moment}&#8239;?</>}
      text={
        <>
          {visit.address}, {visit.cityName}. Le client est prévenu par e-mail que la visite n’aura
          pas lieu.
        </>
      }
      action={
        <BusyButton className="btn btn-error" run={cancel}>
          Confirmer l’annulation
        </BusyButton>
      }
      refusal={refusal}
    />
  );
}

/** One planned visit on the fiche: when, where, with whom, its note, and what can be done. */
function VisitItem({
  visit,
  now,
  onChanged,
}: {
  visit: PlannedVisitView;
  now: number;
  onChanged: () => void;
}) {
  const canCancel = !visit.cancelled && visit.reportId === null && isUpcoming(visit, now);
  return (
    <li
      className={`rounded-box border p-4 ${
        visit.cancelled ? 'border-dashed border-base-300 text-base-content/75' : 'border-base-300'
      }`}
      data-testid="planned-visit"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          <time dateTime={visit.startsAt}>{visitMoment(visit.startsAt, now)}</time>
          {/* A phone gives the duration its own line; a wider screen, a dot after the time. */}
          <span className="hidden font-normal text-base-content/75 sm:inline"> · </span>
          <span className="block font-normal text-base-content/75 sm:inline">
            {formatDuration(visit.duration)}
          </span>
        </p>
        <p className="flex flex-wrap gap-2">
          {visit.cancelled ? <span className="badge badge-warning badge-sm">Annulée</span> : null}
          <WithClientBadge withClient={visit.withClient} />
        </p>
      </div>
      <p className={`mt-1 ${visit.cancelled ? 'line-through' : ''}`}>
        {visit.address}, {visit.cityName}
      </p>
      {visit.note ? (
        <p className="mt-1 whitespace-pre-line text-sm text-base-content/80">{visit.note}</p>
      ) : null}
      {visit.hunterName ? (
        <p className="mt-1 text-sm text-base-content/75">Prévue par {visit.hunterName}</p>
      ) : null}
      {visit.reportId !== null || !visit.cancelled ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <VisitReportAction visit={visit} />
          {canCancel ? <CancelVisitButton visit={visit} now={now} onCancelled={onChanged} /> : null}
        </div>
      ) : null}
    </li>
  );
}

/** A titled list of visits, or what says there are none. */
function VisitGroup({
  title,
  visits,
  none,
  now,
  onChanged,
}: {
  title: string;
  visits: PlannedVisitView[];
  none: string;
  now: number;
  onChanged: () => void;
}) {
  return (
    <>
      <h3 className="mt-5 text-lg font-semibold">{title}</h3>
      {visits.length === 0 ? (
        <p className="mt-2 text-base-content/75">{none}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {visits.map((visit) => (
            <VisitItem key={visit.id} visit={visit} now={now} onChanged={onChanged} />
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * « Visites » on the fiche acquéreur (issue 28): the buyer's planned visits (readable offline),
 * those to come first, and « Planifier une visite »: the buyer is e-mailed with a calendar file.
 * Each visit leads to its report, or says it was sent; one to come may be cancelled.
 */
export function PlannedVisits({ buyerId }: { buyerId: string }) {
  const titleId = useId();
  const [load, reload] = useStaffApi<StaffBuyerVisits>(staffBuyerVisitsPath(buyerId));
  const [planning, setPlanning] = useState(false);
  // Which visits are past: as of the screen's opening or its last change.
  const [now, setNow] = useState(Date.now);
  const changed = () => {
    setNow(Date.now());
    reload();
  };
  return (
    <section aria-labelledby={titleId} className="rounded-box border border-base-300 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-xl font-semibold">
          Visites
        </h2>
        {!planning ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => setPlanning(true)}
          >
            Planifier une visite
          </button>
        ) : null}
      </div>
      {planning ? (
        <PlanVisitForm
          buyerId={buyerId}
          onPlanned={() => {
            setPlanning(false);
            changed();
          }}
          onClose={() => setPlanning(false)}
        />
      ) : null}
      <LoadGate load={load} loading="Chargement des visites…" inline>
        {({ visits }) => {
          const { upcoming, past } = splitVisits(visits, now);
          return (
            <>
              <VisitGroup
                title="À venir"
                visits={upcoming}
                none="Aucune visite prévue."
                now={now}
                onChanged={changed}
              />
              {past.length > 0 ? (
                <VisitGroup title="Passées" visits={past} none="" now={now} onChanged={changed} />
              ) : null}
            </>
          );
        }}
      </LoadGate>
    </section>
  );
}
