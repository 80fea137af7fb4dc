import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import { dialectOf } from '../../db/dialect';
import type { Database } from '../../db/schema';

/**
 * Issue 31, « Erasure that erases »: what an account's deletion (client.repo.ts
 * deleteClientAccount) and the retention job do to every copy of the person kept outside their
 * account row (docs/account-deletion.md). Signed mandates and the register are not touched
 * (issue 30: kept 10 years by law).
 */

/** What replaces a text that spoke about the person. */
export const ERASED = '[supprimé]';

/** The person as they were before their account row was anonymised. */
export interface ErasedPerson {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
}

/**
 * How long an idempotency key's stored answer is kept: the client's outbox (src/domain/outbox.ts)
 * sends a form again for a few days at most; past this its answer is only a copy of old data.
 */
export const IDEMPOTENCY_REPLAY_MS = 7 * 24 * 60 * 60_000;

/** The group of a mail whose address and bodies go once it is sent (the deletion's confirmation). */
export const erasedMailGroup = (userId: string) => `erase:${userId}`;

/** A sent mail's row once blanked: who it went to and what it said are gone, the fact stays. */
export const BLANK_MAIL = {
  recipient: '',
  subject: ERASED,
  text: '',
  html: '',
  attachments: null,
} as const;

/**
 * The strings that find the person in free text: e-mail, « Prénom Nom », the phone as stored, its
 * digits alone and in pairs (« 06 11 22 33 44 », as people type it in the contact form).
 */
export function needlesOf(person: ErasedPerson): string[] {
  const phone = person.phone.trim();
  const digits = phone.replace(/\D/g, '');
  const name = `${person.firstname.trim()} ${person.lastname.trim()}`;
  return [
    ...new Set([
      person.email.trim().toLowerCase(),
      ...(digits.length >= 6 ? [phone, digits, digits.replace(/(\d{2})(?=\d)/g, '$1 ')] : []),
      ...(person.firstname.trim() && person.lastname.trim() ? [name] : []),
    ]),
  ];
}

/** One of `columns` contains one of `needles`, whatever the case (lower() on both sides). */
function mentions<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: readonly string[],
  needles: readonly string[],
): Expression<SqlBool> {
  const tests = columns.flatMap((c) =>
    needles.map((n) => sql<SqlBool>`lower(${sql.ref(c)}) like lower(${`%${n}%`})`),
  );
  return tests.length ? eb.or(tests) : sql<SqlBool>`1 = 0`;
}

/**
 * An audit payload reduced to the names of its fields: the trail keeps what was done and when,
 * not what it said. With both sides, only the fields that changed are named.
 */
export function fieldNamesOnly(
  before: string | null,
  after: string | null,
): { before: string | null; after: string | null } {
  const parse = (json: string | null): unknown => {
    if (json === null) return null;
    try {
      return JSON.parse(json) as unknown;
    } catch {
      return null;
    }
  };
  const b = parse(before);
  const a = parse(after);
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  let keys: string[] = [];
  if (isObject(b) && isObject(a))
    keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
      (k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]),
    );
  const reduce = (v: unknown) =>
    v === null
      ? null
      : JSON.stringify(
          Object.fromEntries(
            (isObject(v) ? (keys.length ? keys : Object.keys(v)) : []).map((k) => [k, ERASED]),
          ),
        );
  return { before: reduce(b), after: reduce(a) };
}

/**
 * Erases the person's copies outside their account, in the caller's transaction:
 * - the audit trail of their record (and any entry naming them) reduced to field names;
 * - the notes about them deleted, the notes, tasks and stage notes elsewhere naming them and the
 *   stage notes of their projects redacted (« [supprimé] »);
 * - their stored idempotent answers deleted;
 * - the mails to them and the staff mails naming them: blanked once gone out, dropped if waiting;
 * - the contact messages they sent (same e-mail or phone) blanked;
 * - the notifications, jobs and proposals about their record (eraseFollowUps).
 * Signed mandates and the register are never touched.
 */
export async function eraseTraces(trx: Kysely<Database>, person: ErasedPerson): Promise<void> {
  const needles = needlesOf(person);
  const id = person.id;

  const trail = await trx
    .selectFrom('audit_log')
    .select(['id', 'before', 'after'])
    .where((eb) =>
      eb.or([
        eb.and([eb('record_type', 'in', ['buyer', 'user']), eb('record_id', '=', id)]),
        mentions(eb, ['before', 'after'], needles),
      ]),
    )
    .execute();
  await reduceTrail(trx, trail);

  await trx
    .deleteFrom('staff_note')
    .where((eb) => eb.and({ record_type: 'buyer', record_id: id }))
    .execute();
  await trx
    .updateTable('staff_note')
    .set({ text: ERASED })
    .where((eb) => mentions(eb, ['text'], needles))
    .execute();
  await trx
    .updateTable('staff_task')
    .set({ text: ERASED })
    .where((eb) => mentions(eb, ['text'], needles))
    .execute();
  const projects = trx.selectFrom('buyer_project').select('id').where('user_id', '=', id);
  await trx
    .updateTable('project_stage_move')
    .set({ note: ERASED })
    .where('note', '<>', '')
    .where((eb) => eb.or([eb('project_id', 'in', projects), mentions(eb, ['note'], needles)]))
    .execute();

  await trx
    .deleteFrom('idempotency_key')
    .where((eb) => eb.or([eb('scope', 'like', `%${id}%`), mentions(eb, ['response'], needles)]))
    .execute();

  const aboutThem = (eb: ExpressionBuilder<Database, 'mail_queue'>) =>
    eb.or([
      eb('recipient', '=', person.email.trim().toLowerCase()),
      mentions(eb, ['subject', 'text', 'html'], needles),
    ]);
  await trx.deleteFrom('mail_queue').where('status', '=', 'pending').where(aboutThem).execute();
  await trx
    .updateTable('mail_queue')
    .set({ ...BLANK_MAIL, last_error: null })
    .where('status', '<>', 'pending')
    .where(aboutThem)
    .execute();

  await eraseFollowUps(trx, 'buyer', id);

  await trx
    .updateTable('contact_message')
    .set({ name: ERASED, email: '', phone: '', subject: ERASED, message: ERASED, ip_hash: null })
    .where((eb) =>
      eb.or([
        eb('email', '=', person.email.trim().toLowerCase()),
        mentions(eb, ['email', 'phone', 'name', 'message'], needles),
      ]),
    )
    .execute();
}

/**
 * What the back office planned or said about a record (issue 31): the staff notifications about
 * it, the server's jobs naming it (reminders, match notices; done or not: their payload names the
 * record), and what matching kept of it — a buyer's proposals, the notices of an owner lead sent
 * to hunters. An owner lead's proposals stay: they show a property, not its owner.
 */
export async function eraseFollowUps(
  trx: Kysely<Database>,
  recordType: 'buyer' | 'owner',
  recordId: string,
): Promise<void> {
  await trx
    .deleteFrom('staff_notification')
    .where('record_type', '=', recordType)
    .where('record_id', '=', recordId)
    .execute();
  // Payloads are JSON of { recordType, recordId, … } (routing.repo, matches); keys end :type:id.
  await trx
    .deleteFrom('job')
    .where((eb) =>
      eb.or([
        eb('payload', 'like', `%"recordType":"${recordType}","recordId":"${recordId}"%`),
        eb('job_key', 'like', `%:${recordType}:${recordId}`),
      ]),
    )
    .execute();
  if (recordType === 'buyer')
    await trx.deleteFrom('match_proposal').where('buyer_id', '=', recordId).execute();
  else await trx.deleteFrom('match_notice').where('lead_id', '=', Number(recordId)).execute();
}

/**
 * A staff account deleted (a bare one, DELETE /api/admin/users/:id): what routing and matching
 * kept of them goes — their departments and absence, their notifications, the notices of leads
 * they were told of — and the routing rule they chose stays without their id (the audit trail
 * says who chose it).
 */
export async function eraseStaffFollowUps(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx.deleteFrom('hunter_department').where('hunter_id', '=', userId).execute();
  await trx.deleteFrom('hunter_availability').where('hunter_id', '=', userId).execute();
  await trx.deleteFrom('staff_notification').where('user_id', '=', userId).execute();
  await trx.deleteFrom('match_notice').where('hunter_id', '=', userId).execute();
  await trx
    .updateTable('routing_setting')
    .set({ updated_by: null })
    .where('updated_by', '=', userId)
    .execute();
}

/**
 * The purge the server runs with the mail worker's hourly pass (server/mail/mail-worker.ts):
 * idempotency answers past their replay window go, and a deletion's confirmation mail that went
 * out (or was abandoned) is blanked if the worker could not do it when sending.
 */
export async function purgeErasable(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('idempotency_key')
    .where('created_at', '<', new Date(now - IDEMPOTENCY_REPLAY_MS).toISOString())
    .execute();
  await db
    .updateTable('mail_queue')
    .set(BLANK_MAIL)
    .where('group_key', 'like', 'erase:%')
    .where('status', 'in', ['sent', 'failed'])
    .where('recipient', '<>', '')
    .execute();
}

/**
 * After a deletion on SQLite: the WAL, which still holds the pages as they were, is written back
 * into the database (where secure_delete has overwritten the freed space) and truncated to zero.
 * PostgreSQL has no such file of ours: see docs/account-deletion.md (VACUUM).
 */
export async function checkpointAfterErasure(db: Db): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}

/** The audit action of an anonymisation by the retention pass (src/domain/audit-wording.ts). */
export const RETENTION_ANONYMISED = 'retention-anonymised';

/** Audit rows reduced to the names of the fields they changed (the values go). */
async function reduceTrail(
  trx: Kysely<Database>,
  trail: readonly { id: number; before: string | null; after: string | null }[],
) {
  for (const row of trail) {
    const reduced = fieldNamesOnly(row.before, row.after);
    if (reduced.before !== row.before || reduced.after !== row.after)
      await trx.updateTable('audit_log').set(reduced).where('id', '=', row.id).execute();
  }
}

/**
 * The retention pass (server/resources/retention) on an owner lead 3 years after the owner's
 * last contact: the same erasure as an account's deletion (eraseTraces: audit payloads, notes,
 * stored answers, mails, contact messages naming them), then the lead's own trail reduced to
 * field names, the notes and tasks about it deleted, and the lead itself kept as a record without
 * a person (« Propriétaire anonymisé », no e-mail or phone, the property's free text blanked;
 * the property's type, place and figures stay, as a proposal made from it does; status « Sans
 * suite », so it leaves the day's work and the matches). False when the
 * lead is gone or already anonymised (its e-mail is empty).
 */
export async function eraseOwnerLead(
  trx: Kysely<Database>,
  leadId: number,
  at: string,
): Promise<boolean> {
  const lead = await trx
    .selectFrom('owner_contact')
    .select(['id', 'email', 'firstname', 'lastname', 'phone'])
    .where('id', '=', leadId)
    .executeTakeFirst();
  if (!lead || lead.email === '') return false;
  // An id that names no account, no record and no key scope: only the needles find copies.
  await eraseTraces(trx, { ...lead, id: `retention:owner-lead:${leadId}#` });
  const recordId = String(leadId);
  const trail = await trx
    .selectFrom('audit_log')
    .select(['id', 'before', 'after'])
    .where('record_type', '=', 'owner')
    .where('record_id', '=', recordId)
    .execute();
  await reduceTrail(trx, trail);
  await trx
    .deleteFrom('staff_note')
    .where('record_type', '=', 'owner')
    .where('record_id', '=', recordId)
    .execute();
  await trx.deleteFrom('staff_task').where('lead_id', '=', leadId).execute();
  await eraseFollowUps(trx, 'owner', recordId);
  await trx
    .updateTable('owner_contact')
    .set({
      firstname: 'Propriétaire',
      lastname: 'anonymisé',
      email: '',
      phone: '',
      search_text: '',
      // Nobody left to call: out of « Aujourd’hui », the reminders and the matches.
      lead_status: 'sans_suite',
      version: (eb) => eb('version', '+', 1),
    })
    .where('id', '=', leadId)
    .execute();
  await trx
    .updateTable('owner_property')
    .set({ description: '' })
    .where('contact_id', '=', leadId)
    .execute();
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: null,
      action: RETENTION_ANONYMISED,
      record_type: 'owner',
      record_id: recordId,
      before: null,
      after: null,
      at,
    })
    .execute();
  return true;
}
