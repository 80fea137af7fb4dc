import { Link } from 'wouter';
import { departmentLabel } from '../../../domain/departments';
import { formatEuro } from '../../../domain/format';
import { formatLongDate } from '../../../domain/dates';
import { projectStages } from '../../../domain/project';
import type { BuyerRow, StaffPage } from '../../../domain/staff-views';
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

const FILTERS = ['q', 'stage', 'hunter', 'department', 'archived', 'sort'] as const;

const sorts = [
  { value: '', label: 'Plus récents d’abord' },
  { value: 'created', label: 'Plus anciens d’abord' },
  { value: 'name', label: 'Nom' },
  { value: 'budget', label: 'Budget' },
  { value: 'stage', label: 'Étape' },
];

/**
 * « Acquéreurs »: the buyers' projects, searched, filtered, sorted and paginated on the server
 * (GET /api/staff/buyers), the view in the address; its CSV export takes the same filters.
 */
export function BuyersScreen() {
  const { values, page, set } = useListQuery(FILTERS);
  const { roles } = useSession();
  const supervisor = isSupervisor(roles);
  const hunters = useHunters(supervisor);
  const query = { ...values, page };
  const [load] = useStaffApi<StaffPage<BuyerRow>>(withQuery('/api/staff/buyers', query));
  return (
    <StaffFrame
      title="Acquéreurs"
      lead={supervisor ? 'Tous les projets d’achat de l’agence.' : 'Les projets de vos clients.'}
      actions={
        <CsvButton
          path={withQuery('/api/staff/export/buyers.csv', { ...values })}
          filename="acquereurs.csv"
        />
      }
      updatedAt={offlineSince(load)}
    >
      <ListBar>
        <SearchField
          label="Rechercher un acquéreur"
          placeholder="Nom, e-mail, téléphone ou ville"
          value={values.q}
          onSearch={(q) => set({ q })}
        />
        <SelectFilter
          label="Étape"
          value={values.stage}
          options={[{ value: '', label: 'Toutes' }, ...projectStages]}
          onChange={(stage) => set({ stage })}
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
          label="Comptes"
          value={values.archived}
          options={[
            { value: '', label: 'Actifs' },
            { value: '1', label: 'Archivés' },
          ]}
          onChange={(archived) => set({ archived })}
        />
        <SelectFilter
          label="Tri"
          value={values.sort}
          options={sorts}
          onChange={(sort) => set({ sort })}
        />
      </ListBar>
      <LoadGate load={load} loading="Chargement des acquéreurs…">
        {(data) =>
          data.items.length === 0 ? (
            <p className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/75">
              Aucun acquéreur ne correspond à cette recherche.
            </p>
          ) : (
            <>
              <TableFrame label="Tableau des acquéreurs">
                <table className="table">
                  <caption className="sr-only">Acquéreurs, page {data.page}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Acquéreur</th>
                      <th scope="col">Étape</th>
                      <th scope="col">Départements</th>
                      <th scope="col" className="text-right">
                        Budget
                      </th>
                      <th scope="col">Chasseur</th>
                      <th scope="col">Créé le</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((row) => (
                      <tr key={row.projectId}>
                        <td>
                          <Link
                            href={staffPaths.buyer(row.userId)}
                            className="link link-primary font-medium"
                          >
                            {row.isDeleted ? 'Compte supprimé' : `${row.lastname} ${row.firstname}`}
                          </Link>
                          <div className="text-sm text-base-content/75">
                            {row.cities.join(', ')}
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
                    ))}
                  </tbody>
                </table>
              </TableFrame>
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                noun={['projet', 'projets']}
                onPage={(p) => set({ page: p })}
              />
            </>
          )
        }
      </LoadGate>
    </StaffFrame>
  );
}
