import type { Kysely } from 'kysely';
import { stageStaleMessage, type NoteInput, type StageMove } from '../../../src/domain/api/buyers';
import { apiErrorBody } from '../../../src/domain/api/errors';
import type { ProjectView } from '../../../src/domain/project-view';
import { Role } from '../../../src/domain/roles';
import { stageLabel } from '../../../src/domain/staff';
import type { Database } from '../../db/schema';
import { projectStageMail } from '../../mail/templates';
import { audit } from '../../staff/audit';
import type { StaffRouteDeps } from '../../staff/deps';
import { changeUser, hasRole, type Versioned } from '../users/admin-users.repo';
import { buyerAssignmentHooks } from '../users/handover.repo';
import type { UserRow } from '../users/users.repo';
import { projectSearchColumns, toProjectView } from './buyer-projects.repo';

/** The staff's changes to buyers (issue 15): assignment, stage moves and notes, each audited. */

/** A buyer's account (an account with the client role), or undefined. */
export async function buyerAccount(db: Kysely<Database>, userId: string) {
  const row = await db
    .selectFrom('app_user')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirst();
  return row && hasRole(row, Role.CLIENT) ? row : undefined;
}

/**
 * POST /staff/buyers/:userId/assign, on the account's version (409 when stale, or when the
 * hunter was archived meanwhile); the hunter who receives the buyer is e-mailed, once.
 */
export function assignBuyer(
  deps: Pick<StaffRouteDeps, 'db' | 'mails' | 'publicUrl'>,
  actorId: string,
  userId: string,
  { hunterId, version }: { hunterId: string | null; version: number },
  at: string,
): Promise<Versioned<UserRow>> {
  return changeUser(
    deps.db,
    userId,
    version,
    () => ({ id_chasseur: hunterId }),
    (before) => ({
      actorId,
      action: 'assign',
      recordType: 'buyer',
      recordId: userId,
      before: { hunterId: before.id_chasseur },
      after: { hunterId },
    }),
    at,
    buyerAssignmentHooks(deps, actorId, hunterId),
  );
}

/** A project with what a stage move needs of its buyer's account. */
export function projectForStage(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('buyer_project as p')
    .innerJoin('app_user as u', 'u.id', 'p.user_id')
    .selectAll('p')
    .select(['u.id_chasseur', 'u.email', 'u.firstname', 'u.is_archived'])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

export type StageProject = NonNullable<Awaited<ReturnType<typeof projectForStage>>>;

/** A project as the 409 of a stale stage move shows it. */
export async function versionedProject(
  db: Kysely<Database>,
  id: number,
): Promise<ProjectView & { version: number }> {
  const fresh = await db
    .selectFrom('buyer_project')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...toProjectView(fresh), version: fresh.version };
}

/** A project's stage mails go out at most once an hour (issue 29): the latest stage wins. */
export const STAGE_MAIL_SPACING_MS = 60 * 60_000;

/**
 * The 409 body of a stage move to `to` made on a stale version: where the project is now, in
 * words (stageStaleMessage), and the project as it is (`current`).
 */
export async function staleMove(db: Kysely<Database>, id: number, to: string) {
  const current = await versionedProject(db, id);
  return {
    ...apiErrorBody(stageStaleMessage(stageLabel(current.stage), stageLabel(to))),
    current,
  };
}

/**
 * One step of the stage order, on the version read, in `trx` (the caller's transaction): the
 * move, its trace, the audit entry and, when `notify` (the default), the client's mail (not to
 * an archived account); without it, a stage mail still waiting is dropped (the latest stage
 * wins, and it says nothing). The mail is one of the project's stage mails: one still waiting is
 * replaced, and one that went out less than an hour ago makes it wait for the hour's end
 * (MailQueue.enqueue's grouping). False when the project changed meanwhile.
 */
export async function moveStage(
  trx: Kysely<Database>,
  deps: Pick<StaffRouteDeps, 'mails' | 'publicUrl'>,
  actorId: string,
  project: StageProject,
  { to, note, notify }: StageMove,
  at: string,
): Promise<boolean> {
  const from = project.stage;
  // Conditional on the version read: two moves at once, the second finds it changed.
  const updated = await trx
    .updateTable('buyer_project')
    .set({
      stage: to,
      ...projectSearchColumns({ stage: to }),
      version: project.version + 1,
      updated_at: at,
    })
    .where('id', '=', project.id)
    .where('version', '=', project.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto('project_stage_move')
    .values({
      project_id: project.id,
      from_stage: from,
      to_stage: to,
      by_user_id: actorId,
      note,
      at,
    })
    .execute();
  await audit(
    trx,
    {
      actorId,
      action: 'stage',
      recordType: 'buyer',
      recordId: project.user_id,
      before: { projectId: project.id, stage: from },
      after: { projectId: project.id, stage: to, note },
    },
    at,
  );
  const group = `stage:${project.id}`;
  if (notify && project.is_archived !== 1)
    await deps.mails.enqueue(
      projectStageMail(
        project.email,
        project.firstname,
        stageLabel(to),
        `${deps.publicUrl}/dashboard`,
      ),
      trx,
      { group, spacingMs: STAGE_MAIL_SPACING_MS },
    );
  // Not told of this move: an earlier stage's mail still waiting would now say something false.
  else await deps.mails.dropWaiting(group, trx);
  return true;
}

/** Who works a record: a hunter's id, null (nobody), or undefined when there is no such record. */
export async function assigneeOf(
  db: Kysely<Database>,
  recordType: 'buyer' | 'owner',
  recordId: string,
): Promise<string | null | undefined> {
  if (recordType === 'buyer') return (await buyerAccount(db, recordId))?.id_chasseur;
  if (!/^\d{1,12}$/.test(recordId)) return undefined;
  const lead = await db
    .selectFrom('owner_contact')
    .select('assigned_to')
    .where('id', '=', Number(recordId))
    .executeTakeFirst();
  return lead ? lead.assigned_to : undefined;
}

/** A staff note on a record, audited, in the caller's transaction. */
export async function insertNote(
  trx: Kysely<Database>,
  authorId: string,
  data: Required<NoteInput>,
  at: string,
): Promise<{ id: number; createdAt: string }> {
  const saved = await trx
    .insertInto('staff_note')
    .values({
      record_type: data.recordType,
      record_id: data.recordId,
      author_id: authorId,
      text: data.text,
      visible_to_client: data.visibleToClient ? 1 : 0,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(
    trx,
    {
      actorId: authorId,
      action: 'note',
      recordType: data.recordType,
      recordId: data.recordId,
      after: { noteId: saved.id, visibleToClient: data.visibleToClient },
    },
    at,
  );
  return { id: saved.id, createdAt: at };
}
