import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { searchWords } from '../../src/domain/search';
import type { Page } from '../../src/domain/api/lists';

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
