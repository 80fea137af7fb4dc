import { Link } from 'wouter';
import { cityName } from '../../../domain/arrondissements';
import { departmentLabel } from '../../../domain/departments';
import { formatEuro } from '../../../domain/format';
import { formatLongDate } from '../../../domain/dates';
import { projectStages } from '../../../domain/project';
import type { BuyerRow } from '../../../domain/staff-views';
import { HunterName } from '../components/callback';
import {
  baseSorts,
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
        row={(row) => (
          <tr key={row.projectId}>
            <td>
              <Link href={staffPaths.buyer(row.userId)} className="link link-primary font-medium">
                {row.isDeleted ? 'Compte supprimé' : `${row.lastname} ${row.firstname}`}
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
