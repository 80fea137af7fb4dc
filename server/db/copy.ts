import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type RawBuilder } from 'kysely';
import { LocalDocumentStore, type DocumentStore } from '../resources/documents/document-store';
import { migrateToLatest, type Db } from './database';
import { dialectOf } from './dialect';
import { migrationProvider } from './migrations/index';

/**
 * `npm run db:copy` (server/db/copy-cli.ts): an SQLite installation (DATA_DIR/app.sqlite and
 * DATA_DIR/documents) copied into an empty PostgreSQL database and a documents store, for an
 * agency moving to several instances (issue 26, docs/deploy.md « Passer de SQLite à PostgreSQL »).
 *
 * - The tables are read from the source file itself (sqlite_master), not from a list kept by
 *   hand: a table a future migration adds is copied too, and one missing on the target stops
 *   the copy before it begins.
 * - Every row goes in one PostgreSQL transaction: the copy is whole or nothing. Foreign keys
 *   stay checked; tables go in their order, and a table's rows that point at other rows of the
 *   same table (a client's hunter in app_user) go after the rows they point at.
 * - The copy triggers of buyer_project (migration 0014) are disabled for the transaction
 *   (ALTER TABLE … DISABLE TRIGGER USER, which the tables' owner may do, undone at commit or
 *   rollback like any DDL in PostgreSQL): the copied columns are the source's own values, byte
 *   for byte, instead of values recomputed on insert. (session_replication_role = replica would
 *   do the same but needs a superuser, which managed databases do not give, and would also
 *   silence the foreign keys.)
 * - Identity keys receive the source's ids, then each sequence moves past the highest id SQLite
 *   ever gave (sqlite_sequence: AUTOINCREMENT never reuses an id, even a deleted row's, and the
 *   audit log names records by id).
 * - The target must hold no row: the copy neither replaces nor merges.
 */

/** A refusal the user can act on, in French, said as is (no stack). */
export class CopyRefused extends Error {}

/** `sqlite:<app.sqlite or its DATA_DIR>` (the prefix may be left out), from `cwd`. */
export function sqliteSourceOf(arg: string, cwd: string): { file: string; dataDir: string } {
  const where = path.resolve(cwd, arg.replace(/^sqlite:/i, ''));
  if (existsSync(where) && statSync(where).isDirectory())
    return { file: path.join(where, 'app.sqlite'), dataDir: where };
  return { file: where, dataDir: path.dirname(where) };
}

/** A connection address without its password, to be printed. */
export function withoutPassword(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*):[^@/]*@/i, '$1:…@');
}

export interface TableCopy {
  table: string;
  rows: number;
}

export interface DocumentsCopy {
  /** Where they went, in words ('' when there was nothing to copy and nowhere to put it). */
  to: string;
  copied: number;
  /** Already in the target store (a copy run again, or the same store). */
  present: number;
  /** Files the copied client_document and visit_photo rows name that neither store holds. */
  missing: string[];
}

export interface CopyReport {
  tables: TableCopy[];
  documents: DocumentsCopy;
  ms: number;
}

export interface CopyOptions {
  /** The source installation: its app.sqlite and its DATA_DIR (documents in DATA_DIR/documents). */
  source: { file: string; dataDir: string };
  /** The PostgreSQL database (openDatabase(url)); migrated here to the latest schema. */
  target: Db;
  /** Where the documents go (openDocumentStore); may be left out when the source has none. */
  documentsTo?: DocumentStore;
  /** Words for `documentsTo` in the summary (a folder, a bucket). */
  documentsToName?: string;
  /** Told each table as it is copied. */
  onTable?: (copy: TableCopy) => void;
  /** Rows per INSERT at most (PostgreSQL takes 65,535 parameters per statement). */
  batchRows?: number;
}

/** The whole copy: checks, documents, tables, documents written meanwhile. */
export async function copyInstallation(options: CopyOptions): Promise<CopyReport> {
  const started = Date.now();
  const { source, target } = options;
  if (dialectOf(target) !== 'postgres')
    throw new CopyRefused('La cible doit être une base PostgreSQL (postgres://…).');
  const sqlite = openSource(source.file);
  try {
    await checkSourceLevel(sqlite);
    await migrateToLatest(target);
    const plan = await planTables(sqlite, target);
    await refuseTargetWithData(target, plan);

    const from = new LocalDocumentStore(path.join(source.dataDir, 'documents'));
    const to = sameStore(from, options.documentsTo) ? undefined : options.documentsTo;
    const sourceFiles = await from.list();
    if (sourceFiles.length > 0 && !options.documentsTo)
      throw new CopyRefused(
        `L’installation a ${sourceFiles.length} document(s) dans ${from.dir}\u00a0: dites où les copier (--to-data-dir <dossier> du nouveau serveur, ou les variables S3_* de son stockage S3).`,
      );
    // Documents first: a copy interrupted here is run again as is (the target database is
    // still empty, the files already there are skipped).
    const first = to ? await copyDocuments(from, to) : { copied: 0, present: sourceFiles.length };
    const tables = await copyTables(sqlite, target, plan, options);
    // Then any file uploaded meanwhile (the server should be stopped; if it was not, the rows
    // copied may name files that came after the first pass).
    const second = to
      ? await copyDocuments(from, to).catch((error: unknown) => {
          const cause = error instanceof Error ? error.message : String(error);
          throw new Error(
            `Les tables sont copiées, mais pas les documents arrivés pendant la copie (${cause})\u00a0: copiez-les à la main depuis ${from.dir}.`,
            { cause: error },
          );
        })
      : { copied: 0, present: 0 };
    const held = new Set(await (to ?? from).list());
    const named = [
      ...(await target.selectFrom('client_document').select('file_id').execute()),
      ...(await target.selectFrom('visit_photo').select('file_id').execute()),
    ];
    return {
      tables,
      documents: {
        to: options.documentsTo ? (options.documentsToName ?? 'le stockage cible') : '',
        copied: first.copied + second.copied,
        present: first.present,
        missing: named.map((r) => r.file_id).filter((id) => !held.has(id)),
      },
      ms: Date.now() - started,
    };
  } finally {
    sqlite.close();
  }
}

function openSource(file: string): SQLite.Database {
  if (!existsSync(file))
    throw new CopyRefused(
      `Aucune base SQLite à copier\u00a0: ${file} n’existe pas (donnez --from sqlite:<DATA_DIR ou app.sqlite>).`,
    );
  const db = new SQLite(file, { fileMustExist: true });
  db.pragma('busy_timeout = 10000');
  // Integers as they are stored (bigint), never rounded through a double.
  db.defaultSafeIntegers(true);
  return db;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The source must be at the code's migration level: the schemas then match column for column. */
async function checkSourceLevel(sqlite: SQLite.Database) {
  const hasTable = sqlite
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
    .get();
  if (!hasTable)
    throw new CopyRefused(
      'Ce fichier n’est pas une base de l’application (pas de table kysely_migration).',
    );
  const done = new Set(
    sqlite
      .prepare('select name from kysely_migration')
      .pluck()
      .all()
      .map((name) => String(name)),
  );
  const known = Object.keys(await migrationProvider.getMigrations());
  const missing = known.filter((name) => !done.has(name));
  const unknown = [...done].filter((name) => !known.includes(name));
  if (unknown.length > 0)
    throw new CopyRefused(
      `La base SQLite vient d’une version plus récente de l’application (migrations inconnues de ce code\u00a0: ${unknown.join(', ')}). Mettez ce code à jour, puis relancez la copie.`,
    );
  if (missing.length > 0)
    throw new CopyRefused(
      `La base SQLite n’est pas au niveau de ce code (migrations à jouer\u00a0: ${missing.join(', ')}). Démarrez une fois le serveur sur cette installation (npm start, avec son DATA_DIR) pour la migrer, arrêtez-le, puis relancez la copie.`,
    );
}

interface SelfReference {
  /** Columns of the row pointing at another row of the same table… */
  from: string[];
  /** …and the columns of that row they name. */
  to: string[];
}

interface TablePlan {
  name: string;
  columns: string[];
  primaryKey: string[];
  selfReferences: SelfReference[];
  /** Its identity column on the target (PostgreSQL), if any. */
  identity?: string;
}

interface ForeignKeyRow {
  id: bigint;
  seq: bigint;
  table: string;
  from: string;
  to: string | null;
}

/**
 * The source's application tables (every table but SQLite's own and Kysely's migration
 * bookkeeping), each after the tables it points to, checked against the migrated target.
 */
async function planTables(sqlite: SQLite.Database, target: Db): Promise<TablePlan[]> {
  const names = sqlite
    .prepare(
      `select name from sqlite_master where type = 'table'
        and name not like 'sqlite\\_%' escape '\\' and name not like 'kysely\\_migration%' escape '\\'
        order by name`,
    )
    .pluck()
    .all()
    .map(String);
  const targetColumns = await sql<{ table_name: string; column_name: string; is_identity: string }>`
    select table_name, column_name, is_identity from information_schema.columns
    where table_schema = current_schema()`.execute(target);
  const onTarget = new Map<string, Set<string>>();
  const identities = new Map<string, string>();
  for (const c of targetColumns.rows) {
    if (!onTarget.has(c.table_name)) onTarget.set(c.table_name, new Set());
    onTarget.get(c.table_name)?.add(c.column_name);
    if (c.is_identity === 'YES') identities.set(c.table_name, c.column_name);
  }

  const plans = new Map<string, TablePlan>();
  const pointsTo = new Map<string, Set<string>>();
  for (const name of names) {
    const info = sqlite.prepare(`pragma table_info(${quoted(name)})`).all() as {
      name: string;
      pk: bigint;
    }[];
    const columns = info.map((c) => c.name);
    const primaryKey = info
      .filter((c) => c.pk > 0n)
      .sort((a, b) => Number(a.pk - b.pk))
      .map((c) => c.name);
    const there = onTarget.get(name);
    if (!there)
      throw new CopyRefused(
        `La table ${name} de la base SQLite n’existe pas dans la base PostgreSQL migrée\u00a0: ce code ne sait pas la copier.`,
      );
    const absent = columns.filter((c) => !there.has(c));
    if (absent.length > 0)
      throw new CopyRefused(
        `Colonnes de ${name} absentes de la base PostgreSQL migrée\u00a0: ${absent.join(', ')}.`,
      );
    const keys = sqlite
      .prepare(`pragma foreign_key_list(${quoted(name)})`)
      .all() as ForeignKeyRow[];
    const byConstraint = new Map<bigint, ForeignKeyRow[]>();
    for (const key of keys) byConstraint.set(key.id, [...(byConstraint.get(key.id) ?? []), key]);
    const selfReferences: SelfReference[] = [];
    const parents = new Set<string>();
    for (const parts of byConstraint.values()) {
      parts.sort((a, b) => Number(a.seq - b.seq));
      const parent = parts[0]?.table ?? '';
      if (parent !== name) {
        parents.add(parent);
        continue;
      }
      selfReferences.push({
        from: parts.map((p) => p.from),
        to: parts.map((p, i) => p.to ?? primaryKey[i] ?? ''),
      });
    }
    if (selfReferences.length > 0 && primaryKey.length === 0)
      throw new CopyRefused(
        `La table ${name} se référence sans clé primaire\u00a0: copie impossible.`,
      );
    pointsTo.set(name, parents);
    plans.set(name, { name, columns, primaryKey, selfReferences, identity: identities.get(name) });
  }
  const extra = [...onTarget.keys()].filter(
    (t) => !plans.has(t) && !t.startsWith('kysely_migration'),
  );
  if (extra.length > 0)
    throw new CopyRefused(
      `La base PostgreSQL migrée a des tables que la base SQLite n’a pas (${extra.join(', ')})\u00a0: les deux ne sont pas au même niveau.`,
    );

  // Parents first (depth-first, alphabetical among equals); a cycle between tables would need
  // deferred constraints, which the schema does not declare.
  const ordered: TablePlan[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting')
      throw new CopyRefused(
        `Cycle de clés étrangères entre tables (${[...path, name].join(' → ')})\u00a0: copie impossible.`,
      );
    state.set(name, 'visiting');
    for (const parent of [...(pointsTo.get(name) ?? [])].sort()) {
      if (!plans.has(parent))
        throw new CopyRefused(`La table ${name} référence une table inconnue\u00a0: ${parent}.`);
      visit(parent, [...path, name]);
    }
    state.set(name, 'done');
    const plan = plans.get(name);
    if (plan) ordered.push(plan);
  };
  for (const name of names) visit(name, []);
  return ordered;
}

async function refuseTargetWithData(target: Db, plan: TablePlan[]) {
  const filled: string[] = [];
  for (const table of plan) {
    const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(table.name)}`
      .execute(target)
      .then((r) => r.rows[0]);
    if (row && Number(row.n) > 0) filled.push(`${table.name} (${row.n})`);
  }
  if (filled.length > 0)
    throw new CopyRefused(
      `La base PostgreSQL contient déjà des données\u00a0: ${filled.join(', ')}. La copie ne remplace ni ne fusionne rien\u00a0: donnez une base neuve (CREATE DATABASE) ou videz celle-ci. (Si un serveur a déjà démarré sur cette base hors production, il y a créé les comptes de démonstration.)`,
    );
}

/** A row's values for `columns` (indexes into the row), as one comparable key. */
const keyOf = (row: unknown[], indexes: number[]) =>
  JSON.stringify(indexes.map((i) => (row[i] === null ? null : String(row[i]))));

async function copyTables(
  sqlite: SQLite.Database,
  target: Db,
  plan: TablePlan[],
  options: CopyOptions,
): Promise<TableCopy[]> {
  // One read transaction: every table as it was at one instant, whatever writes meanwhile.
  sqlite.exec('begin');
  try {
    const sequences = new Map<string, bigint>();
    const hasSequences = sqlite
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'sqlite_sequence'")
      .get();
    if (hasSequences)
      for (const row of sqlite.prepare('select name, seq from sqlite_sequence').all() as {
        name: string;
        seq: bigint;
      }[])
        sequences.set(row.name, BigInt(row.seq));
    return await target.transaction().execute(async (trx) => {
      for (const table of plan)
        await sql`alter table ${sql.table(table.name)} disable trigger user`.execute(trx);
      const copies: TableCopy[] = [];
      for (const table of plan) {
        let rows: number;
        try {
          rows = await copyTable(sqlite, trx, table, options.batchRows ?? 1000);
          const counted = await sql<{
            n: number;
          }>`select count(*) as n from ${sql.table(table.name)}`
            .execute(trx)
            .then((r) => Number(r.rows[0]?.n));
          if (counted !== rows) throw new Error(`${counted} lignes écrites sur ${rows} lues`);
          if (table.identity) await moveSequence(trx, table, sequences.get(table.name) ?? 0n);
        } catch (error) {
          if (error instanceof CopyRefused) throw error;
          const cause = error instanceof Error ? error.message : String(error);
          throw new Error(`Copie de la table ${table.name} impossible\u00a0: ${cause}`, {
            cause: error,
          });
        }
        const copy = { table: table.name, rows };
        copies.push(copy);
        options.onTable?.(copy);
      }
      for (const table of plan)
        await sql`alter table ${sql.table(table.name)} enable trigger user`.execute(trx);
      return copies;
    });
  } finally {
    sqlite.exec('rollback');
  }
}

/** The table's rows, in batches; self-referencing rows after the rows they name. */
async function copyTable(
  sqlite: SQLite.Database,
  trx: Db,
  table: TablePlan,
  batchRows: number,
): Promise<number> {
  const select = sqlite
    .prepare(`select ${table.columns.map(quoted).join(', ')} from ${quoted(table.name)}`)
    .raw(true);
  // PostgreSQL takes 65,535 parameters per statement.
  const perInsert = Math.max(1, Math.min(batchRows, Math.floor(60_000 / table.columns.length)));
  const insert = (rows: unknown[][]) => insertRows(trx, table, rows);
  let count = 0;
  if (table.selfReferences.length === 0) {
    let batch: unknown[][] = [];
    for (const row of select.iterate() as IterableIterator<unknown[]>) {
      batch.push(row);
      if (batch.length === perInsert) {
        await insert(batch);
        count += batch.length;
        batch = [];
      }
    }
    if (batch.length > 0) await insert(batch);
    return count + batch.length;
  }

  // A row pointing at another of the same table goes in once that one is in.
  const index = (column: string) => table.columns.indexOf(column);
  const references = table.selfReferences.map((r) => ({
    from: r.from.map(index),
    to: r.to.map(index),
    inserted: new Set<string>(),
  }));
  const pointer = (row: unknown[], from: number[]) =>
    from.some((i) => row[i] === null) ? undefined : keyOf(row, from);
  let remaining = select.all() as unknown[][];
  const deferred: { row: unknown[]; from: number[] }[] = [];
  while (remaining.length > 0) {
    const ready: unknown[][] = [];
    const waiting: unknown[][] = [];
    for (const row of remaining) {
      const free = references.every((r) => {
        const to = pointer(row, r.from);
        return to === undefined || to === keyOf(row, r.to) || r.inserted.has(to);
      });
      (free ? ready : waiting).push(row);
    }
    if (ready.length === 0) {
      // Rows naming each other in a circle (or a row missing from the source): they go in
      // without those columns, which are written once every row is in.
      for (const row of waiting) {
        const copy = [...row];
        for (const r of references) {
          const to = pointer(row, r.from);
          if (to === undefined || to === keyOf(row, r.to) || r.inserted.has(to)) continue;
          deferred.push({ row, from: r.from });
          for (const i of r.from) copy[i] = null;
        }
        ready.push(copy);
      }
      waiting.length = 0;
    }
    for (let i = 0; i < ready.length; i += perInsert) await insert(ready.slice(i, i + perInsert));
    for (const row of ready) for (const r of references) r.inserted.add(keyOf(row, r.to));
    count += ready.length;
    remaining = waiting;
  }
  const keyIndexes = table.primaryKey.map(index);
  for (const { row, from } of deferred) {
    const set = from.map((i) => sql`${sql.id(table.columns[i] ?? '')} = ${row[i]}`);
    const where = keyIndexes.map((i) => sql`${sql.id(table.columns[i] ?? '')} = ${row[i]}`);
    await sql`update ${sql.table(table.name)} set ${sql.join(set)} where ${sql.join(where, sql` and `)}`.execute(
      trx,
    );
  }
  return count;
}

function insertRows(trx: Db, table: TablePlan, rows: unknown[][]) {
  const columns = sql.join(table.columns.map((c) => sql.id(c)));
  const values = sql.join(rows.map((row) => sql`(${sql.join(row)})`));
  // The source's ids go into the identity column (GENERATED BY DEFAULT takes them anyway;
  // this also covers an ALWAYS column).
  const overriding: RawBuilder<unknown> = table.identity ? sql`overriding system value` : sql``;
  return sql`insert into ${sql.table(table.name)} (${columns}) ${overriding} values ${values}`.execute(
    trx,
  );
}

/** The identity's next value: past the highest id in the table and the highest SQLite gave. */
async function moveSequence(trx: Db, table: TablePlan, sqliteSequence: bigint) {
  const column = table.identity ?? '';
  await sql`select setval(
      pg_get_serial_sequence(${quoted(table.name)}, ${column}),
      greatest(coalesce(max(${sql.id(column)}), 0), ${sqliteSequence.toString()}::bigint) + 1,
      false)
    from ${sql.table(table.name)}`.execute(trx);
}

/** A stored file's bytes as put() takes them. */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** Every file of `from` that `to` does not hold yet (same id), copied. */
export async function copyDocuments(
  from: DocumentStore,
  to: DocumentStore,
): Promise<{ copied: number; present: number }> {
  const there = new Set(await to.list());
  let copied = 0;
  let present = 0;
  for (const id of await from.list()) {
    if (there.has(id)) {
      present++;
      continue;
    }
    const file = await from.get(id);
    if (!file) continue; // deleted since the list
    try {
      await to.put(id, chunksOf(file.stream));
    } catch (error) {
      const cause = error instanceof Error ? error.message : String(error);
      throw new Error(`Copie du document ${id} impossible\u00a0: ${cause}`, { cause: error });
    }
    copied++;
  }
  return { copied, present };
}

/** Two local stores on one folder: nothing to copy. */
function sameStore(from: LocalDocumentStore, to: DocumentStore | undefined): boolean {
  return to instanceof LocalDocumentStore && to.dir === from.dir;
}

const count = new Intl.NumberFormat('fr-FR');

/** The summary printed at the end, in French. */
export function formatReport(report: CopyReport, from: string, to: string): string {
  const total = report.tables.reduce((sum, t) => sum + t.rows, 0);
  const width = Math.max(...report.tables.map((t) => t.table.length));
  const lines = [
    `Copie terminée en ${(report.ms / 1000).toFixed(1).replace('.', ',')}\u00a0s\u00a0: ${from} → ${to}`,
    ...report.tables.map(
      (t) =>
        `  ${t.table.padEnd(width)}\u00a0: ${count.format(t.rows)} ligne${t.rows > 1 ? 's' : ''}`,
    ),
    `  Total\u00a0: ${count.format(total)} lignes dans ${report.tables.length} tables.`,
  ];
  const d = report.documents;
  if (!d.to) lines.push('Documents\u00a0: aucun à copier.');
  else
    lines.push(
      `Documents\u00a0: ${count.format(d.copied)} copié${d.copied > 1 ? 's' : ''} vers ${d.to}, ${count.format(d.present)} déjà présent${d.present > 1 ? 's' : ''}.`,
    );
  if (d.missing.length > 0)
    lines.push(
      `Attention\u00a0: ${d.missing.length} document(s) nommé(s) par la base ne sont dans aucun stockage (${d.missing.slice(0, 5).join(', ')}${d.missing.length > 5 ? '…' : ''}).`,
    );
  return lines.join('\n');
}
