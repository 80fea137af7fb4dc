import { Link } from 'wouter';
import { departmentLabel } from '../../../domain/departments';
import { formatEuro } from '../../../domain/format';
import { formatLongDate } from '../../../domain/dates';
import { leadStatuses, type LeadStatus } from '../../../domain/staff';
import type { LeadRow, StaffPage } from '../../../domain/staff-views';
import { useSession } from '../../auth';
import { HunterName } from '../components/callback';
import { CsvButton } from '../components/csv-button';
import { departmentOptions } from '../components/department-options';
import { hunterFilterOptions, useHunters } from '../components/hunters';
import {
  ListBar,
  Pager,
  SearchField,
  SelectFilter,
  useListQuery,
} from '../components/list-controls';
import { LoadGate, offlineSince } from '../components/load-gate';
import { isSupervisor, StaffFrame } from '../components/staff-frame';
import { useStaffApi } from '../staff-api';
import { staffPaths, withQuery } from '../staff-paths';
import { TableFrame } from '../components/table-frame';

const FILTERS = ['q', 'status', 'hunter', 'department', 'sort'] as const;

const sorts = [
  { value: '', label: 'Plus récents d’abord' },
  { value: 'created', label: 'Plus anciens d’abord' },
  { value: 'name', label: 'Nom' },
];

const statusBadges: Record<LeadStatus, string> = {
  nouveau: 'badge-primary',
  contacte: 'badge-outline',
  estimation: 'badge-outline',
  mandat: 'badge-success',
  sans_suite: 'badge-ghost',
};

/** A lead's status as a badge: « Nouveau » stands out, a signed mandate in green. */
export function LeadStatusBadge({ status, label }: { status: LeadStatus; label: string }) {
  return (
    <span className={`badge whitespace-nowrap ${statusBadges[status] ?? 'badge-outline'}`}>
      {label}
    </span>
  );
}

/**
 * « Propriétaires »: the owner leads (one per questionnaire sent), searched, filtered, sorted and
 * paginated on the server (GET /api/staff/leads), the view in the address; its CSV export takes
 * the same filters.
 */
export function LeadsScreen() {
  const { values, page, set } = useListQuery(FILTERS);
  const { roles } = useSession();
  const supervisor = isSupervisor(roles);
  const hunters = useHunters(supervisor);
  const query = { ...values, page };
  const [load] = useStaffApi<StaffPage<LeadRow>>(withQuery('/api/staff/leads', query));
  return (
    <StaffFrame
      title="Propriétaires"
      lead={
        supervisor
          ? 'Les propriétaires qui ont rempli le questionnaire de vente.'
          : 'Les propriétaires qui vous sont attribués.'
      }
      actions={
        <CsvButton
          path={withQuery('/api/staff/export/leads.csv', { ...values })}
          filename="proprietaires.csv"
        />
      }
      updatedAt={offlineSince(load)}
    >
      <ListBar>
        <SearchField
          label="Rechercher un propriétaire"
          placeholder="Nom, e-mail, téléphone ou ville"
          value={values.q}
          onSearch={(q) => set({ q })}
        />
        <SelectFilter
          label="Statut"
          value={values.status}
          options={[{ value: '', label: 'Tous' }, ...leadStatuses]}
          onChange={(status) => set({ status })}
        />
        {supervisor ? (
          <SelectFilter
            label="Chasseur"
            value={values.hunter}
            options={hunterFilterOptions(hunters)}
            onChange={(hunter) => set({ hunter })}
          />
        ) : null}
        <SelectFilter
          label="Département"
          value={values.department}
          options={departmentOptions}
          onChange={(department) => set({ department })}
        />
        <SelectFilter
          label="Tri"
          value={values.sort}
          options={sorts}
          onChange={(sort) => set({ sort })}
        />
      </ListBar>
      <LoadGate load={load} loading="Chargement des propriétaires…">
        {(data) =>
          data.items.length === 0 ? (
            <p className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/75">
              Aucun propriétaire ne correspond à cette recherche.
            </p>
          ) : (
            <>
              <TableFrame label="Tableau des propriétaires">
                <table className="table">
                  <caption className="sr-only">Propriétaires, page {data.page}</caption>
                  <thead className="text-base-content/80">
                    <tr>
                      <th scope="col">Propriétaire</th>
                      <th scope="col">Bien</th>
                      <th scope="col">Surface</th>
                      <th scope="col" className="text-right">
                        Prix
                      </th>
                      <th scope="col">Statut</th>
                      <th scope="col">Chasseur</th>
                      <th scope="col">Créé le</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((row) => (
                      <tr key={row.id}>
                        <td className="min-w-48">
                          <Link
                            href={staffPaths.lead(row.id)}
                            className="link link-primary font-medium"
                          >
                            {row.lastname} {row.firstname}
                          </Link>
                          <div className="text-sm text-base-content/75">
                            {[row.city, row.department ? departmentLabel(row.department) : null]
                              .filter(Boolean)
                              .join(', ')}
                          </div>
                        </td>
                        <td>{row.typeBien ?? '—'}</td>
                        <td className="whitespace-nowrap">{row.surface ?? '—'}</td>
                        <td className="whitespace-nowrap text-right">
                          {row.price === null ? (
                            <span className="text-base-content/75">estimation gratuite</span>
                          ) : (
                            formatEuro(row.price)
                          )}
                        </td>
                        <td>
                          <LeadStatusBadge status={row.status} label={row.statusLabel} />
                        </td>
                        <td>
                          <HunterName name={row.hunterName} />
                        </td>
                        <td className="whitespace-nowrap">{formatLongDate(row.createdAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                noun={['propriétaire', 'propriétaires']}
                onPage={(p) => set({ page: p })}
              />
            </>
          )
        }
      </LoadGate>
    </StaffFrame>
  );
}
