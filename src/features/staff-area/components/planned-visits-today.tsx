import { Link } from 'wouter';
import { telHref } from '../../../domain/phone';
import type { TodayVisit } from '../../../domain/staff-views';
import { staffPaths } from '../staff-paths';
import {
  formatDuration,
  formatParisTime,
  VisitReportAction,
  WithClientBadge,
} from './planned-visits';

/** One of the day's visits: the time, the place, the buyer (fiche and call), the report. */
function TodayVisitItem({ visit }: { visit: TodayVisit }) {
  return (
    <li
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:flex-row sm:items-start"
      data-testid="today-visit"
    >
      <p className="shrink-0 text-2xl font-semibold sm:w-28">
        <time dateTime={visit.startsAt}>{formatParisTime(visit.startsAt)}</time>
        <span className="block text-sm font-normal text-base-content/75">
          {formatDuration(visit.duration)}
        </span>
      </p>
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {visit.address}, {visit.cityName}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <Link href={staffPaths.buyer(visit.buyerId)} className="link link-primary font-semibold">
            {visit.buyerName}
          </Link>
          <WithClientBadge withClient={visit.withClient} />
        </p>
        {visit.note ? (
          <p className="mt-1 whitespace-pre-line text-sm text-base-content/80">{visit.note}</p>
        ) : null}
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {visit.buyerPhone ? (
            <a href={telHref(visit.buyerPhone)} className="btn btn-outline btn-sm">
              Appeler le {visit.buyerPhone}
              <span className="sr-only"> ({visit.buyerName})</span>
            </a>
          ) : null}
          <VisitReportAction visit={visit} />
        </div>
      </div>
    </li>
  );
}

/**
 * « Visites du jour » on « Aujourd’hui » (issue 28): the day's planned visits in Paris time,
 * earliest first (the server's order), each with its buyer, a call, and its report to write.
 */
export function TodayVisits({ visits = [] }: { visits: TodayVisit[] | undefined }) {
  // `undefined`: an answer kept on the device before visits were part of the day.
  return (
    <section aria-labelledby="today-visits" className="lg:col-span-2">
      <h2 id="today-visits" className="text-xl font-semibold">
        Visites du jour <span className="badge badge-neutral align-middle">{visits.length}</span>
      </h2>
      {visits.length === 0 ? (
        <p className="mt-3 text-base-content/75">Aucune visite prévue aujourd’hui.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {visits.map((visit) => (
            <TodayVisitItem key={visit.id} visit={visit} />
          ))}
        </ul>
      )}
    </section>
  );
}
