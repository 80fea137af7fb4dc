import { Link } from 'wouter';
import { departmentLabel } from '../../../domain/departments';
import { formatEuro } from '../../../domain/format';
import { formatLongDate } from '../../../domain/dates';
import { projectStages } from '../../../domain/project';
import type { BuyerRow } from '../../../domain/staff-views';
import { useSession } from '../../auth';
import { HunterName } from '../components/callback';
import { CsvButton } from '../components/csv-button';
import { useHunters } from '../components/hunters';
import { offlineSince } from '../../../db/use-cached-api';
import { isSupervisor, StaffFrame } from '../components/staff-frame';
import {
  baseSorts,
  departmentFilter,
  hunterFilter,
  ListFilters,
  numeric,
  PagedTable,
  sortFilter,
  useStaffList,
} from '../components/staff-list';
import { staffPaths, withQuery } from '../staff-paths';

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
  const { roles } = useSession();
  const supervisor = isSupervisor(roles);
  const hunters = useHunters(supervisor);
  return (
    <StaffFrame
      title="Acquéreurs"
      lead={supervisor ? 'Tous les projets d’achat de l’agence.' : 'Les projets de vos clients.'}
      actions={
        <CsvButton
          path={withQuery('/api/staff/export/buyers.csv', { ...list.values })}
          filename="acquereurs.csv"
        />
      }
      updatedAt={offlineSince(list.load)}
    >
      <ListFilters
        list={list}
        search={{
          label: 'Rechercher un acquéreur',
          placeholder: 'Nom, e-mail, téléphone ou ville',
        }}
        filters={[
          { name: 'stage', label: 'Étape', options: stageOptions },
          supervisor && hunterFilter(hunters),
          departmentFilter,
          { name: 'archived', label: 'Comptes', options: archivedOptions },
          sortFilter(sorts),
        ]}
      />
      <PagedTable
        list={list}
        loading="Chargement des acquéreurs…"
        empty="Aucun acquéreur ne correspond à cette recherche."
        label="Tableau des acquéreurs"
        caption="Acquéreurs"
        columns={columns}
        noun={['projet', 'projets']}
        row={(row) => (
          <tr key={row.projectId}>
            <td>
              <Link href={staffPaths.buyer(row.userId)} className="link link-primary font-medium">
                {row.isDeleted ? 'Compte supprimé' : `${row.lastname} ${row.firstname}`}
              </Link>
              <div className="text-sm text-base-content/75">{row.cities.join(', ')}</div>
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
    </StaffFrame>
  );
}
