import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { searchWords } from '../../src/domain/search';
import type { Page } from '../../src/domain/api/lists';
import type { Scope } from './policy';

/**
 * The one pagination and the one search of every staff list (buyers, leads, users, mails). The
 * query's schemas are the contract's (src/domain/api/lists.ts); the rows' search text is
 * written by their repositories (src/domain/search.ts `searchTextOf`).
 */
export { archivedSchema, listFilterSchema, pagingSchema } from '../../src/domain/api/lists';
export type { Page };

/** The query string as an object, each name once (a repeated name keeps its last value). */
export const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

/** `%` and `_` typed by a person are letters, not wildcards: LIKE ? ESCAPE '\'. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Rows whose search text `column` holds every word of the query, in any order, whatever the
 * case and accents: « martin élodie » finds Élodie Martin.
 */
export function searchMatch(column: string, query: string): RawBuilder<boolean> {
  const words = searchWords(query);
  if (words.length === 0) return sql<boolean>`1 = 1`;
  return sql<boolean>`(${sql.join(
    words.map((w) => sql`${sql.ref(column)} like ${likePattern(w)} escape '\\'`),
    sql` and `,
  )})`;
}

export interface Paging {
  page: number;
  pageSize: number;
}

/** How many rows the filtered query gives. */
export async function countOf<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number((row as { n: number | string }).n);
}

/**
 * A page of a list: `rows` reads `limit` rows from `offset` (its order decides), `count` the
 * total; both run at once.
 */
export async function pageOf<T>(
  { page, pageSize }: Paging,
  rows: (limit: number, offset: number) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<Page<T>> {
  const [items, total] = await Promise.all([rows(pageSize, (page - 1) * pageSize), count()]);
  return { items, total, page, pageSize };
}

/**
 * The conditions the lists of records share: whose they are (a chasseur's scope: theirs only;
 * otherwise ?hunter=, an id or 'none' for the unassigned, on `assignee`), ?department= (the
 * list's own `inDepartment` condition) and ?q= (on `search`).
 */
export function recordFilters(
  scope: Scope,
  f: { hunter?: string; department?: string; q?: string },
  on: { assignee: string; search: string; inDepartment: (code: string) => RawBuilder<boolean> },
): RawBuilder<boolean>[] {
  const assignee = sql.ref(on.assignee);
  const hunter = scope.kind === 'hunter' ? scope.hunterId : f.hunter;
  const whose =
    hunter === undefined || hunter === ''
      ? []
      : [
          hunter === 'none'
            ? sql<boolean>`${assignee} is null`
            : sql<boolean>`${assignee} = ${hunter}`,
        ];
  return [
    ...whose,
    ...(f.department ? [on.inDepartment(f.department)] : []),
    ...(f.q ? [searchMatch(on.search, f.q)] : []),
  ];
}
