import { telHref } from '../../../domain/phone';
import { Link } from 'wouter';
import { departmentLabel } from '../../../domain/departments';
import { formatEuro } from '../../../domain/format';
import type { TodayView } from '../../../domain/staff-views';
import { PersonCard } from '../../../ui/person-card';
import { useSession } from '../../auth';
import { Callback, HunterName } from '../components/callback';
import { offlineSince } from '../../../db/use-cached-api';
import { LoadGate } from '../../../ui/load-gate';
import { isSupervisor, StaffFrame } from '../components/staff-frame';
import { useStaffApi } from '../staff-api';
import { staffPaths } from '../staff-paths';

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
      updatedAt={offlineSince(load)}
    >
      <LoadGate load={load} loading="Chargement des demandes du jour…">
        {(today) => (
          <div className="grid gap-8 lg:grid-cols-2">
            <section aria-labelledby="today-buyers">
              <h2 id="today-buyers" className="text-xl font-semibold">
                Acquéreurs à rappeler{' '}
                <span className="badge badge-neutral align-middle">{today.projects.length}</span>
              </h2>
              {today.projects.length === 0 ? (
                <p className="mt-3 text-base-content/75">Aucun nouveau projet en attente.</p>
              ) : (
                <ul className="mt-4 space-y-3">
                  {today.projects.map((p) => (
                    <li
                      key={p.projectId}
                      className="rounded-box border border-base-300 bg-base-100 p-4"
                    >
                      <div className="flex flex-wrap items-baseline justify-between gap-2">
                        <Link
                          href={staffPaths.buyer(p.userId)}
                          className="link link-primary font-semibold"
                        >
                          {p.firstname} {p.lastname}
                        </Link>
                        <Callback createdAt={p.createdAt} />
                      </div>
                      <p className="mt-1 text-sm text-base-content/80">
                        {p.departments.map(departmentLabel).join(', ')} · {formatEuro(p.budget)}
                      </p>
                      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                        <a href={telHref(p.phone)} className="link">
                          {p.phone}
                        </a>
                        <HunterName name={p.hunterName} />
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="today-owners">
              <h2 id="today-owners" className="text-xl font-semibold">
                Propriétaires à rappeler{' '}
                <span className="badge badge-neutral align-middle">{today.leads.length}</span>
              </h2>
              {today.leads.length === 0 ? (
                <p className="mt-3 text-base-content/75">Aucun propriétaire en attente.</p>
              ) : (
                <ul className="mt-4 space-y-3">
                  {today.leads.map((l) => (
                    <li key={l.id} className="rounded-box border border-base-300 bg-base-100 p-4">
                      <div className="flex flex-wrap items-baseline justify-between gap-2">
                        <Link
                          href={staffPaths.lead(l.id)}
                          className="link link-primary font-semibold"
                        >
                          {l.firstname} {l.lastname}
                        </Link>
                        <Callback createdAt={l.createdAt} />
                      </div>
                      {l.city ? (
                        <p className="mt-1 text-sm text-base-content/80">{l.city}</p>
                      ) : null}
                      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                        <a href={telHref(l.phone)} className="link">
                          {l.phone}
                        </a>
                        <HunterName name={l.hunterName} />
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </LoadGate>
      <div className="mt-12 max-w-md">
        {user ? <PersonCard person={user} roles={roles} /> : null}
      </div>
    </StaffFrame>
  );
}
