import { Link } from 'wouter';
import { cityName } from '../../../domain/arrondissements';
import { departmentLabel } from '../../../domain/departments';
import { formatEuro } from '../../../domain/format';
import { formatLongDate } from '../../../domain/dates';
import { formatShortDate } from '../../../domain/french-date';
import { fullName } from '../../../domain/person-name';
import { projectStages } from '../../../domain/project';
import type { BuyerRow } from '../../../domain/staff-views';
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

const FILTERS = ['q', 'stage', 'hunter', 'department', 'archived', 'sort'] as const;

const sorts = [
  ...baseSorts,
  { value: 'budget', label: 'Budget' },
  { value: 'stage', label: 'Étape' },
];

const stageOptions = [{ value: '', label: 'Toutes' }, ...projectStages];

const archivedOptions = [
  { value: '', label: 'Actifs' },
  { value: '1', label: 'Archivés' },
];

const columns = ['Acquéreur', 'Étape', 'Départements', numeric('Budget'), 'Chasseur', 'Créé le'];

/** « Élodie Martin », or what is left of a deleted account. */
const buyerName = (row: BuyerRow) => (row.isDeleted ? 'Compte supprimé' : fullName(row));

/** A buyer's project on a phone: name and stage, where and how much, phone to call. */
function BuyerCard({ row, supervisor }: { row: BuyerRow; supervisor: boolean }) {
  return (
    <ListCard
      href={staffPaths.buyer(row.userId)}
      name={buyerName(row)}
      badge={<span className="badge badge-outline whitespace-nowrap">{row.stageLabel}</span>}
      phone={row.isDeleted ? null : row.phone}
    >
      <p>
        {[row.cities.map(cityName).join(', '), formatEuro(row.budget)].filter(Boolean).join(' · ')}
      </p>
      <p>
        {supervisor ? (
          <>
            <HunterName name={row.hunterName} /> ·{' '}
          </>
        ) : null}
        <span className="whitespace-nowrap">Créé le {formatShortDate(row.createdAt)}</span>
      </p>
    </ListCard>
  );
}

/**
 * « Acquéreurs »: the buyers' projects, searched, filtered, sorted and paginated on the server
 * (GET /api/staff/buyers), the view in the address; its CSV export takes the same filters.
 */
export function BuyersScreen() {
  const list = useStaffList<BuyerRow>('/api/staff/buyers', FILTERS);
  const { supervisor, filters } = useAssignment();
  return (
    <ListFrame
      list={list}
      title="Acquéreurs"
      lead={supervisor ? 'Tous les projets d’achat de l’agence.' : 'Les projets de vos clients.'}
      csv={{ path: '/api/staff/export/buyers.csv', filename: 'acquereurs.csv' }}
    >
      <ListFilters
        list={list}
        search={peopleSearch('Rechercher un acquéreur')}
        filters={[
          { name: 'stage', label: 'Étape', options: stageOptions },
          ...filters,
          { name: 'archived', label: 'Comptes', options: archivedOptions },
          sortFilter(sorts),
        ]}
      />
      <PagedTable
        list={list}
        what={['acquéreur', 'acquéreurs']}
        columns={columns}
        noun={['projet', 'projets']}
        card={(row) => <BuyerCard key={row.projectId} row={row} supervisor={supervisor} />}
        row={(row) => (
          <tr key={row.projectId}>
            <td>
              <Link href={staffPaths.buyer(row.userId)} className="link link-primary font-medium">
                {buyerName(row)}
              </Link>
              <div className="text-sm text-base-content/75">
                {row.cities.map(cityName).join(', ')}
              </div>
            </td>
            <td>{row.stageLabel}</td>
            <td>{row.departments.map(departmentLabel).join(', ')}</td>
            <td className="whitespace-nowrap text-right">{formatEuro(row.budget)}</td>
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
