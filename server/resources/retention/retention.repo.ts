import { sql, type Kysely, type Transaction } from 'kysely';
import {
  RETENTION_LOG_LIMIT,
  retentionKinds,
  type RetentionCounts,
  type RetentionItem,
  type RetentionPreview,
  type RetentionRun,
} from '../../../src/domain/api/retention';
import { fullName } from '../../../src/domain/person-name';
import {
  DOCUMENT_RETENTION_MONTHS,
  documentsDueAt,
  isAmlDocumentKind,
  MANDATE_RETENTION_YEARS,
  nextRetentionPass,
  PROSPECT_RETENTION_MONTHS,
  prospectDueAt,
  retentionCutoffs,
} from '../../../src/domain/retention';
import { Role } from '../../../src/domain/roles';
import type { Db } from '../../db/database';
import { dialectOf } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { scheduleJob, type JobHandler } from '../../jobs/job-worker';
import { eraseBuyerAccount } from '../client/client.repo';
import {
  checkpointAfterErasure,
  ERASED,
  eraseOwnerLead,
  RETENTION_ANONYMISED,
} from '../client/erasure';
import type { DocumentStore } from '../documents/document-store';
import { deleteFiles, removeDocumentRows } from '../documents/documents.repo';
import { withRole } from '../users/users.repo';

/**
 * The retention pass (issue 31, docs/retention.md): which records are due under
 * src/domain/retention.ts, the pass that anonymises or deletes exactly those, its log, and the
 * nightly job that runs it at 03:00 Paris time. Mandates and the register are never read or
 * written here.
 */

/** The project stage that ends a project (src/domain/project.ts: « Projet terminé »). */
export const ENDED_STAGE = 'COMPLETED';

/** The audit action of a client's documents deleted by the pass. */
export const RETENTION_DOCUMENTS = 'retention-documents';

/** The job kinds: the nightly pass, and the deletion of its files once it is committed. */
export const RETENTION_JOB = 'retention';
export const RETENTION_FILES_JOB = 'retention-files';

/** A contact message once blanked (as erasure.ts eraseTraces blanks them). */
const BLANK_CONTACT_MESSAGE = {
  name: ERASED,
  email: '',
  phone: '',
  subject: ERASED,
  message: ERASED,
  ip_hash: null,
};

/** A second real pass asked within this delay of the previous one answers with that one. */
export const RUN_AGAIN_AFTER_MS = 60_000;

/** PostgreSQL's transaction lock that makes passes run one at a time (SQLite: its write lock). */
const RETENTION_LOCK = 31_025;

const latest = (...dates: (string | null | undefined)[]): string =>
  dates
    .filter((d): d is string => typeof d === 'string' && d !== '')
    .sort()
    .at(-1) ?? '';

/**
 * Owner leads past 3 years since the owner's last contact, without a signed mandate (status
 * « Mandat signé »), not yet anonymised. The owner's last contact: the latest of their
 * questionnaires (this lead and any other sent with the same e-mail) and of their messages
 * through the contact form (same e-mail). What the staff did (calls, notes, status changes) is
 * not a contact from the person.
 */
async function dueOwnerLeads(db: Kysely<Database>, prospectsBefore: string) {
  const rows = await db
    .selectFrom('owner_contact as c')
    .select((eb) => [
      'c.id',
      eb
        .selectFrom('owner_contact as o')
        .select((o) => o.fn.max('o.created_at').as('at'))
        .whereRef('o.email', '=', 'c.email')
        .as('last_lead'),
      eb
        .selectFrom('contact_message as m')
        .select((m) => m.fn.max('m.created_at').as('at'))
        .whereRef('m.email', '=', 'c.email')
        .as('last_message'),
    ])
    .where('c.email', '<>', '')
    .where('c.lead_status', '<>', 'mandat')
    // The last contact is never before the lead arrived: a cheap first cut.
    .where('c.created_at', '<', prospectsBefore)
    .orderBy('c.id')
    .execute();
  return rows
    .map((r) => ({ id: String(r.id), since: latest(r.last_lead, r.last_message) }))
    .filter((r) => r.since < prospectsBefore)
    .map((r): RetentionItem => ({
      kind: 'owner-lead',
      recordId: r.id,
      since: r.since,
      dueAt: prospectDueAt(r.since),
    }));
}

/**
 * Buyer accounts past 3 years since the buyer's last contact, with no mandate ever signed, not
 * deleted. The buyer's last contact: the latest of their sign-up, sign-ins, own actions in the
 * audit trail (criteria edits, document uploads, answers to visit reports, mandate steps…),
 * messages to their hunter, documents sent, answers to visit reports, orders, and messages
 * through the contact form or owner questionnaires sent with their e-mail.
 */
async function dueBuyerAccounts(db: Kysely<Database>, prospectsBefore: string) {
  const rows = await db
    .selectFrom('app_user as u')
    .select((eb) => [
      'u.id',
      'u.created_at',
      'u.last_sign_in_at',
      eb
        .selectFrom('audit_log as a')
        .select((a) => a.fn.max('a.at').as('at'))
        .whereRef('a.actor_id', '=', 'u.id')
        .as('last_action'),
      eb
        .selectFrom('message as m')
        .innerJoin('buyer_project as p', 'p.id', 'm.project_id')
        .select((m) => m.fn.max('m.created_at').as('at'))
        .whereRef('p.user_id', '=', 'u.id')
        .where('m.side', '=', 'client')
        .as('last_message'),
      eb
        .selectFrom('client_document as d')
        .select((d) => d.fn.max('d.uploaded_at').as('at'))
        .whereRef('d.user_id', '=', 'u.id')
        .as('last_document'),
      eb
        .selectFrom('visit_report as v')
        .select((v) => v.fn.max('v.answered_at').as('at'))
        .whereRef('v.buyer_id', '=', 'u.id')
        .as('last_answer'),
      eb
        .selectFrom('orders as o')
        .select((o) => o.fn.max('o.created_at').as('at'))
        .whereRef('o.user_id', '=', 'u.id')
        .as('last_order'),
      eb
        .selectFrom('contact_message as cm')
        .select((cm) => cm.fn.max('cm.created_at').as('at'))
        .whereRef('cm.email', '=', 'u.email')
        .as('last_contact_form'),
      eb
        .selectFrom('owner_contact as oc')
        .select((oc) => oc.fn.max('oc.created_at').as('at'))
        .whereRef('oc.email', '=', 'u.email')
        .as('last_questionnaire'),
    ])
    .where(withRole(Role.CLIENT, 'u.roles'))
    .where('u.deleted_at', 'is', null)
    .where('u.created_at', '<', prospectsBefore)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('mandate as md')
            .select('md.id')
            .whereRef('md.buyer_id', '=', 'u.id')
            .where('md.signed_at', 'is not', null),
        ),
      ),
    )
    .orderBy('u.id')
    .execute();
  return rows
    .map((r) => ({
      id: r.id,
      since: latest(
        r.created_at,
        r.last_sign_in_at,
        r.last_action,
        r.last_message,
        r.last_document,
        r.last_answer,
        r.last_order,
        r.last_contact_form,
        r.last_questionnaire,
      ),
    }))
    .filter((r) => r.since < prospectsBefore)
    .map((r): RetentionItem => ({
      kind: 'buyer-account',
      recordId: r.id,
      since: r.since,
      dueAt: prospectDueAt(r.since),
    }));
}

/**
 * Clients whose documents are due: every project of theirs has ended (stage « Projet terminé »)
 * and the latest ended 6 months ago or more — 5 years for the papers kept against money
 * laundering (identity, address, funds: src/domain/retention.ts). A project's end: its last move
 * to that stage (its last change when the move is not recorded). An account due for
 * anonymisation is left out: its documents go with it. Each item names the documents it deletes.
 */
async function dueDocuments(
  db: Kysely<Database>,
  cutoffs: { documentsBefore: string; amlDocumentsBefore: string },
  skip: Set<string>,
) {
  const documents = await db
    .selectFrom('client_document as d')
    .innerJoin('app_user as u', 'u.id', 'd.user_id')
    .select(['d.id', 'd.user_id', 'd.kind'])
    .where('u.deleted_at', 'is', null)
    .orderBy('d.user_id')
    .orderBy('d.id')
    .execute();
  const wanted = documents.filter((d) => !skip.has(d.user_id));
  if (!wanted.length) return [];
  const holders = [...new Set(wanted.map((d) => d.user_id))];
  const projects = await db
    .selectFrom('buyer_project as p')
    .select((eb) => [
      'p.user_id',
      'p.stage',
      'p.updated_at',
      eb
        .selectFrom('project_stage_move as s')
        .select((s) => s.fn.max('s.at').as('at'))
        .whereRef('s.project_id', '=', 'p.id')
        .where('s.to_stage', '=', ENDED_STAGE)
        .as('ended_at'),
    ])
    .where('p.user_id', 'in', holders)
    .execute();
  const items: RetentionItem[] = [];
  for (const holder of holders) {
    const own = projects.filter((p) => p.user_id === holder);
    if (!own.length || own.some((p) => p.stage !== ENDED_STAGE)) continue;
    const since = latest(...own.map((p) => p.ended_at ?? p.updated_at));
    const due = wanted.filter(
      (d) =>
        d.user_id === holder &&
        since < (isAmlDocumentKind(d.kind) ? cutoffs.amlDocumentsBefore : cutoffs.documentsBefore),
    );
    if (!due.length) continue;
    items.push({
      kind: 'client-documents',
      recordId: holder,
      since,
      // The earliest rule that made them due.
      dueAt: due.map((d) => documentsDueAt(since, d.kind)).sort()[0] ?? documentsDueAt(since),
      count: due.length,
      documentIds: due.map((d) => d.id),
    });
  }
  return items;
}

/**
 * Messages of the contact form whose sender is neither an owner lead nor an account (those go
 * with their lead or account, or stay with them), 3 years after the sender's last message (same
 * e-mail), not yet blanked.
 */
async function dueContactMessages(db: Kysely<Database>, prospectsBefore: string) {
  const rows = await db
    .selectFrom('contact_message as m')
    .select((eb) => [
      'm.id',
      eb
        .selectFrom('contact_message as l')
        .select((l) => l.fn.max('l.created_at').as('at'))
        .whereRef('l.email', '=', 'm.email')
        .as('last_message'),
    ])
    .where('m.email', '<>', '')
    .where('m.created_at', '<', prospectsBefore)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('owner_contact as o').select('o.id').whereRef('o.email', '=', 'm.email'),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('app_user as u')
            .select('u.id')
            .whereRef('u.email', '=', 'm.email')
            .where('u.deleted_at', 'is', null),
        ),
      ),
    )
    .orderBy('m.id')
    .execute();
  return rows
    .filter((r) => (r.last_message ?? '') < prospectsBefore)
    .map((r): RetentionItem => ({
      kind: 'contact-message',
      recordId: String(r.id),
      since: r.last_message ?? '',
      dueAt: prospectDueAt(r.last_message ?? ''),
    }));
}

/** What a pass at `now` touches, in the order it touches it. */
export async function dueForRetention(db: Kysely<Database>, now: number): Promise<RetentionItem[]> {
  const cutoffs = retentionCutoffs(now);
  const { prospectsBefore } = cutoffs;
  const leads = await dueOwnerLeads(db, prospectsBefore);
  const buyers = await dueBuyerAccounts(db, prospectsBefore);
  const documents = await dueDocuments(db, cutoffs, new Set(buyers.map((b) => b.recordId)));
  const messages = await dueContactMessages(db, prospectsBefore);
  return [...leads, ...buyers, ...documents, ...messages];
}

function countsOf(items: readonly RetentionItem[]): RetentionCounts {
  const counts = Object.fromEntries(retentionKinds.map((k) => [k, 0])) as RetentionCounts;
  for (const item of items) counts[item.kind] += 1;
  return counts;
}

/** GET preview: what the next pass would touch if it ran now, and when the next one runs. */
export async function retentionPreview(db: Db, now: number): Promise<RetentionPreview> {
  const items = await dueForRetention(db, now);
  return {
    at: new Date(now).toISOString(),
    nextRunAt: new Date(nextRetentionPass(now).at).toISOString(),
    durations: {
      prospectMonths: PROSPECT_RETENTION_MONTHS,
      documentMonths: DOCUMENT_RETENTION_MONTHS,
      mandateYears: MANDATE_RETENTION_YEARS,
    },
    items,
    counts: countsOf(items),
  };
}

/** The log, newest first, with the name of the admin who launched each pass. */
export async function retentionLog(db: Db): Promise<RetentionRun[]> {
  const rows = await db
    .selectFrom('retention_run as r')
    .leftJoin('app_user as u', 'u.id', 'r.launched_by')
    .select([
      'r.id',
      'r.started_at',
      'r.finished_at',
      'r.dry_run',
      'r.launched_by',
      'r.counts',
      'r.items',
      'u.firstname',
      'u.lastname',
    ])
    .orderBy('r.id', 'desc')
    .limit(RETENTION_LOG_LIMIT)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    dryRun: r.dry_run === 1,
    launchedBy: r.launched_by,
    launchedByName: r.firstname !== null && r.lastname !== null ? fullName(r) : null,
    counts: JSON.parse(r.counts) as RetentionCounts,
    items: JSON.parse(r.items) as RetentionItem[],
  }));
}

export interface RetentionPass {
  run: RetentionRun;
  /** The document files to delete once the pass is committed. */
  files: string[];
  /** A real pass asked again just after another: that one, nothing done. */
  replayed: boolean;
}

/**
 * One pass, in the caller's transaction, one at a time (PostgreSQL: a transaction lock; SQLite:
 * the write lock the transaction holds): the records due now are computed again under the lock
 * (a pass waiting for another finds what that one left), anonymised or deleted, and the pass is
 * logged with them. A dry run only logs what it would touch.
 */
export async function runRetention(
  trx: Transaction<Database>,
  { now, launchedBy, dryRun }: { now: number; launchedBy: string | null; dryRun: boolean },
): Promise<RetentionPass> {
  if (dialectOf(trx) === 'postgres')
    await sql`select pg_advisory_xact_lock(${sql.lit(RETENTION_LOCK)})`.execute(trx);
  const startedAt = new Date(now).toISOString();
  const clock = Date.now();
  if (!dryRun && launchedBy !== null) {
    const previous = await trx
      .selectFrom('retention_run')
      .select('id')
      .where('dry_run', '=', 0)
      .where('launched_by', 'is not', null)
      .where('started_at', '>', new Date(now - RUN_AGAIN_AFTER_MS).toISOString())
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (previous) {
      const [run] = (await retentionLog(trx)).filter((r) => r.id === previous.id);
      if (run) return { run, files: [], replayed: true };
    }
  }
  const items = await dueForRetention(trx, now);
  const files: string[] = [];
  if (!dryRun) {
    for (const item of items) {
      if (item.kind === 'owner-lead') {
        await eraseOwnerLead(trx, Number(item.recordId), startedAt);
      } else if (item.kind === 'buyer-account') {
        const row = await trx
          .selectFrom('app_user')
          .selectAll()
          .where('id', '=', item.recordId)
          .executeTakeFirstOrThrow();
        files.push(
          ...(await eraseBuyerAccount(trx, row, startedAt, {
            actorId: launchedBy,
            action: RETENTION_ANONYMISED,
          })),
        );
      } else if (item.kind === 'contact-message') {
        await trx
          .updateTable('contact_message')
          .set(BLANK_CONTACT_MESSAGE)
          .where('id', '=', Number(item.recordId))
          .execute();
      } else {
        files.push(...(await removeDocumentRows(trx, item.recordId, item.documentIds)));
        await trx
          .insertInto('audit_log')
          .values({
            actor_id: launchedBy,
            action: RETENTION_DOCUMENTS,
            record_type: 'buyer',
            record_id: item.recordId,
            before: null,
            after: JSON.stringify({ count: item.count ?? 0 }),
            at: startedAt,
          })
          .execute();
      }
    }
  }
  const counts = countsOf(items);
  const saved = await trx
    .insertInto('retention_run')
    .values({
      started_at: startedAt,
      // The clock given (a test's) plus the time the pass took.
      finished_at: new Date(now + Date.now() - clock).toISOString(),
      dry_run: dryRun ? 1 : 0,
      launched_by: launchedBy,
      counts: JSON.stringify(counts),
      items: JSON.stringify(items),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [run] = (await retentionLog(trx)).filter((r) => r.id === saved.id);
  if (!run) throw new Error('Passe de conservation introuvable après son enregistrement.');
  return { run, files, replayed: false };
}

/**
 * « Lancer maintenant » (an admin): a pass in its own transaction, then its files deleted and,
 * on SQLite, the WAL written back (erasure.ts checkpointAfterErasure).
 */
export async function runRetentionNow(
  db: Db,
  store: DocumentStore,
  options: { now: number; launchedBy: string; dryRun: boolean },
): Promise<RetentionPass> {
  const pass = await db.transaction().execute((trx) => runRetention(trx, options));
  await deleteFiles(store, pass.files);
  if (!options.dryRun && !pass.replayed) await checkpointAfterErasure(db);
  return pass;
}

/**
 * Plans the nightly pass: the next 03:00 Paris time after `now`, keyed by its day, so that every
 * instance scheduling it (at start-up, after each pass) schedules it once.
 */
export async function scheduleNextRetention(db: Kysely<Database>, now: number): Promise<void> {
  // The night after too: a pass that keeps failing (its job given up) does not stop the next.
  const next = nextRetentionPass(now);
  for (const night of [next, nextRetentionPass(next.at)])
    await scheduleJob(
      db,
      { kind: RETENTION_JOB, key: `${RETENTION_JOB}:${night.day}`, payload: null, dueAt: night.at },
      now,
    );
}

/**
 * The JobWorker's handlers (server/main.ts): the nightly pass runs in its job's transaction and
 * plans the next night; its files are deleted by a second job written in the same transaction,
 * so they go only once the pass is committed (a missing file is not an error: a retry is safe).
 */
export function retentionHandlers(deps: { documents: DocumentStore }): Record<string, JobHandler> {
  return {
    [RETENTION_JOB]: async (trx, _payload, now) => {
      // The worker's handlers run in a transaction (JobWorker.run).
      const pass = await runRetention(trx as Transaction<Database>, {
        now,
        launchedBy: null,
        dryRun: false,
      });
      if (pass.files.length)
        await scheduleJob(
          trx,
          {
            kind: RETENTION_FILES_JOB,
            key: `${RETENTION_FILES_JOB}:${pass.run.id}`,
            payload: { files: pass.files },
            dueAt: now,
          },
          now,
        );
      await scheduleNextRetention(trx, now);
    },
    [RETENTION_FILES_JOB]: async (_trx, payload) => {
      const files = (payload as { files?: unknown } | null)?.files;
      if (!Array.isArray(files)) return;
      await deleteFiles(
        deps.documents,
        files.filter((f): f is string => typeof f === 'string'),
      );
    },
  };
}
