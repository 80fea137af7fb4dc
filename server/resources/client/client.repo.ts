import type { ExpressionBuilder, Selectable, Transaction } from 'kysely';
import { apiErrorBody } from '../../../src/domain/api/errors';
import type { ClientOverview, CriteriaUpdate } from '../../../src/domain/api/client';
import type { ProjectStage } from '../../../src/domain/project';
import { callbackDeadline, stageLabel } from '../../../src/domain/staff';
import type { Db } from '../../db/database';
import type { BuyerProjectTable, Database } from '../../db/schema';
import type { StoredAnswer } from '../../http/idempotency';
import type { MailQueue } from '../../mail/mail-queue';
import { accountDeletedMail, dataExportMail } from '../../mail/templates';
import { audit } from '../../staff/audit';
import {
  projectRowsOf,
  projectSearchColumns,
  toProjectView,
  updateProjectCriteria,
} from '../buyers/buyer-projects.repo';
import type { DocumentStore } from '../documents/document-store';
import { deleteFiles, removeDocumentRows } from '../documents/documents.repo';
import { anonymiseUser, toUser, type UserRow } from '../users/users.repo';
import { removeBuyerMessages } from '../messages/messages.repo';
import { removeBuyerVisits } from '../visits/visits.repo';
import { removeUserSubscriptions } from '../push/push.repo';
import { removeUserBasket } from '../basket/basket.repo';
import { checkpointAfterErasure, erasedMailGroup, eraseTraces } from './erasure';

/** The client area's SQL (issue 16, docs/client-area.md): always the caller's own rows. */

const STALE =
  'Votre projet vient d’être modifié (par vous sur un autre appareil, ou par votre chasseur). Il a été rechargé\u00a0: vérifiez-le puis refaites votre changement.';

type ProjectRow = Selectable<BuyerProjectTable>;

const initials = (firstname: string, lastname: string) =>
  `${firstname.charAt(0)}${lastname.charAt(0)}`.toUpperCase();

/** The notes and the audit trail of a buyer's record (both tables say it the same way). */
const aboutBuyer =
  (userId: string) =>
  <T extends ExpressionBuilder<Database, 'staff_note' | 'audit_log'>>(eb: T) =>
    eb.and({ record_type: 'buyer', record_id: userId });

const versioned = (row: ProjectRow) => ({ ...toProjectView(row), version: row.version });

/** GET /api/client/overview: the projects and their timeline, the hunter, the visible notes. */
export async function clientOverview(
  db: Db,
  user: { id: string; id_chasseur: string | null },
): Promise<ClientOverview> {
  const userId = user.id;
  const projects = await projectRowsOf(db, userId);
  const ids = projects.map((p) => p.id);
  const moves = ids.length
    ? await db
        .selectFrom('project_stage_move')
        .select(['project_id', 'from_stage', 'to_stage', 'at'])
        .where('project_id', 'in', ids)
        .orderBy('id')
        .limit(500)
        .execute()
    : [];
  const hunter = user.id_chasseur
    ? await db
        .selectFrom('app_user')
        .select(['firstname', 'lastname', 'email', 'phone'])
        .where('id', '=', user.id_chasseur)
        .executeTakeFirst()
    : undefined;
  const messages = await db
    .selectFrom('staff_note as n')
    .leftJoin('app_user as a', 'a.id', 'n.author_id')
    .select(['n.id', 'n.text', 'n.created_at', 'a.firstname'])
    .where('n.record_type', '=', 'buyer')
    .where('n.record_id', '=', userId)
    .where('n.visible_to_client', '=', 1)
    .orderBy('n.id', 'desc')
    .limit(100)
    .execute();
  const oldest = projects.at(-1);
  return {
    projects: projects.map((p) => ({
      ...versioned(p),
      updatedAt: p.updated_at,
      // The stage timeline (spec 4.7): when each stage was reached; VALIDATION at creation.
      timeline: [
        { stage: 'VALIDATION', label: stageLabel('VALIDATION'), at: p.created_at },
        ...moves
          .filter((m) => m.project_id === p.id)
          .map((m) => ({
            stage: m.to_stage as ProjectStage,
            label: stageLabel(m.to_stage),
            at: m.at,
          })),
      ],
    })),
    hunter: hunter ? { ...hunter, initials: initials(hunter.firstname, hunter.lastname) } : null,
    // « Un chasseur vous contacte sous 48 heures », until one is assigned.
    callbackBefore: !hunter && oldest ? callbackDeadline(oldest.created_at).toISOString() : null,
    messages: messages.map((m) => ({
      id: m.id,
      text: m.text,
      createdAt: m.created_at,
      authorFirstname: m.firstname,
    })),
  };
}

/** The caller's project `id`, or undefined (another person's is not found either). */
export function clientProject(db: Db, userId: string, id: number) {
  return db
    .selectFrom('buyer_project')
    .selectAll()
    .where((eb) => eb.and({ id, user_id: userId }))
    .executeTakeFirst();
}

/**
 * The client's edit of their search, in the idempotent POST's transaction: the criteria, the
 * version, the audit entry the hunter reads on the fiche. 409 with the project as it is now when
 * `version` is not the current one.
 */
export async function saveClientCriteria(
  trx: Transaction<Database>,
  project: ProjectRow,
  { version, ...criteria }: CriteriaUpdate,
  at: string,
): Promise<StoredAnswer> {
  const updated =
    project.version === version
      ? await updateProjectCriteria(trx, project.id, version, criteria, at)
      : undefined;
  if (!updated) {
    const fresh = await trx
      .selectFrom('buyer_project')
      .selectAll()
      .where('id', '=', project.id)
      .executeTakeFirstOrThrow();
    return { status: 409, body: { ...apiErrorBody(STALE), current: versioned(fresh) } };
  }
  await audit(
    trx,
    {
      actorId: project.user_id,
      action: 'criteria',
      recordType: 'buyer',
      recordId: project.user_id,
      before: { ...toProjectView(project) },
      after: { ...toProjectView(updated) },
    },
    at,
  );
  return { status: 200, body: versioned(updated) };
}

/**
 * RGPD art. 15 and 20: everything stored about the caller, as one object; `notify` queues the
 * mail saying an export was taken (the caller limits how often).
 */
export async function clientExport(
  db: Db,
  mails: MailQueue,
  row: UserRow,
  { at, notify }: { at: string; notify: boolean },
) {
  const userId = row.id;
  const about = aboutBuyer(userId);
  const [orders, notes, trail] = await Promise.all([
    db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db.selectFrom('staff_note').selectAll().where(about).orderBy('id').execute(),
    db.selectFrom('audit_log').selectAll().where(about).orderBy('id').execute(),
  ]);
  const { projects, hunter, messages } = await clientOverview(db, row);
  const { _id, ...account } = toUser(row);
  if (notify) await mails.enqueue(dataExportMail(row.email, row.firstname));
  const parsed = (json: string | null) => (json === null ? null : (JSON.parse(json) as unknown));
  return {
    exportedAt: at,
    account: { id: _id, ...account, createdAt: row.created_at, updatedAt: row.updated_at },
    projects,
    hunter,
    messages,
    notesAboutYou: notes.map((n) => ({
      text: n.text,
      visibleToYou: n.visible_to_client === 1,
      createdAt: n.created_at,
    })),
    changes: trail.map((a) => ({
      action: a.action,
      before: parsed(a.before),
      after: parsed(a.after),
      at: a.at,
    })),
    // Issue 30: the mandates signed or offered (the signed copy and its evidence are downloaded
    // from « Mon mandat »).
    mandates: (
      await db.selectFrom('mandate').selectAll().where('buyer_id', '=', userId).execute()
    ).map((m) => ({
      registerNumber: m.register_number,
      status: m.status,
      preparedAt: m.prepared_at,
      signedAt: m.signed_at,
      endedAt: m.ended_at,
      pdfSha256: m.pdf_sha256,
      mandant: (JSON.parse(m.input) as { client: unknown }).client,
    })),
    orders: orders.map((o) => ({
      id: o.id,
      status: o.status,
      lines: parsed(o.lines),
      totalCents: o.total_cents,
      createdAt: o.created_at,
      paidAt: o.paid_at,
      number: o.number,
      address: parsed(o.address),
      surfaceM2: o.surface_m2,
      slots: parsed(o.slots),
      phone: o.phone,
      cgvVersion: o.cgv_version,
      cgvAcceptedAt: o.cgv_accepted_at,
      expressStartAt: o.express_start_at,
      appointmentStart: o.appointment_start,
      appointmentEnd: o.appointment_end,
    })),
  };
}

/**
 * What a buyer's erasure does in its transaction, for « Supprimer mon compte » and the retention
 * pass (server/resources/retention): the account and its search anonymised, the tasks, the
 * unsigned mandates, the devices, every other copy of the person (erasure.ts), the messages, the
 * documents' rows and the visits; the audit entry `action` by `actorId` (null: the nightly pass).
 * Returns the files to delete once committed. Signed mandates and the register stay.
 */
export async function eraseBuyerAccount(
  trx: Transaction<Database>,
  row: UserRow,
  at: string,
  { actorId, action }: { actorId: string | null; action: string },
): Promise<string[]> {
  const userId = row.id;
  await anonymiseUser(trx, userId, at);
  await trx
    .updateTable('buyer_project')
    .set({
      description: '',
      cities: '[]',
      ...projectSearchColumns({ cities: [] }),
      partner_code: null,
      updated_at: at,
    })
    .where('user_id', '=', userId)
    .execute();
  // Orders (issue 32): the contact details go; a paid or refunded order keeps the property's
  // address its invoice names (invoices are kept 10 years, C. com. L123-22); one never paid
  // keeps nothing of the person.
  await trx
    .updateTable('orders')
    .set({ email: null, phone: null, updated_at: at })
    .where('user_id', '=', userId)
    .execute();
  await trx
    .updateTable('orders')
    .set({ address: null, slots: null, surface_m2: null })
    .where('user_id', '=', userId)
    .where('status', 'not in', ['paid', 'refunded'])
    .execute();
  // The staff's tasks on the person's file (what to do about them) go with the notes.
  await trx.deleteFrom('staff_task').where('buyer_id', '=', userId).execute();
  // Mandates (issue 30): a signed one stays 10 years with its files and the register (loi
  // Hoguet, décret 72-678 art. 72; RGPD 17.3.b); one never signed has no legal weight: it goes.
  await trx
    .deleteFrom('mandate')
    .where('buyer_id', '=', userId)
    .where('status', '=', 'awaiting_signature')
    .execute();
  // The devices that allowed notifications are told nothing more (docs/push.md).
  await removeUserSubscriptions(trx, userId);
  // The basket kept for their devices (issue 32).
  await removeUserBasket(trx, userId);
  // Issue 31: every other copy of the person (audit payloads, notes, stored answers, mails,
  // contact messages), before the account row forgets who they were (erasure.ts).
  await eraseTraces(trx, row);
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: actorId,
      action,
      record_type: 'buyer',
      record_id: userId,
      before: null,
      after: null,
      at,
    })
    .execute();
  // The conversations with the agency (issue 29): what the person wrote, and was written.
  await removeBuyerMessages(trx, userId);
  // The documents sent (identity, payslips…), and the visits and reports made for the person
  // (where they looked for a home, their answers), with the reports' photos.
  return [...(await removeDocumentRows(trx, userId)), ...(await removeBuyerVisits(trx, userId))];
}

/**
 * « Supprimer mon compte »: anonymises the account and its search in one transaction, ends every
 * session and confirms by e-mail to the address it had; the documents' rows, the visits and the
 * visit reports go with it, their files once it is committed; every other copy of the person is
 * erased (erasure.ts, issue 31). Orders stay (accounting law) without the person's e-mail.
 */
export async function deleteClientAccount(
  db: Db,
  mails: MailQueue,
  store: DocumentStore,
  row: UserRow,
  at: string,
): Promise<void> {
  const userId = row.id;
  const files = await db.transaction().execute(async (trx) => {
    const files = await eraseBuyerAccount(trx, row, at, {
      actorId: userId,
      action: 'account-deleted',
    });
    // The confirmation goes to the address the account had; the worker blanks it once sent.
    await mails.enqueue(accountDeletedMail(row.email, row.firstname), trx, {
      group: erasedMailGroup(userId),
      spacingMs: 0,
    });
    return files;
  });
  await deleteFiles(store, files);
  // SQLite: the WAL's copies of the deleted values are written back (overwritten, secure_delete)
  // and the file emptied; nothing to do on PostgreSQL (docs/account-deletion.md).
  await checkpointAfterErasure(db);
}
