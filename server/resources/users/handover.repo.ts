import type { Kysely, Transaction } from 'kysely';
import { handoverNeeded, type HandoverCounts } from '../../../src/domain/api/users';
import { fullName } from '../../../src/domain/person-name';
import { Role } from '../../../src/domain/roles';
import { lockingRows } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { AuditEntry } from '../../staff/audit';
import type { StaffRouteDeps } from '../../staff/deps';
import { countOf } from '../../staff/paging';
import type { Versioned } from './admin-users.repo';
import { assignedMail, handoverMail, type MailedRecord } from './handover-mails';
import { toUser, type UserRow } from './users.repo';

/**
 * Work handed over (issue 29, docs/staff-area.md « Passer la main »): archiving a hunter who
 * still has buyers or owner leads moves every one of them, in the archive's transaction, to the
 * hunter chosen (or to nobody: the managers' pool), each with its audit entry, and tells the new
 * hunter in one mail. An assignment tells the hunter who receives it, once.
 */

type Db = Kysely<Database>;

/** A buyer's and an owner lead's fiche, as the mails link them. */
export const buyerFicheUrl = (publicUrl: string, userId: string) =>
  `${publicUrl}/wh-dashboard/acquereurs/${encodeURIComponent(userId)}`;
export const leadFicheUrl = (publicUrl: string, leadId: number) =>
  `${publicUrl}/wh-dashboard/proprietaires/${leadId}`;

/** What a hunter works now: the accounts given to them and the owner leads assigned to them. */
export async function workOf(db: Db, hunterId: string): Promise<HandoverCounts> {
  const buyers = await countOf(db.selectFrom('app_user').where('id_chasseur', '=', hunterId));
  const leads = await countOf(db.selectFrom('owner_contact').where('assigned_to', '=', hunterId));
  return { buyers, leads };
}

/**
 * Whether `hunterId` may still receive work, read in the transaction that gives it: the row is
 * locked on PostgreSQL (an archive of that hunter running at the same time either finishes first,
 * and this sees it, or waits for this one and then moves what it gave). SQLite has one writer.
 */
export async function canReceive(trx: Db, hunterId: string): Promise<boolean> {
  const hunter = await lockingRows(
    trx,
    trx.selectFrom('app_user').selectAll().where('id', '=', hunterId),
  ).executeTakeFirst();
  return (
    hunter !== undefined &&
    hunter.is_archived === 0 &&
    hunter.is_active === 1 &&
    hunter.deleted_at === null &&
    toUser(hunter).roles.includes(Role.CHASSEUR)
  );
}

/** A person by id, for a mail: e-mail, first name and « Prénom Nom ». */
async function person(db: Db, id: string) {
  const row = await db
    .selectFrom('app_user')
    .select(['email', 'firstname', 'lastname'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { email: row.email, name: fullName(row) } : undefined;
}

/**
 * The mail to the hunter who just received a record, in the change's transaction: none when the
 * record already was theirs (the same assignment again), when nobody receives it, or when the
 * hunter gave it to themselves.
 */
export async function tellAssignee(
  deps: Pick<StaffRouteDeps, 'mails' | 'publicUrl'>,
  trx: Db,
  change: { actorId: string; from: string | null; to: string | null; record: MailedRecord },
): Promise<void> {
  const { actorId, from, to, record } = change;
  if (to === null || to === from || to === actorId) return;
  const hunter = await person(trx, to);
  if (!hunter) return;
  const by = await person(trx, actorId);
  await deps.mails.enqueue(assignedMail(hunter.email, record, by?.name ?? null), trx);
}

/** The buyer's record as an assignment mail names it. */
export const buyerRecord = (
  publicUrl: string,
  row: Pick<UserRow, 'id' | 'firstname' | 'lastname'>,
): MailedRecord => ({
  kind: 'buyer',
  name: fullName(row),
  url: buyerFicheUrl(publicUrl, row.id),
});

/** The owner lead's record as an assignment mail names it. */
export const leadRecord = (
  publicUrl: string,
  row: { id: number; firstname: string; lastname: string },
): MailedRecord => ({ kind: 'owner', name: fullName(row), url: leadFicheUrl(publicUrl, row.id) });

/** What an assignment adds in its transaction: the hunter checked first, then their mail. */
export interface AssignmentHooks<R> {
  /** False when the hunter can no longer receive work (archived meanwhile): nothing is written. */
  guard: (trx: Db) => Promise<boolean>;
  /** Once the record is theirs: the mail, unless it already was (`before`: the record read). */
  after: (trx: Db, before: R) => Promise<void>;
}

/**
 * The hooks of POST /staff/buyers/:userId/assign (staff-buyers.repo `assignBuyer`, through
 * admin-users.repo `changeUser`): `before` is the client's account as read.
 */
export function buyerAssignmentHooks(
  deps: Pick<StaffRouteDeps, 'mails' | 'publicUrl'>,
  actorId: string,
  hunterId: string | null,
): AssignmentHooks<Pick<UserRow, 'id' | 'firstname' | 'lastname' | 'id_chasseur'>> {
  return {
    guard: (trx) => (hunterId === null ? Promise.resolve(true) : canReceive(trx, hunterId)),
    after: (trx, before) =>
      tellAssignee(deps, trx, {
        actorId,
        from: before.id_chasseur,
        to: hunterId,
        record: buyerRecord(deps.publicUrl, before),
      }),
  };
}

/** The hooks of POST /staff/leads/:id/assign (staff-leads.repo `changeLead`). */
export function leadAssignmentHooks(
  deps: Pick<StaffRouteDeps, 'mails' | 'publicUrl'>,
  actorId: string,
  hunterId: string | null,
): AssignmentHooks<{
  id: number;
  firstname: string;
  lastname: string;
  assigned_to: string | null;
}> {
  return {
    guard: (trx) => (hunterId === null ? Promise.resolve(true) : canReceive(trx, hunterId)),
    after: (trx, before) =>
      tellAssignee(deps, trx, {
        actorId,
        from: before.assigned_to,
        to: hunterId,
        record: leadRecord(deps.publicUrl, before),
      }),
  };
}

/** What an archive answers: the versioned outcome, or why it was refused. */
export type ArchiveOutcome =
  | Versioned<UserRow>
  /** The hunter still has work and no `handTo` was given: nothing changed. */
  | { kind: 'work'; message: string; counts: HandoverCounts }
  /** The hunter chosen can no longer receive work (archived meanwhile): nothing changed. */
  | { kind: 'target' };

/** Ends the archive's transaction (rolled back) with this answer. */
class Refused extends Error {
  constructor(readonly outcome: ArchiveOutcome) {
    super(outcome.kind);
  }
}

/** Audit rows in a few statements (a hunter may have hundreds of records). */
async function auditAll(trx: Db, entries: readonly AuditEntry[], at: string) {
  const rows = entries.map((e) => ({
    actor_id: e.actorId,
    action: e.action,
    record_type: e.recordType,
    record_id: String(e.recordId),
    before: e.before === undefined ? null : JSON.stringify(e.before),
    after: e.after === undefined ? null : JSON.stringify(e.after),
    at,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('audit_log')
      .values(rows.slice(i, i + 500))
      .execute();
}

/**
 * Every record of `hunter` to `to` (null: nobody, the managers' pool), in the archive's
 * transaction: the buyers' accounts and the owner leads, each bumped to a new version (a change
 * made on the old one is refused) with the audit entry an assignment writes, and one mail to the
 * hunter who takes them. What moved, counted.
 */
async function handOver(
  deps: Pick<StaffRouteDeps, 'mails' | 'publicUrl'>,
  trx: Db,
  actorId: string,
  hunter: UserRow,
  to: string | null | undefined,
  at: string,
): Promise<HandoverCounts & { tasks: number }> {
  const counts = await workOf(trx, hunter.id);
  if (counts.buyers + counts.leads === 0)
    return { ...counts, tasks: await handTasks(trx, hunter.id, to ?? null) };
  if (to === undefined)
    throw new Refused({
      kind: 'work',
      message: handoverNeeded(fullName(hunter), counts),
      counts,
    });
  if (to !== null && (to === hunter.id || !(await canReceive(trx, to))))
    throw new Refused({ kind: 'target' });

  const buyers = await trx
    .updateTable('app_user')
    .set((eb) => ({ id_chasseur: to, version: eb('version', '+', 1), updated_at: at }))
    .where('id_chasseur', '=', hunter.id)
    .returning(['id', 'firstname', 'lastname'])
    .execute();
  const leads = await trx
    .updateTable('owner_contact')
    .set((eb) => ({ assigned_to: to, version: eb('version', '+', 1) }))
    .where('assigned_to', '=', hunter.id)
    .returning(['id', 'firstname', 'lastname'])
    .execute();
  // The same entries as one assignment made by hand (staff-buyers.repo, staff-leads.repo).
  await auditAll(
    trx,
    [
      ...buyers.map((b) => ({
        actorId,
        action: 'assign',
        recordType: 'buyer' as const,
        recordId: b.id,
        before: { hunterId: hunter.id },
        after: { hunterId: to },
      })),
      ...leads.map((l) => ({
        actorId,
        action: 'assign',
        recordType: 'owner' as const,
        recordId: l.id,
        before: { assigned_to: hunter.id },
        after: { assigned_to: to },
      })),
    ],
    at,
  );
  if (to !== null) {
    const taker = await person(trx, to);
    if (taker)
      await deps.mails.enqueue(
        handoverMail(taker.email, fullName(hunter), [
          ...buyers.map((b) => buyerRecord(deps.publicUrl, b)),
          ...leads.map((l) => leadRecord(deps.publicUrl, l)),
        ]),
        trx,
      );
  }
  return { buyers: buyers.length, leads: leads.length, tasks: await handTasks(trx, hunter.id, to) };
}

/**
 * The open tasks the archived hunter had to do (issue 29's tasks) go with the work: to the hunter
 * who takes it, or to nobody (the pool; a task's fiche then says so). How many moved.
 */
async function handTasks(trx: Db, hunterId: string, to: string | null): Promise<number> {
  const moved = await trx
    .updateTable('staff_task')
    .set({ assignee_id: to })
    .where('assignee_id', '=', hunterId)
    .where('done_at', 'is', null)
    .returning('id')
    .execute();
  return moved.length;
}

/**
 * PUT /users/:id: archived (every session ends now, its work handed over as `handTo` says) or
 * brought back, on the version read, with its audit entry, in one transaction. Two archives at
 * once: the second finds the version changed (stale) and changes nothing.
 */
export async function setArchived(
  deps: Pick<StaffRouteDeps, 'db' | 'mails' | 'publicUrl'>,
  actorId: string,
  id: string,
  { isArchived, version, handTo }: { isArchived: boolean; version: number; handTo?: string | null },
  at: string,
): Promise<ArchiveOutcome> {
  try {
    return await deps.db.transaction().execute(async (trx: Transaction<Database>) => {
      // Both accounts locked at once, in the order of their ids: two hunters archived at the
      // same time, each handing their work to the other, wait for each other in turn (the second
      // then finds its target archived) instead of each holding one row and waiting on the other
      // (a deadlock PostgreSQL would end with an error).
      if (isArchived && handTo)
        await lockingRows(
          trx,
          trx.selectFrom('app_user').select('id').where('id', 'in', [id, handTo]).orderBy('id'),
        ).execute();
      const row = await lockingRows(
        trx,
        trx.selectFrom('app_user').selectAll().where('id', '=', id),
      ).executeTakeFirst();
      if (!row) return { kind: 'missing' };
      if (row.version !== version) return { kind: 'stale', current: row };
      const saved = await trx
        .updateTable('app_user')
        .set({
          is_archived: isArchived ? 1 : 0,
          ...(isArchived ? { session_version: row.session_version + 1 } : {}),
          version: row.version + 1,
          updated_at: at,
        })
        .where('id', '=', id)
        .where('version', '=', version)
        .returningAll()
        .executeTakeFirst();
      if (!saved) return { kind: 'stale', current: row };
      const moved = isArchived ? await handOver(deps, trx, actorId, saved, handTo, at) : undefined;
      await auditAll(
        trx,
        [
          {
            actorId,
            action: isArchived ? 'user-archive' : 'user-unarchive',
            recordType: 'user',
            recordId: id,
            before: { isArchived: row.is_archived === 1 },
            after: {
              isArchived,
              ...(moved && moved.buyers + moved.leads > 0
                ? { toHunterId: handTo ?? null, buyers: moved.buyers, leads: moved.leads }
                : {}),
              ...(moved?.tasks ? { tasks: moved.tasks } : {}),
            },
          },
        ],
        at,
      );
      return { kind: 'done', value: saved };
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}
