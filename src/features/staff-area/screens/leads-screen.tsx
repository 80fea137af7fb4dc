import { Link } from 'wouter';
import { cityName } from '../../../domain/arrondissements';
import { departmentLabel } from '../../../domain/departments';
import { formatEuro } from '../../../domain/format';
import { formatLongDate } from '../../../domain/dates';
import { formatShortDate } from '../../../domain/french-date';
import { fullName } from '../../../domain/person-name';
import { leadStatuses, type LeadStatus } from '../../../domain/staff';
import type { LeadRow } from '../../../domain/staff-views';
import { HunterName } from '../components/callback';
import {
  baseSorts,
  ListCard,
  ListFilters,
  ListFrame,
  numeric,
  PagedTable,
  peopleSearch,
  sortFilter,
  useAssignment,
  useStaffList,
} from '../components/staff-list';
import { staffPaths } from '../staff-paths';

const FILTERS = ['q', 'status', 'hunter', 'department', 'sort'] as const;

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

const statusOptions = [{ value: '', label: 'Tous' }, ...leadStatuses];

const columns = [
  'Propriétaire',
  'Bien',
  'Surface',
  numeric('Prix'),
  'Statut',
  'Chasseur',
  'Créé le',
];

/** Where the lead's property is: « Vincennes, Val-de-Marne (94) ». */
const placeOf = (row: LeadRow) =>
  [row.city && cityName(row.city), row.department ? departmentLabel(row.department) : null]
    .filter(Boolean)
    .join(', ');

/** A lead on a phone: name and status, the property, the phone to call. */
function LeadCard({ row, supervisor }: { row: LeadRow; supervisor: boolean }) {
  return (
    <ListCard
      href={staffPaths.lead(row.id)}
      name={fullName(row)}
      badge={<LeadStatusBadge status={row.status} label={row.statusLabel} />}
      phone={row.phone}
    >
      <p>{[row.typeBien, placeOf(row)].filter(Boolean).join(' · ')}</p>
      <p>
        {[row.surface, row.price === null ? 'estimation gratuite' : formatEuro(row.price)]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p>
        {supervisor ? (
          <>
            <HunterName name={row.hunterName} /> ·{' '}
          </>
        ) : null}
        <span className="whitespace-nowrap">Reçu le {formatShortDate(row.createdAt)}</span>
      </p>
    </ListCard>
  );
}

/**
 * « Propriétaires »: the owner leads (one per questionnaire sent), searched, filtered, sorted and
 * paginated on the server (GET /api/staff/leads), the view in the address; its CSV export takes
 * the same filters.
 */
export function LeadsScreen() {
  const list = useStaffList<LeadRow>('/api/staff/leads', FILTERS);
  const { supervisor, filters } = useAssignment();
  return (
    <ListFrame
      list={list}
      title="Propriétaires"
      lead={
        supervisor
          ? 'Les propriétaires qui ont rempli le questionnaire de vente.'
          : 'Les propriétaires qui vous sont attribués.'
      }
      csv={{ path: '/api/staff/export/leads.csv', filename: 'proprietaires.csv' }}
    >
      <ListFilters
        list={list}
        search={peopleSearch('Rechercher un propriétaire')}
        filters={[
          { name: 'status', label: 'Statut', options: statusOptions },
          ...filters,
          sortFilter(baseSorts),
        ]}
      />
      <PagedTable
        list={list}
        what={['propriétaire', 'propriétaires']}
        columns={columns}
        headClassName="text-base-content/80"
        card={(row) => <LeadCard key={row.id} row={row} supervisor={supervisor} />}
        row={(row) => (
          <tr key={row.id}>
            <td className="min-w-48">
              <Link href={staffPaths.lead(row.id)} className="link link-primary font-medium">
                {fullName(row)}
              </Link>
              <div className="text-sm text-base-content/75">{placeOf(row)}</div>
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
        )}
      />
    </ListFrame>
  );
}
