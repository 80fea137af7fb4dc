import type { Kysely } from 'kysely';
import {
  CLAIMABLE_SHOWN,
  HUNTER_REMINDER_HOURS,
  MANAGER_REMINDER_HOURS,
  NOTIFICATIONS_SHOWN,
  type ClaimableRecord,
  type ClaimableResponse,
  routingRules,
  type ClaimRecordType,
  type HunterAvailability,
  type NotificationKind,
  type NotificationView,
  type RoutingRule,
  type RoutingSettingsResponse,
} from '../../../src/domain/api/routing';
import { fullName } from '../../../src/domain/person-name';
import { bienTypes, labelOf } from '../../../src/domain/property';
import { Role } from '../../../src/domain/roles';
import type { Db } from '../../db/database';
import type { Database, StaffRecordType } from '../../db/schema';
import { scheduleJob } from '../../jobs/job-worker';
import { toUser } from '../users/users.repo';

/**
 * Routing and reminders (issue 31, src/domain/api/routing.ts): the SQL of the rule, the hunters'
 * departments and « absent » flag, the automatic assignment of a new record, « Je le prends »,
 * and the notification list. Automatic assignments are audited with no actor (the server) and
 * the rule in `after`, as the hand-made ones are (staff-leads.repo, staff-buyers.repo).
 */

const HOUR = 60 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A new record: an owner lead (owner_contact.id) or a buyer (the account's id). */
export type ArrivedRecord = { type: 'owner'; leadId: number } | { type: 'buyer'; userId: string };

const isRule = (value: string): value is RoutingRule =>
  (routingRules as readonly string[]).includes(value);

export async function routingSettings(db: Kysely<Database>): Promise<RoutingSettingsResponse> {
  const row = await db
    .selectFrom('routing_setting')
    .select(['rule', 'updated_at'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row && isRule(row.rule)
    ? { rule: row.rule, updatedAt: row.updated_at }
    : { rule: 'manual', updatedAt: null };
}

export async function setRoutingRule(
  db: Db,
  actorId: string,
  rule: RoutingRule,
  nowMs: number,
): Promise<RoutingSettingsResponse> {
  const at = iso(nowMs);
  await db
    .insertInto('routing_setting')
    .values({ id: 1, rule, updated_by: actorId, updated_at: at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ rule, updated_by: actorId, updated_at: at }))
    .execute();
  return { rule, updatedAt: at };
}

/** An active hunter's account, or undefined. */
export async function activeHunter(db: Kysely<Database>, hunterId: string) {
  const row = await db
    .selectFrom('app_user')
    .selectAll()
    .where('id', '=', hunterId)
    .where('is_archived', '=', 0)
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && toUser(row).roles.includes(Role.CHASSEUR) ? row : undefined;
}

export async function availabilityOf(
  db: Kysely<Database>,
  hunterId: string,
): Promise<HunterAvailability> {
  const [flags, departments] = await Promise.all([
    db
      .selectFrom('hunter_availability')
      .select('is_absent')
      .where('hunter_id', '=', hunterId)
      .executeTakeFirst(),
    db
      .selectFrom('hunter_department')
      .select('department')
      .where('hunter_id', '=', hunterId)
      .orderBy('department')
      .execute(),
  ]);
  return {
    departments: departments.map((d) => d.department) as HunterAvailability['departments'],
    absent: flags?.is_absent === 1,
  };
}

export async function setAvailability(
  db: Db,
  hunterId: string,
  availability: HunterAvailability,
): Promise<HunterAvailability> {
  await db.transaction().execute(async (trx) => {
    const isAbsent = availability.absent ? 1 : 0;
    await trx
      .insertInto('hunter_availability')
      .values({ hunter_id: hunterId, is_absent: isAbsent, last_routed_at: null })
      .onConflict((oc) => oc.column('hunter_id').doUpdateSet({ is_absent: isAbsent }))
      .execute();
    await trx.deleteFrom('hunter_department').where('hunter_id', '=', hunterId).execute();
    const departments = [...new Set(availability.departments)];
    if (departments.length > 0)
      await trx
        .insertInto('hunter_department')
        .values(departments.map((department) => ({ hunter_id: hunterId, department })))
        .execute();
  });
  return availabilityOf(db, hunterId);
}

/** The departments of a record: its property's, or those of the buyer's projects. */
async function departmentsOf(trx: Kysely<Database>, record: ArrivedRecord): Promise<string[]> {
  if (record.type === 'owner') {
    const rows = await trx
      .selectFrom('owner_property')
      .select('department')
      .where('contact_id', '=', record.leadId)
      .execute();
    return [...new Set(rows.map((r) => r.department))];
  }
  const rows = await trx
    .selectFrom('buyer_project')
    .select('departments')
    .where('user_id', '=', record.userId)
    .execute();
  const all = rows.flatMap((r) => {
    try {
      const parsed: unknown = JSON.parse(r.departments);
      return Array.isArray(parsed) ? parsed.filter((d): d is string => typeof d === 'string') : [];
    } catch {
      return [];
    }
  });
  return [...new Set(all)];
}

/**
 * The hunters who may receive a record of these departments: active, present, covering one of
 * them; the one given a record longest ago (or never) first, then by id.
 */
export async function eligibleHunters(
  trx: Kysely<Database>,
  departments: readonly string[],
): Promise<string[]> {
  if (departments.length === 0) return [];
  const rows = await trx
    .selectFrom('hunter_department as d')
    .innerJoin('app_user as u', 'u.id', 'd.hunter_id')
    .leftJoin('hunter_availability as a', 'a.hunter_id', 'd.hunter_id')
    .selectAll('u')
    .select(['a.is_absent', 'a.last_routed_at'])
    .where('d.department', 'in', [...departments])
    .where('u.is_archived', '=', 0)
    .where('u.is_active', '=', 1)
    .where('u.deleted_at', 'is', null)
    .execute();
  const seen = new Set<string>();
  return rows
    .filter((r) => r.is_absent !== 1 && toUser(r).roles.includes(Role.CHASSEUR))
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .sort(
      (a, b) =>
        (a.last_routed_at ?? '').localeCompare(b.last_routed_at ?? '') || a.id.localeCompare(b.id),
    )
    .map((r) => r.id);
}

/** The record's hunter now (null: nobody); undefined when the record is gone. */
async function hunterOf(
  trx: Kysely<Database>,
  type: ClaimRecordType,
  id: string,
): Promise<string | null | undefined> {
  if (type === 'owner') {
    const leadId = Number(id);
    if (!Number.isSafeInteger(leadId)) return undefined;
    const lead = await trx
      .selectFrom('owner_contact')
      .select('assigned_to')
      .where('id', '=', leadId)
      .executeTakeFirst();
    return lead ? lead.assigned_to : undefined;
  }
  const buyer = await trx
    .selectFrom('app_user')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!buyer || !toUser(buyer).roles.includes(Role.CLIENT)) return undefined;
  return buyer.id_chasseur;
}

/**
 * Gives a record with no hunter to `hunterId`, only if still nobody's (one statement, so of two
 * at once one wins), with its audit entry; false when someone has it already.
 */
async function assignIfFree(
  trx: Kysely<Database>,
  type: ClaimRecordType,
  id: string,
  hunterId: string,
  actorId: string | null,
  rule: RoutingRule,
  at: string,
): Promise<boolean> {
  const updated =
    type === 'owner'
      ? await trx
          .updateTable('owner_contact')
          .set((eb) => ({ assigned_to: hunterId, version: eb('version', '+', 1) }))
          .where('id', '=', Number(id))
          .where('assigned_to', 'is', null)
          .executeTakeFirst()
      : await trx
          .updateTable('app_user')
          .set((eb) => ({ id_chasseur: hunterId, version: eb('version', '+', 1), updated_at: at }))
          .where('id', '=', id)
          .where('id_chasseur', 'is', null)
          .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  const key = type === 'owner' ? 'assigned_to' : 'hunterId';
  await auditAssign(trx, actorId, type, id, { [key]: null }, { [key]: hunterId, rule }, at);
  return true;
}

async function auditAssign(
  trx: Kysely<Database>,
  actorId: string | null,
  recordType: StaffRecordType,
  recordId: string,
  before: object,
  after: object,
  at: string,
) {
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: actorId,
      action: 'assign',
      record_type: recordType,
      record_id: recordId,
      before: JSON.stringify(before),
      after: JSON.stringify(after),
      at,
    })
    .execute();
}

const recordIdOf = (record: ArrivedRecord) =>
  record.type === 'owner' ? String(record.leadId) : record.userId;

/**
 * A new owner lead or buyer project, in the transaction that stores it: routed by the rule
 * ('round-robin' gives it to the next eligible hunter; 'claim' and 'manual' leave it free), and
 * its two reminders scheduled from its arrival (keyed by record: a buyer's second project does
 * not schedule them again). Returns the hunter it was given, or null.
 */
export async function recordArrived(
  trx: Kysely<Database>,
  record: ArrivedRecord,
  nowMs: number,
): Promise<string | null> {
  const id = recordIdOf(record);
  const at = iso(nowMs);
  let given: string | null = null;
  const { rule } = await routingSettings(trx);
  if (rule === 'round-robin') {
    const [next] = await eligibleHunters(trx, await departmentsOf(trx, record));
    if (next && (await assignIfFree(trx, record.type, id, next, null, rule, at))) {
      given = next;
      await trx
        .insertInto('hunter_availability')
        .values({ hunter_id: next, is_absent: 0, last_routed_at: at })
        .onConflict((oc) => oc.column('hunter_id').doUpdateSet({ last_routed_at: at }))
        .execute();
    }
  }
  const payload = { recordType: record.type, recordId: id };
  await scheduleJob(
    trx,
    {
      kind: 'reminder-hunter',
      key: `reminder-hunter:${record.type}:${id}`,
      payload,
      dueAt: nowMs + HUNTER_REMINDER_HOURS * HOUR,
    },
    nowMs,
  );
  await scheduleJob(
    trx,
    {
      kind: 'reminder-managers',
      key: `reminder-managers:${record.type}:${id}`,
      payload,
      dueAt: nowMs + MANAGER_REMINDER_HOURS * HOUR,
    },
    nowMs,
  );
  return given;
}

/** Why a claim is refused (French, for the API's message), with its HTTP status. */
export class ClaimRefused extends Error {
  constructor(
    readonly status: 403 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/**
 * « Je le prends »: under the rule 'claim', an active, present hunter covering the record's
 * department takes a record nobody has. Two claims at once: the conditional update lets one
 * through; the other is refused.
 */
export async function claimRecord(
  db: Db,
  hunterId: string,
  type: ClaimRecordType,
  id: string,
  nowMs: number,
): Promise<{ hunterId: string }> {
  return db.transaction().execute(async (trx) => {
    const { rule } = await routingSettings(trx);
    if (rule !== 'claim')
      throw new ClaimRefused(
        403,
        'Les dossiers sont attribués par la règle choisie par les managers, pas pris au vol.',
      );
    const current = await hunterOf(trx, type, id);
    if (current === undefined) throw new ClaimRefused(404, 'Ce dossier n’existe pas.');
    if (current === hunterId) return { hunterId };
    if (current !== null) throw new ClaimRefused(409, 'Un autre chasseur a déjà pris ce dossier.');
    const record: ArrivedRecord =
      type === 'owner' ? { type, leadId: Number(id) } : { type, userId: id };
    const eligible = await eligibleHunters(trx, await departmentsOf(trx, record));
    if (!eligible.includes(hunterId))
      throw new ClaimRefused(
        403,
        'Ce dossier est hors de vos départements, ou vous êtes indiqué absent.',
      );
    if (!(await assignIfFree(trx, type, id, hunterId, hunterId, rule, iso(nowMs))))
      throw new ClaimRefused(409, 'Un autre chasseur a déjà pris ce dossier.');
    return { hunterId };
  });
}

/** Whether someone got in touch with the record since it arrived (the reminders' test). */
export async function wasContacted(
  trx: Kysely<Database>,
  type: ClaimRecordType,
  id: string,
): Promise<boolean> {
  const note = await trx
    .selectFrom('staff_note')
    .select('id')
    .where('record_type', '=', type)
    .where('record_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  if (note) return true;
  if (type === 'owner') {
    const lead = await trx
      .selectFrom('owner_contact')
      .select(['lead_status', 'contacted_at'])
      .where('id', '=', Number(id))
      .executeTakeFirst();
    return !lead || lead.lead_status !== 'nouveau' || lead.contacted_at !== null;
  }
  const moved = await trx
    .selectFrom('project_stage_move as m')
    .innerJoin('buyer_project as p', 'p.id', 'm.project_id')
    .select('m.id')
    .where('p.user_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  if (moved) return true;
  const written = await trx
    .selectFrom('message as m')
    .innerJoin('buyer_project as p', 'p.id', 'm.project_id')
    .select('m.id')
    .where('p.user_id', '=', id)
    .where('m.side', '=', 'staff')
    .limit(1)
    .executeTakeFirst();
  return written !== undefined;
}

/**
 * One line in a staff member's notifications, in the transaction of what causes it. The text
 * names nobody (erasure, issue 31): the list reads the record's current name when shown.
 */
export async function addNotification(
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

export async function notificationsOf(
  db: Kysely<Database>,
  userId: string,
): Promise<NotificationView[]> {
  const rows = await db
    .selectFrom('staff_notification')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(NOTIFICATIONS_SHOWN)
    .execute();
  const ids = (type: ClaimRecordType) =>
    rows.filter((r) => r.record_type === type).map((r) => r.record_id);
  const leadIds = ids('owner')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n));
  const buyerIds = ids('buyer');
  const [leads, buyers] = await Promise.all([
    leadIds.length === 0
      ? []
      : db
          .selectFrom('owner_contact')
          .select(['id', 'firstname', 'lastname'])
          .where('id', 'in', leadIds)
          .execute(),
    buyerIds.length === 0
      ? []
      : db
          .selectFrom('app_user')
          .select(['id', 'firstname', 'lastname'])
          .where('id', 'in', buyerIds)
          .where('deleted_at', 'is', null)
          .execute(),
  ]);
  const names = new Map<string, string>([
    ...leads.map((l) => [`owner:${l.id}`, fullName(l)] as const),
    ...buyers.map((b) => [`buyer:${b.id}`, fullName(b)] as const),
  ]);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as NotificationView['kind'],
    recordType: r.record_type as ClaimRecordType,
    recordId: r.record_id,
    recordName: names.get(`${r.record_type}:${r.record_id}`) ?? null,
    text: r.text,
    createdAt: r.created_at,
    readAt: r.read_at,
  }));
}

/** recordArrived for the lead of a property just stored by insertOwnerLead (its id). */
export async function ownerLeadArrived(
  trx: Kysely<Database>,
  propertyId: number,
  nowMs: number,
): Promise<string | null> {
  const { contact_id: leadId } = await trx
    .selectFrom('owner_property')
    .select('contact_id')
    .where('id', '=', propertyId)
    .executeTakeFirstOrThrow();
  return recordArrived(trx, { type: 'owner', leadId }, nowMs);
}

/** How many of the user's notifications are unread. */
export async function unreadCount(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('staff_notification')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the user's notifications read (these ids, or all); never someone else's. */
export async function markNotificationsRead(
  db: Kysely<Database>,
  userId: string,
  ids: readonly number[] | undefined,
  nowMs: number,
): Promise<number> {
  if (ids === undefined || ids.length > 0)
    await db
      .updateTable('staff_notification')
      .set({ read_at: iso(nowMs) })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .$if(ids !== undefined, (q) => q.where('id', 'in', [...(ids ?? [])]))
      .execute();
  return unreadCount(db, userId);
}

/**
 * The records a hunter may take under the rule 'claim': nobody's, in one of the hunter's
 * departments, newest first (owner leads by their property's department, buyers by their
 * projects'). Nothing under another rule, nor for an absent hunter; what and where, never who.
 */
export async function claimableRecords(
  db: Kysely<Database>,
  hunterId: string,
): Promise<ClaimableResponse> {
  const [{ rule }, { departments, absent }] = await Promise.all([
    routingSettings(db),
    availabilityOf(db, hunterId),
  ]);
  const base = { rule, absent, departments };
  if (rule !== 'claim' || absent || departments.length === 0) return { ...base, records: [] };
  const [owners, buyers] = await Promise.all([
    db
      .selectFrom('owner_contact as c')
      .innerJoin('owner_property as p', 'p.contact_id', 'c.id')
      .select([
        'c.id',
        'c.created_at',
        'p.department',
        'p.city',
        'p.type_bien',
        'p.price',
        'p.id as property_id',
      ])
      .where('c.assigned_to', 'is', null)
      .where('p.department', 'in', [...departments])
      .orderBy('c.created_at', 'desc')
      .orderBy('p.id')
      .limit(CLAIMABLE_SHOWN)
      .execute(),
    db
      .selectFrom('buyer_project as p')
      .innerJoin('buyer_project_department as d', 'd.project_id', 'p.id')
      .innerJoin('app_user as u', 'u.id', 'p.user_id')
      .selectAll('u')
      .select(['p.departments as project_departments', 'p.budget', 'p.created_at as project_at'])
      .where('u.id_chasseur', 'is', null)
      .where('u.deleted_at', 'is', null)
      .where('u.is_archived', '=', 0)
      .where('d.department', 'in', [...departments])
      .orderBy('p.created_at', 'desc')
      .limit(CLAIMABLE_SHOWN)
      .execute(),
  ]);
  const records: ClaimableRecord[] = [];
  const seen = new Set<string>();
  for (const o of owners) {
    if (seen.has(`owner:${o.id}`)) continue;
    seen.add(`owner:${o.id}`);
    records.push({
      recordType: 'owner',
      recordId: String(o.id),
      createdAt: o.created_at,
      department: o.department,
      city: o.city,
      typeBien: labelOf(bienTypes, o.type_bien),
      price: o.price,
    });
  }
  for (const b of buyers) {
    if (seen.has(`buyer:${b.id}`) || !toUser(b).roles.includes(Role.CLIENT)) continue;
    seen.add(`buyer:${b.id}`);
    let projectDepartments: string[] = [];
    try {
      const parsed: unknown = JSON.parse(b.project_departments);
      if (Array.isArray(parsed))
        projectDepartments = parsed.filter((d): d is string => typeof d === 'string');
    } catch {
      // A project without readable departments still shows its budget.
    }
    records.push({
      recordType: 'buyer',
      recordId: b.id,
      createdAt: b.project_at,
      departments: projectDepartments,
      budget: b.budget,
    });
  }
  records.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { ...base, records: records.slice(0, CLAIMABLE_SHOWN) };
}
