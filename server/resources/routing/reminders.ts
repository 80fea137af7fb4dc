import type { Kysely } from 'kysely';
import type { ClaimRecordType } from '../../../src/domain/api/routing';
import { fullName } from '../../../src/domain/person-name';
import { Role } from '../../../src/domain/roles';
import type { Database } from '../../db/schema';
import type { JobHandler } from '../../jobs/job-worker';
import type { MailQueue } from '../../mail/mail-queue';
import { contactReminderMail } from '../../mail/templates';
import { toUser } from '../users/users.repo';
import { addNotification, wasContacted } from './routing.repo';

/**
 * The reminders of a new record (issue 31), run by the JobWorker: at 24 h its hunter, at 40 h
 * the managers, each by e-mail (mail queue) and a line in their notification list — unless the
 * record was contacted meanwhile (routing.repo `wasContacted`: a lead past « nouveau », a buyer's
 * project moved to another stage, a staff note on the record, or a staff message to the buyer),
 * or has gone. Each runs in its job's transaction: sent once, with the job marked done.
 */

export interface ReminderDeps {
  mails: MailQueue;
  publicUrl: string;
}

interface ReminderPayload {
  recordType: ClaimRecordType;
  recordId: string;
}

function parsePayload(payload: unknown): ReminderPayload | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { recordType, recordId } = payload as Record<string, unknown>;
  if ((recordType !== 'owner' && recordType !== 'buyer') || typeof recordId !== 'string')
    return undefined;
  return { recordType, recordId };
}

/** The record's name and hunter, or undefined when it is gone (erased, deleted). */
async function recordOf(trx: Kysely<Database>, { recordType, recordId }: ReminderPayload) {
  if (recordType === 'owner') {
    const lead = await trx
      .selectFrom('owner_contact')
      .select(['firstname', 'lastname', 'assigned_to'])
      .where('id', '=', Number(recordId))
      .executeTakeFirst();
    return lead && { name: fullName(lead), hunterId: lead.assigned_to, label: 'propriétaire' };
  }
  const buyer = await trx
    .selectFrom('app_user')
    .select(['firstname', 'lastname', 'id_chasseur'])
    .where('id', '=', recordId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return buyer && { name: fullName(buyer), hunterId: buyer.id_chasseur, label: 'acquéreur' };
}

const fichePath = ({ recordType, recordId }: ReminderPayload) =>
  recordType === 'owner'
    ? `/wh-dashboard/proprietaires/${recordId}`
    : `/wh-dashboard/acquereurs/${encodeURIComponent(recordId)}`;

async function remind(
  trx: Kysely<Database>,
  deps: ReminderDeps,
  who: 'hunter' | 'managers',
  payload: unknown,
  nowMs: number,
): Promise<void> {
  const target = parsePayload(payload);
  if (!target) return;
  const record = await recordOf(trx, target);
  if (!record || (await wasContacted(trx, target.recordType, target.recordId))) return;
  const recipients = await trx
    .selectFrom('app_user')
    .selectAll()
    .where('is_archived', '=', 0)
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null)
    .$if(who === 'hunter', (q) => q.where('id', '=', record.hunterId ?? ''))
    .execute();
  const role = who === 'hunter' ? Role.CHASSEUR : Role.MANAGER;
  const people = recipients.filter((r) => toUser(r).roles.includes(role));
  // No name in the stored line (erasure, issue 31): the list shows the record's current name.
  const text =
    who === 'hunter'
      ? `Nouveau ${record.label} à contacter\u00a0: il attend votre appel depuis 24\u00a0heures.`
      : `Nouveau ${record.label} pas contacté en 40\u00a0heures (promesse\u00a0: 48\u00a0heures).`;
  const at = new Date(nowMs).toISOString();
  for (const person of people) {
    await addNotification(trx, {
      userId: person.id,
      kind: who === 'hunter' ? 'reminder-hunter' : 'reminder-managers',
      recordType: target.recordType,
      recordId: target.recordId,
      text,
      at,
    });
    await deps.mails.enqueue(
      contactReminderMail(person.email, {
        who,
        recordLabel: record.label,
        name: record.name,
        ficheUrl: `${deps.publicUrl}${fichePath(target)}`,
      }),
      trx,
    );
  }
}

/** The JobWorker's handlers of the reminder kinds scheduled by routing.repo `recordArrived`. */
export function reminderHandlers(deps: ReminderDeps): Record<string, JobHandler> {
  return {
    'reminder-hunter': (trx, payload, now) => remind(trx, deps, 'hunter', payload, now),
    'reminder-managers': (trx, payload, now) => remind(trx, deps, 'managers', payload, now),
  };
}
