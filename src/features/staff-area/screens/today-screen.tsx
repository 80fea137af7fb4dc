import { telHref } from '../../../domain/phone';
import { cityName } from '../../../domain/arrondissements';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { departmentLabel } from '../../../domain/departments';
import { formatEuro } from '../../../domain/format';
import type { TodayView } from '../../../domain/staff-views';
import { PersonCard } from '../../../ui/person-card';
import { useSession } from '../../auth';
import { Callback, HunterName } from '../components/callback';
import { offlineSince } from '../../../db/use-cached-api';
import { LoadGate } from '../../../ui/load-gate';
import { NewReportButton } from '../components/new-report-button';
import { PushOptIn } from '../../push';
import { TodayVisits } from '../components/planned-visits-today';
import { isSupervisor, StaffFrame } from '../components/staff-frame';
import { useStaffApi } from '../staff-api';
import { staffPaths } from '../staff-paths';

/** One of the day's lists: its title with a count, the people to call, or what says none. */
function CallList({
  id,
  title,
  count,
  none,
  children,
}: {
  id: string;
  title: string;
  count: number;
  none: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold">
        {title} <span className="badge badge-neutral align-middle">{count}</span>
      </h2>
      {count === 0 ? (
        <p className="mt-3 text-base-content/75">{none}</p>
      ) : (
        <ul className="mt-4 space-y-3">{children}</ul>
      )}
    </section>
  );
}

/** A person to call: their fiche, the 48-hour deadline, what they asked, the phone, the hunter. */
function CallItem({
  href,
  call: { firstname, lastname, createdAt, phone, hunterName },
  children,
}: {
  href: string;
  call: {
    firstname: string;
    lastname: string;
    createdAt: string;
    phone: string;
    hunterName: string | null;
  };
  children: ReactNode;
}) {
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link href={href} className="link link-primary font-semibold">
          {firstname} {lastname}
        </Link>
        <Callback createdAt={createdAt} />
      </div>
      {children}
      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <a href={telHref(phone)} className="link">
          {phone}
        </a>
        <HunterName name={hunterName} />
      </p>
    </li>
  );
}

/**
 * « Aujourd'hui », the back office's landing: what needs a call now. New buyer projects (still
 * at VALIDATION) and owner leads not yet contacted, each with its 48-hour deadline; for
 * supervisors the unassigned come first (the server orders them).
 */
export function TodayScreen() {
  const [load] = useStaffApi<TodayView>('/api/staff/today');
  const { user, roles } = useSession();
  return (
    <StaffFrame
      title="Aujourd’hui"
      lead={
        isSupervisor(roles)
          ? 'Les nouvelles demandes à rappeler sous 48\u00a0heures, celles sans chasseur d’abord.'
          : 'Vos nouvelles demandes à rappeler sous 48\u00a0heures.'
      }
      actions={
        <>
          <PushOptIn compact />
          <NewReportButton />
        </>
      }
      updatedAt={offlineSince(load)}
    >
      <LoadGate load={load} loading="Chargement des demandes du jour…">
        {(today) => (
          <div className="grid gap-8 lg:grid-cols-2">
            <TodayVisits visits={today.visits} />
            <CallList
              id="today-buyers"
              title="Acquéreurs à rappeler"
              count={today.projects.length}
              none="Aucun nouveau projet en attente."
            >
              {today.projects.map((p) => (
                <CallItem key={p.projectId} href={staffPaths.buyer(p.userId)} call={p}>
                  <p className="mt-1 text-sm text-base-content/80">
                    {p.departments.map(departmentLabel).join(', ')} · {formatEuro(p.budget)}
                  </p>
                </CallItem>
              ))}
            </CallList>
            <CallList
              id="today-owners"
              title="Propriétaires à rappeler"
              count={today.leads.length}
              none="Aucun propriétaire en attente."
            >
              {today.leads.map((l) => (
                <CallItem key={l.id} href={staffPaths.lead(l.id)} call={l}>
                  {l.city ? (
                    <p className="mt-1 text-sm text-base-content/80">{cityName(l.city)}</p>
                  ) : null}
                </CallItem>
              ))}
            </CallList>
          </div>
        )}
      </LoadGate>
      <div className="mt-12 max-w-md">
        {user ? <PersonCard person={user} roles={roles} /> : null}
      </div>
    </StaffFrame>
  );
}
