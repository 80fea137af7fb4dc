import type { Kysely } from 'kysely';
import { cityName } from '../../../src/domain/arrondissements';
import { formatEuro } from '../../../src/domain/format';
import { fullName } from '../../../src/domain/person-name';
import { Role } from '../../../src/domain/roles';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { scheduleJob, type JobHandler } from '../../jobs/job-worker';
import type { MailQueue } from '../../mail/mail-queue';
import { escapeHtml, matchingBuyerMail, type Mail } from '../../mail/templates';
import { toUser } from '../users/users.repo';
import { addNotification } from '../routing/routing.repo';
import { leadsMatchingProject, matchLeadOf, projectsMatchingLead } from './matches.repo';

/**
 * « When a lead or a project arrives, the hunters of the matching buyers are told once »
 * (issue 31), by e-mail and a line in their notifications (server/resources/routing):
 * - a new owner lead: the hunters of the buyers it fits (notifyMatchingHunters, keyed hunter +
 *   lead in match_notice), each with one e-mail and one 'match-lead' line;
 * - a new buyer (registration): a job keyed by the buyer, run at once by the JobWorker, computes
 *   the owner leads their search fits and tells their hunter — the one the routing rule gave
 *   them, or the managers while they have none — with one 'match-buyer' line and one e-mail.
 * The stored lines name nobody (erasure): the list shows the record's current name.
 */

/** The job kind of a new buyer's rapprochement. */
export const MATCH_BUYER_JOB = 'match-buyer';

/** How many leads a new buyer's mail names at most (the fiche lists them all). */
const LEADS_NAMED = 5;

/** The mail telling a hunter that a new owner lead fits some of their buyers. */
export function matchingLeadMail(to: string, city: string, buyers: readonly string[]): Mail {
  const subject = `Un nouveau bien à ${cityName(city)} correspond à vos acquéreurs`;
  const lines = [
    'Bonjour,',
    '',
    `Un propriétaire vient de nous confier un bien à ${cityName(city)} qui correspond ${
      buyers.length > 1 ? `à ${buyers.length} de vos acquéreurs` : 'à l’un de vos acquéreurs'
    }\u00a0: ${buyers.join(', ')}.`,
    'Retrouvez-le sur leur fiche, avec les raisons du rapprochement.',
  ];
  return {
    to,
    subject,
    text: lines.join('\n'),
    html: lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join(''),
  };
}

/**
 * A new owner lead: the hunters of the buyers it fits are told by mail and a 'match-lead'
 * notification, each once (the notice's key hunter + lead: a replay or a second call adds
 * nothing). In the lead's transaction. Returns how many hunters were told.
 */
export async function notifyMatchingHunters(
  trx: Db,
  mails: MailQueue,
  propertyId: number,
  at: string,
): Promise<number> {
  const property = await trx
    .selectFrom('owner_property')
    .select(['contact_id', 'department', 'city', 'type_bien', 'price', 'room_count', 'surface'])
    .where('id', '=', propertyId)
    .executeTakeFirst();
  if (!property) return 0;
  const byHunter = new Map<string, string[]>();
  for (const match of await projectsMatchingLead(trx, matchLeadOf(property))) {
    if (match.hunterId === null) continue;
    byHunter.set(match.hunterId, [...(byHunter.get(match.hunterId) ?? []), match.clientName]);
  }
  let told = 0;
  for (const [hunterId, buyers] of byHunter) {
    const fresh = await trx
      .insertInto('match_notice')
      .values({ hunter_id: hunterId, lead_id: property.contact_id, sent_at: at })
      .onConflict((oc) => oc.columns(['hunter_id', 'lead_id']).doNothing())
      .returning('hunter_id')
      .executeTakeFirst();
    if (!fresh) continue;
    const hunter = await trx
      .selectFrom('app_user')
      .select('email')
      .where('id', '=', hunterId)
      .where('is_archived', '=', 0)
      .executeTakeFirst();
    if (!hunter) continue;
    await mails.enqueue(matchingLeadMail(hunter.email, property.city, buyers), trx);
    await addNotification(trx, {
      userId: hunterId,
      kind: 'match-lead',
      recordType: 'owner',
      recordId: String(property.contact_id),
      text: `Nouveau bien à ${cityName(property.city)}\u00a0: il correspond à vos acquéreurs.`,
      at,
    });
    told++;
  }
  return told;
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
