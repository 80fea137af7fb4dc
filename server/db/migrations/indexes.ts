import type { Kysely } from 'kysely';

/** [index name, table, columns]: one plain index of a migration. */
export type IndexSpec = readonly [name: string, table: string, columns: readonly string[]];

/** Creates plain indexes, in order (what each migration wrote out one by one before). */
export async function createIndexes(db: Kysely<unknown>, specs: readonly IndexSpec[]) {
  for (const [name, table, columns] of specs)
    await db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns])
      .execute();
}
