import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { RegisterRowView, RegisterView } from '../../../src/domain/api/mandates';
import { lockingRows } from '../../db/dialect';
import type { Db } from '../../db/database';
import type { Database, MandateRegisterEntryTable } from '../../db/schema';

/**
 * The registre des mandats (décret 72-678 art. 72, arrêté du 15 septembre 1972; issue 30,
 * docs/mandates.md): append-only entries, one per signed mandate and one per observation, in one
 * hash chain. This module only ever INSERTs into the register (migration 0021's triggers refuse
 * any UPDATE or DELETE too); its one counter row gives the next order number and the previous
 * entry's hash, inside the caller's transaction.
 */

type Entry = Selectable<MandateRegisterEntryTable>;

/** The hash before the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** An entry's SHA-256 (hex): every column it carries, and the previous entry's hash. */
export function entryHash(e: Omit<Entry, 'hash'>): string {
  const fields = [
    e.seq,
    e.kind,
    e.number,
    e.row_number,
    e.mandate_id,
    e.at,
    e.mandants,
    e.object,
    e.property_sought,
    e.observation,
    e.by_user_id,
    e.by_name,
    e.prev_hash,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/**
 * Takes the counter row for this transaction: on PostgreSQL SELECT … FOR UPDATE, so a second
 * signature waits for this one's commit and reads the number it wrote; SQLite's transactions
 * are one writer at a time (BEGIN IMMEDIATE).
 */
async function lockCounter(trx: Kysely<Database>) {
  // The row is written at the register's first entry (a fresh database holds no row).
  await trx
    .insertInto('mandate_register_counter')
    .values({ id: 1, last_number: 0, last_seq: 0, last_hash: GENESIS_HASH })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return lockingRows(
    trx,
    trx.selectFrom('mandate_register_counter').selectAll().where('id', '=', 1),
  ).executeTakeFirstOrThrow();
}

async function append(
  trx: Kysely<Database>,
  entry: Omit<Entry, 'seq' | 'number' | 'row_number' | 'prev_hash' | 'hash'> & {
    /** For an observation: the row it is about. A row takes the next number. */
    number?: number;
  },
): Promise<Entry> {
  const counter = await lockCounter(trx);
  const isRow = entry.kind === 'mandate';
  const number = isRow ? counter.last_number + 1 : (entry.number ?? 0);
  const base = {
    ...entry,
    seq: counter.last_seq + 1,
    number,
    row_number: isRow ? number : null,
    prev_hash: counter.last_hash,
  };
  const saved: Entry = { ...base, hash: entryHash(base) };
  await trx.insertInto('mandate_register_entry').values(saved).execute();
  await trx
    .updateTable('mandate_register_counter')
    .set({ last_number: number > counter.last_number ? number : counter.last_number })
    .set({ last_seq: saved.seq, last_hash: saved.hash })
    .where('id', '=', 1)
    .execute();
  return saved;
}

/** The register's columns for a mandate, as the arrêté names them. */
export interface RegisterRowInput {
  mandateId: string;
  /** Date of the mandate (its signature), ISO. */
  at: string;
  mandants: string;
  object: string;
  propertySought: string;
}

/** A signed mandate's row: the next order number, in the signing transaction. */
export async function appendRegisterRow(
  trx: Kysely<Database>,
  row: RegisterRowInput,
  by: { userId: string | null; name: string },
): Promise<Entry> {
  return append(trx, {
    kind: 'mandate',
    mandate_id: row.mandateId,
    at: row.at,
    mandants: row.mandants,
    object: row.object,
    property_sought: row.propertySought,
    observation: '',
    by_user_id: by.userId,
    by_name: by.name,
  });
}

/** An observation on row `number` (an end, a withdrawal, a correction). */
export async function appendObservation(
  trx: Kysely<Database>,
  number: number,
  text: string,
  by: { userId: string | null; name: string },
  at: string,
): Promise<Entry> {
  return append(trx, {
    kind: 'observation',
    number,
    mandate_id: null,
    at,
    mandants: '',
    object: '',
    property_sought: '',
    observation: text,
    by_user_id: by.userId,
    by_name: by.name,
  });
}

/** Whether row `number` exists. */
export async function registerRowExists(db: Kysely<Database>, number: number): Promise<boolean> {
  const row = await db
    .selectFrom('mandate_register_entry')
    .select('seq')
    .where('row_number', '=', number)
    .executeTakeFirst();
  return row !== undefined;
}

/** How an entry is named in the chain check's answer. */
const entryName = (e: Pick<Entry, 'kind' | 'number' | 'seq'>) =>
  e.kind === 'mandate'
    ? `mandat n°\u00a0${e.number} (entrée ${e.seq})`
    : `observation sur le mandat n°\u00a0${e.number} (entrée ${e.seq})`;

/**
 * Recomputes the whole chain: every entry's hash, its link to the previous one, the entries'
 * order (1, 2, 3… without a gap), the order numbers (1, 2, 3…), and the counter's last hash.
 * Returns the first broken entry, in words.
 */
export async function checkChain(db: Db): Promise<RegisterView['chain']> {
  const entries = await db
    .selectFrom('mandate_register_entry')
    .selectAll()
    .orderBy('seq')
    .execute();
  let prev = GENESIS_HASH;
  let lastNumber = 0;
  for (const [i, e] of entries.entries()) {
    const { hash, ...rest } = e;
    const gapInSeq = e.seq !== i + 1;
    const badNumber =
      e.kind === 'mandate'
        ? e.number !== lastNumber + 1 || e.row_number !== e.number
        : e.row_number !== null || e.number < 1 || e.number > lastNumber;
    if (gapInSeq || badNumber || e.prev_hash !== prev || entryHash(rest) !== hash)
      return { intact: false, brokenAt: entryName(e) };
    if (e.kind === 'mandate') lastNumber = e.number;
    prev = hash;
  }
  const counter = await db
    .selectFrom('mandate_register_counter')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!counter && entries.length === 0) return { intact: true };
  if (
    !counter ||
    counter.last_hash !== prev ||
    counter.last_seq !== entries.length ||
    counter.last_number !== lastNumber
  )
    return {
      intact: false,
      brokenAt:
        entries.length > 0
          ? `fin du registre, après l’${entryName(entries[entries.length - 1] as Entry)}`
          : 'fin du registre (entrées manquantes)',
    };
  return { intact: true };
}

/** Rows per page of the register's screen. */
export const REGISTER_PAGE_SIZE = 50;

/** Rows (newest first) with their observations (oldest first). */
export async function registerRows(
  db: Db,
  { page, pageSize, number }: { page: number; pageSize: number; number?: number },
): Promise<{ rows: RegisterRowView[]; total: number }> {
  const counted = await db
    .selectFrom('mandate_register_entry')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', 'mandate')
    .executeTakeFirstOrThrow();
  let query = db.selectFrom('mandate_register_entry').selectAll().where('kind', '=', 'mandate');
  if (number !== undefined) query = query.where('number', '=', number);
  const rows = await query
    .orderBy('number', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const numbers = rows.map((r) => r.number);
  const observations =
    numbers.length === 0
      ? []
      : await db
          .selectFrom('mandate_register_entry')
          .selectAll()
          .where('kind', '=', 'observation')
          .where('number', 'in', numbers)
          .orderBy('seq')
          .execute();
  return {
    total: Number(counted.n),
    rows: rows.map((r) => ({
      number: r.number,
      date: r.at,
      mandants: r.mandants,
      object: r.object,
      propertySought: r.property_sought,
      observations: observations
        .filter((o) => o.number === r.number)
        .map((o) => ({ at: o.at, text: o.observation, byName: o.by_name })),
      mandateId: r.mandate_id ?? '',
    })),
  };
}

/** The whole register, oldest first (the exports). */
export async function allRegisterRows(db: Db): Promise<RegisterRowView[]> {
  const entries = await db
    .selectFrom('mandate_register_entry')
    .selectAll()
    .orderBy('seq')
    .execute();
  const rows = new Map<number, RegisterRowView>();
  for (const e of entries) {
    if (e.kind === 'mandate')
      rows.set(e.number, {
        number: e.number,
        date: e.at,
        mandants: e.mandants,
        object: e.object,
        propertySought: e.property_sought,
        observations: [],
        mandateId: e.mandate_id ?? '',
      });
    else
      rows.get(e.number)?.observations.push({ at: e.at, text: e.observation, byName: e.by_name });
  }
  return [...rows.values()].sort((a, b) => a.number - b.number);
}

/** A directeur's or admin's observation on row `number`, in its own transaction; false: no such row. */
export async function addObservation(
  db: Db,
  number: number,
  text: string,
  by: { userId: string; name: string },
  at: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await registerRowExists(trx, number))) return false;
    await appendObservation(trx, number, text, by, at);
    return true;
  });
}
