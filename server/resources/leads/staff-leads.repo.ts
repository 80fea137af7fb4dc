import type { Kysely, Updateable } from 'kysely';
import type { Database, OwnerContactTable } from '../../db/schema';
import { audit } from '../../staff/audit';
import type { AssignmentHooks } from '../users/handover.repo';

/** The staff's changes to owner leads (issue 15): status and assignment, versioned, audited. */

/** An owner lead as a change reads it, or undefined. */
export function findLead(db: Kysely<Database>, id: number) {
  return db.selectFrom('owner_contact').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The columns a change sets. */
export type LeadChanges = Updateable<OwnerContactTable>;

export type LeadRecord = NonNullable<Awaited<ReturnType<typeof findLead>>>;

/**
 * A change to a lead on the version read: applied only if the lead is still at it (the version
 * is bumped), with its audit entry (the changed columns before → after), in one transaction.
 * False when the lead changed meanwhile.
 */
export function changeLead(
  db: Kysely<Database>,
  actorId: string,
  lead: LeadRecord,
  expected: number,
  changes: LeadChanges,
  action: string,
  at: string,
  /** An assignment's (users/handover.repo `leadAssignmentHooks`): the hunter checked, then told. */
  hooks?: AssignmentHooks<LeadRecord>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (hooks && !(await hooks.guard(trx))) return false;
    const updated = await trx
      .updateTable('owner_contact')
      .set({ ...changes, version: lead.version + 1 })
      .where('id', '=', lead.id)
      .where('version', '=', expected)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    const before = Object.fromEntries(
      Object.keys(changes).map((k) => [k, (lead as Record<string, unknown>)[k]]),
    );
    await audit(
      trx,
      { actorId, action, recordType: 'owner', recordId: lead.id, before, after: changes },
      at,
    );
    await hooks?.after(trx, lead);
    return true;
  });
}
