import { useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'wouter';
import { offlineSince } from '../../../db/use-cached-api';
import type { Page } from '../../../domain/api/lists';
import { CallButton } from './call-button';
import { CsvButton } from './csv-button';
import { departmentOptions } from './department-options';
import { hunterFilterOptions, useHunters } from './hunters';
import { ListBar, Pager, SearchField, SelectFilter, useListQuery } from './list-controls';
import { LoadGate } from '../../../ui/load-gate';
import { isSupervisor, StaffFrame } from './staff-frame';
import { TableFrame } from './table-frame';
import { useStaffApi } from '../staff-api';
import { withQuery } from '../staff-paths';
import { useSession } from '../../auth';

/**
 * One staff list (buyers, leads, users, mails): its view in the address (useListQuery) and the
 * page of `path` the server answers for it, with a function to read it again.
 */
export function useStaffList<T, K extends string = string>(path: string, names: readonly K[]) {
  const { values, page, set } = useListQuery(names);
  const [load, reload] = useStaffApi<Page<T>>(withQuery(path, { ...values, page }));
  return { values, page, set, load, reload };
}

export type StaffList<T, K extends string> = ReturnType<typeof useStaffList<T, K>>;

type Option = { value: string; label: string };

/** A select above a list: which query parameter it sets, its label and its choices. */
export interface FilterSpec<K extends string> {
  name: K;
  label: string;
  options: readonly Option[];
}

/**
 * A list's screen: the staff frame with its title and lead, its CSV export taking the list's
 * filters (or other `actions`), and the kept answer's date when shown offline.
 */
export function ListFrame({
  list,
  title,
  lead,
  csv,
  actions,
  children,
}: {
  list: Pick<StaffList<unknown, string>, 'values' | 'load'>;
  title: string;
  lead: ReactNode;
  csv?: { path: string; filename: string };
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <StaffFrame
      title={title}
      lead={lead}
      actions={
        csv ? (
          <CsvButton path={withQuery(csv.path, { ...list.values })} filename={csv.filename} />
        ) : (
          actions
        )
      }
      updatedAt={offlineSince(list.load)}
    >
      {children}
    </StaffFrame>
  );
}

/** The search box of the lists of people. */
export const peopleSearch = (label: string) => ({
  label,
  placeholder: 'Nom, e-mail, téléphone ou ville',
});

/** « Chasseur »: all, the unassigned, then each active hunter. */
export const hunterFilter = (hunters: readonly { id: string; name: string }[]) =>
  ({ name: 'hunter', label: 'Chasseur', options: hunterFilterOptions(hunters) }) as const;

export const departmentFilter = {
  name: 'department',
  label: 'Département',
  options: departmentOptions,
} as const;

/**
 * Whether the signed-in person supervises (sees every record), and the filters of whose record
 * it is and where: « Chasseur » (supervisors only) and « Département ».
 */
export function useAssignment() {
  const { roles } = useSession();
  const supervisor = isSupervisor(roles);
  const hunters = useHunters(supervisor);
  return { supervisor, filters: [supervisor && hunterFilter(hunters), departmentFilter] as const };
}

export const sortFilter = (options: readonly Option[]) =>
  ({ name: 'sort', label: 'Tri', options }) as const;

/**
 * The bar above a list: the search box (sent with Enter or its button), then each filter;
 * a falsy entry (a filter this person does not get) is left out.
 */
export function ListFilters<K extends string>({
  list,
  search,
  filters,
}: {
  list: Pick<StaffList<unknown, K>, 'values' | 'set'>;
  search?: { label: string; placeholder: string };
  filters: readonly (FilterSpec<K> | false)[];
}) {
  const { values, set } = list;
  const q = 'q' as K;
  return (
    <ListBar>
      {search ? (
        <SearchField
          label={search.label}
          placeholder={search.placeholder}
          value={values[q] ?? ''}
          onSearch={(text) => set({ [q]: text } as Partial<Record<K | 'page', string>>)}
        />
      ) : null}
      {filters.map((filter) =>
        filter ? (
          <SelectFilter
            key={filter.name}
            label={filter.label}
            value={values[filter.name]}
            options={filter.options}
            onChange={(value) =>
              set({ [filter.name]: value } as Partial<Record<K | 'page', string>>)
            }
          />
        ) : null,
      )}
    </ListBar>
  );
}

/** A column's heading, and the classes of its cell (« text-right » for a number). */
export interface Column {
  label: ReactNode;
  className?: string;
}

/** A column of numbers, right-aligned. */
export const numeric = (label: string): Column => ({ label, className: 'text-right' });

/** The sorts every list of people offers first. */
export const baseSorts = [
  { value: '', label: 'Plus récents d’abord' },
  { value: 'created', label: 'Plus anciens d’abord' },
  { value: 'name', label: 'Nom' },
];

/** A phone's width (under Tailwind's `sm`, 640 px): the lists show cards instead of tables. */
const PHONE_WIDTH = '(width < 40rem)';

function onWidthChange(changed: () => void) {
  if (typeof matchMedia !== 'function') return () => undefined;
  const query = matchMedia(PHONE_WIDTH);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/** Whether the screen is a phone's width, followed as the window turns or resizes. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    onWidthChange,
    () => typeof matchMedia === 'function' && matchMedia(PHONE_WIDTH).matches,
    () => false,
  );
}

/**
 * One record of a list on a phone: its name, a link to its fiche, its stage (or status) beside
 * it, a few lines of what it is (`children`), and its phone as a button to call.
 */
export function ListCard({
  href,
  name,
  badge,
  phone,
  children,
}: {
  href: string;
  name: string;
  badge: ReactNode;
  phone?: string | null;
  children?: ReactNode;
}) {
  return (
    <li className="rounded-box border border-base-300 p-4" data-testid="list-card">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <Link href={href} className="link link-primary text-lg font-medium">
          {name}
        </Link>
        {badge}
      </div>
      {children ? (
        <div className="mt-1 space-y-0.5 text-sm text-base-content/75">{children}</div>
      ) : null}
      {phone ? (
        <CallButton phone={phone} numberShown className="btn-outline btn-primary mt-3 w-full" />
      ) : null}
    </li>
  );
}

/**
 * A page of a staff list as a table: a status line while it loads, the French message when it
 * failed, `empty` when nothing matches; then the table in its scrolling frame, its caption
 * (« Acquéreurs, page 2 »), one row per item (`row` gives the <tr>), and the pager. On a
 * phone, `card` (when given) draws each item as a {@link ListCard} instead of a table whose
 * columns would not fit.
 */
export function PagedTable<T, K extends string>({
  list,
  what: [one, many],
  empty = `Aucun ${one} ne correspond à cette recherche.`,
  columns,
  headClassName,
  noun = [one, many],
  row,
  card,
}: {
  list: Pick<StaffList<T, K>, 'load' | 'set'>;
  /**
   * What the list shows, singular then plural (« acquéreur », « acquéreurs »): its status line
   * (« Chargement des acquéreurs… »), its empty message, its frame's name (« Tableau des
   * acquéreurs ») and caption (« Acquéreurs, page 2 »).
   */
  what: [string, string];
  empty?: ReactNode;
  /** Each column's heading: a plain one, or with its classes. */
  columns: readonly (string | Column)[];
  headClassName?: string;
  /** The count's noun when it is not `what`: « 163 projets ». */
  noun?: [string, string];
  row: (item: T) => ReactNode;
  /** The item as a card (a {@link ListCard}) on a phone. */
  card?: (item: T) => ReactNode;
}) {
  const phone = usePhoneLayout();
  const caption = many.charAt(0).toUpperCase() + many.slice(1);
  const setPage = (page: number) => list.set({ page } as Partial<Record<K | 'page', number>>);
  return (
    <LoadGate load={list.load} loading={`Chargement des ${many}…`}>
      {(data) =>
        data.items.length === 0 ? (
          <p className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/75">
            {empty}
          </p>
        ) : (
          <>
            {phone && card ? (
              <ul aria-label={`${caption}, page ${data.page}`} className="space-y-3">
                {data.items.map(card)}
              </ul>
            ) : (
              <TableFrame label={`Tableau des ${many}`}>
                <table className="table">
                  <caption className="sr-only">
                    {caption}, page {data.page}
                  </caption>
                  <thead className={headClassName}>
                    <tr>
                      {columns.map((column, index) =>
                        typeof column === 'string' ? (
                          <th key={index} scope="col">
                            {column}
                          </th>
                        ) : (
                          <th key={index} scope="col" className={column.className}>
                            {column.label}
                          </th>
                        ),
                      )}
                    </tr>
                  </thead>
                  <tbody>{data.items.map(row)}</tbody>
                </table>
              </TableFrame>
            )}
            <Pager {...data} noun={noun} onPage={setPage} />
          </>
        )
      }
    </LoadGate>
  );
}
