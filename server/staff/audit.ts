import type { Kysely } from 'kysely';
import { fullName } from '../../src/domain/person-name';
import type { AuditView } from '../../src/domain/staff-views';
import type { Database, StaffRecordType } from '../db/schema';

/** One staff action for the audit trail (who, what, which record, before → after, when). */
export interface AuditEntry {
  actorId: string;
  action: string;
  recordType: StaffRecordType;
  recordId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Written in the transaction of the change it records: no change without its trace. */
export async function audit(trx: Kysely<Database>, entry: AuditEntry, at: string): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      record_type: entry.recordType,
      record_id: String(entry.recordId),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      at,
    })
    .execute();
}

export type { AuditView };

const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

/** A record's trail, newest first (bounded: the last 100 entries). */
export async function auditOf(
  db: Kysely<Database>,
  recordType: StaffRecordType,
  recordId: string | number,
): Promise<AuditView[]> {
  const rows = await db
    .selectFrom('audit_log as a')
    .leftJoin('app_user as u', 'u.id', 'a.actor_id')
    .select(['a.id', 'a.action', 'a.before', 'a.after', 'a.at', 'u.firstname', 'u.lastname'])
    .where('a.record_type', '=', recordType)
    .where('a.record_id', '=', String(recordId))
    .orderBy('a.id', 'desc')
    .limit(100)
    .execute();
  const entries = rows.map((r) => ({
    id: r.id,
    action: r.action,
    actorName: r.firstname ? fullName(r) : null,
    before: parse(r.before),
    after: parse(r.after),
    at: r.at,
  }));
  const names = await namesById(
    db,
    entries.flatMap((e) => [...peopleIn(e.before), ...peopleIn(e.after)]),
  );
  return entries.map((e) => {
    const named = [...peopleIn(e.before), ...peopleIn(e.after)].flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [[id, name] as const];
    });
    return named.length === 0 ? e : { ...e, names: Object.fromEntries(named) };
  });
}

/** The keys under which an entry names a person by id: the hunter given a record or a task. */
const PERSON_KEYS = /^(hunterId|assigned_to|assigneeId)$/;

/** The ids of the people an entry's before or after names. */
function peopleIn(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value)
    .filter(([key, id]) => PERSON_KEYS.test(key) && typeof id === 'string')
    .map(([, id]) => id as string);
}

/** « Prénom Nom » of each id still an account (a deleted one is left out). */
async function namesById(db: Kysely<Database>, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('app_user')
    .select(['id', 'firstname', 'lastname'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, fullName(r)]));
}
