import type { Kysely } from 'kysely';
import { cityName } from '../../../src/domain/arrondissements';
import type { NotificationKind } from '../../../src/domain/api/routing';
import { formatEuro } from '../../../src/domain/format';
import { fullName } from '../../../src/domain/person-name';
import { Role } from '../../../src/domain/roles';
import type { Db } from '../../db/database';
import type { Database, StaffRecordType } from '../../db/schema';
import { scheduleJob, type JobHandler } from '../../jobs/job-worker';
import type { MailQueue } from '../../mail/mail-queue';
import { matchingBuyerMail } from '../../mail/templates';
import { toUser } from '../users/users.repo';
import { leadsMatchingProject, notifyMatchingHunters } from './matches.repo';

/**
 * « When a lead or a project arrives, the hunters of the matching buyers are told once »
 * (issue 31), by e-mail and a line in their notifications (server/resources/routing):
 * - a new owner lead: the hunters of the buyers it fits (matches.repo notifyMatchingHunters
 *   mails them, keyed hunter + lead in match_notice), each with one 'match-lead' line;
 * - a new buyer (registration): a job keyed by the buyer, run at once by the JobWorker, computes
 *   the owner leads their search fits and tells their hunter — the one the routing rule gave
 *   them, or the managers while they have none — with one 'match-buyer' line and one e-mail.
 * The stored lines name nobody (erasure): the list shows the record's current name.
 */

/** The job kind of a new buyer's rapprochement. */
export const MATCH_BUYER_JOB = 'match-buyer';

/** How many leads a new buyer's mail names at most (the fiche lists them all). */
const LEADS_NAMED = 5;

async function addNotification(
  trx: Kysely<Database>,
  line: {
    userId: string;
    kind: NotificationKind;
    recordType: StaffRecordType;
    recordId: string;
    text: string;
    at: string;
  },
): Promise<void> {
  await trx
    .insertInto('staff_notification')
    .values({
      user_id: line.userId,
      kind: line.kind,
      record_type: line.recordType,
      record_id: line.recordId,
      text: line.text,
      created_at: line.at,
      read_at: null,
    })
    .execute();
}

/**
 * A new owner lead, in its transaction: the hunters of the buyers it fits are mailed
 * (notifyMatchingHunters) and each told by a notification, once per hunter and lead (the notices
 * written now, without a 'match-lead' line yet). Returns how many hunters were told.
 */
export async function tellHuntersOfLead(
  trx: Db,
  mails: MailQueue,
  propertyId: number,
  at: string,
): Promise<number> {
  await notifyMatchingHunters(trx, mails, propertyId, at);
  const property = await trx
    .selectFrom('owner_property')
    .select(['contact_id', 'city'])
    .where('id', '=', propertyId)
    .executeTakeFirst();
  if (!property) return 0;
  const recordId = String(property.contact_id);
  const fresh = await trx
    .selectFrom('match_notice as n')
    .innerJoin('app_user as u', 'u.id', 'n.hunter_id')
    .select('n.hunter_id')
    .where('n.lead_id', '=', property.contact_id)
    .where('n.sent_at', '=', at)
    .where('u.is_archived', '=', 0)
    .where('u.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('staff_notification as s')
            .select('s.id')
            .whereRef('s.user_id', '=', 'n.hunter_id')
            .where('s.kind', '=', 'match-lead')
            .where('s.record_type', '=', 'owner')
            .where('s.record_id', '=', recordId),
        ),
      ),
    )
    .execute();
  for (const { hunter_id } of fresh)
    await addNotification(trx, {
      userId: hunter_id,
      kind: 'match-lead',
      recordType: 'owner',
      recordId,
      text: `Nouveau bien à ${cityName(property.city)}\u00a0: il correspond à vos acquéreurs.`,
      at,
    });
  return fresh.length;
}

/**
 * A new buyer, in their registration's transaction: their rapprochement is planned now, once
 * (the job's key is the buyer's: a replay or a second call adds nothing).
 */
export async function scheduleBuyerMatches(
  trx: Kysely<Database>,
  userId: string,
  nowMs: number,
): Promise<void> {
  await scheduleJob(
    trx,
    {
      kind: MATCH_BUYER_JOB,
      key: `${MATCH_BUYER_JOB}:buyer:${userId}`,
      // The shape of the reminders' payload: erasure finds the jobs naming a record by it.
      payload: { recordType: 'buyer', recordId: userId },
      dueAt: nowMs,
    },
    nowMs,
  );
}

export interface MatchNoticeDeps {
  mails: MailQueue;
  publicUrl: string;
}

/** « Vincennes, 520 000 € » (or « prix à estimer »). */
const leadLabel = (lead: { city: string; price: number | null }) =>
  `${cityName(lead.city)}, ${lead.price === null ? 'prix à estimer' : formatEuro(lead.price)}`;

async function tellOfBuyer(
  trx: Kysely<Database>,
  deps: MatchNoticeDeps,
  payload: unknown,
  nowMs: number,
): Promise<void> {
  const { recordId } = (payload ?? {}) as { recordId?: unknown };
  if (typeof recordId !== 'string') return;
  const buyer = await trx
    .selectFrom('app_user')
    .select(['id', 'firstname', 'lastname', 'id_chasseur'])
    .where('id', '=', recordId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!buyer) return;
  const project = await trx
    .selectFrom('buyer_project')
    .select('id')
    .where('user_id', '=', buyer.id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const leads = project ? ((await leadsMatchingProject(trx, project.id)) ?? []) : [];
  if (leads.length === 0) return;
  const staff = await trx
    .selectFrom('app_user')
    .selectAll()
    .where('is_archived', '=', 0)
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null)
    .execute();
  const hunter = staff.find(
    (u) => u.id === buyer.id_chasseur && toUser(u).roles.includes(Role.CHASSEUR),
  );
  const people = hunter ? [hunter] : staff.filter((u) => toUser(u).roles.includes(Role.MANAGER));
  const n = leads.length;
  const at = new Date(nowMs).toISOString();
  for (const person of people) {
    await addNotification(trx, {
      userId: person.id,
      kind: 'match-buyer',
      recordType: 'buyer',
      recordId: buyer.id,
      text: `Nouvel acquéreur${hunter ? '' : ' sans chasseur'}\u00a0: ${
        n > 1
          ? `${n} biens de nos propriétaires correspondent`
          : 'un bien de nos propriétaires correspond'
      } à sa recherche.`,
      at,
    });
    await deps.mails.enqueue(
      matchingBuyerMail(person.email, {
        name: fullName(buyer),
        count: n,
        leads: leads.slice(0, LEADS_NAMED).map(leadLabel),
        ficheUrl: `${deps.publicUrl}/wh-dashboard/acquereurs/${encodeURIComponent(buyer.id)}`,
      }),
      trx,
    );
  }
}

/** The JobWorker's handler of a new buyer's rapprochement (scheduleBuyerMatches). */
export function matchNoticeHandlers(deps: MatchNoticeDeps): Record<string, JobHandler> {
  return {
    [MATCH_BUYER_JOB]: (trx, payload, now) => tellOfBuyer(trx, deps, payload, now),
  };
}
