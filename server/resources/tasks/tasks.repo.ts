import type { Kysely } from 'kysely';
import {
  TASKS_DONE_SHOWN,
  TASKS_OPEN_MAX,
  type RecordTasks,
  type TaskRecordType,
  type TaskView,
  type TodayTask,
} from '../../../src/domain/api/tasks';
import { Role } from '../../../src/domain/roles';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { audit } from '../../staff/audit';
import type { Scope } from '../../staff/policy';
import { personName } from '../buyers/buyers.repo';
import { assigneeOf } from '../buyers/staff-buyers.repo';
import { hasRole } from '../users/admin-users.repo';

/**
 * Tasks on a buyer's file or an owner lead (issue 29, docs/staff-area.md): the fiche's list,
 * a new task and a tick (done or undone), each with its audit entry in the same transaction, and
 * the due ones of « Aujourd’hui ».
 */

/** The tasks with the names they show: who must do it, who wrote it, who ticked it, whose file. */
function tasksWithNames(db: Kysely<Database>) {
  return db
    .selectFrom('staff_task as t')
    .leftJoin('app_user as u', 'u.id', 't.buyer_id')
    .leftJoin('owner_contact as o', 'o.id', 't.lead_id')
    .leftJoin('app_user as a', 'a.id', 't.assignee_id')
    .leftJoin('app_user as c', 'c.id', 't.created_by')
    .leftJoin('app_user as d', 'd.id', 't.done_by')
    .select([
      't.id',
      't.record_type',
      't.buyer_id',
      't.lead_id',
      't.text',
      't.due_at',
      't.created_at',
      't.assignee_id',
      't.done_at',
      'u.firstname as buyerFirstname',
      'u.lastname as buyerLastname',
      'o.firstname as leadFirstname',
      'o.lastname as leadLastname',
      'a.firstname as assigneeFirstname',
      'a.lastname as assigneeLastname',
      'c.firstname as authorFirstname',
      'c.lastname as authorLastname',
      'd.firstname as doneByFirstname',
      'd.lastname as doneByLastname',
    ]);
}

type TaskRow = Awaited<ReturnType<ReturnType<typeof tasksWithNames>['execute']>>[number];

function toTaskView(r: TaskRow): TaskView {
  return {
    id: r.id,
    recordType: r.record_type,
    recordId: r.record_type === 'buyer' ? (r.buyer_id ?? '') : String(r.lead_id ?? ''),
    text: r.text,
    dueAt: r.due_at,
    createdAt: r.created_at,
    createdByName: personName({ firstname: r.authorFirstname, lastname: r.authorLastname }),
    assigneeId: r.assignee_id,
    assigneeName: personName({ firstname: r.assigneeFirstname, lastname: r.assigneeLastname }),
    doneAt: r.done_at,
    doneByName: personName({ firstname: r.doneByFirstname, lastname: r.doneByLastname }),
  };
}

const recordName = (r: TaskRow) =>
  (r.record_type === 'buyer'
    ? personName({ firstname: r.buyerFirstname, lastname: r.buyerLastname })
    : personName({ firstname: r.leadFirstname, lastname: r.leadLastname })) ?? 'Sans nom';

/** The tasks of one record (a buyer's account, or a lead). */
const ofRecord = (db: Kysely<Database>, recordType: TaskRecordType, recordId: string) =>
  recordType === 'buyer'
    ? tasksWithNames(db).where('t.buyer_id', '=', recordId)
    : tasksWithNames(db).where('t.lead_id', '=', Number(recordId));

/**
 * Who works the record a task would be on: a hunter's id, null (nobody), or undefined when
 * there is no such record (a buyer's account, an owner lead).
 */
export const taskRecordHunter = (db: Db, recordType: TaskRecordType, recordId: string) =>
  assigneeOf(db, recordType, recordId);

/** A record's tasks: the open ones, soonest due first; the last done ones, latest first. */
export async function recordTasks(
  db: Db,
  recordType: TaskRecordType,
  recordId: string,
): Promise<RecordTasks> {
  const open = await ofRecord(db, recordType, recordId)
    .where('t.done_at', 'is', null)
    .orderBy('t.due_at')
    .orderBy('t.id')
    .limit(TASKS_OPEN_MAX)
    .execute();
  const done = await ofRecord(db, recordType, recordId)
    .where('t.done_at', 'is not', null)
    .orderBy('t.done_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(TASKS_DONE_SHOWN)
    .execute();
  return { open: open.map(toTaskView), done: done.map(toTaskView) };
}

async function taskView(db: Kysely<Database>, id: number): Promise<TaskView> {
  return toTaskView(await tasksWithNames(db).where('t.id', '=', id).executeTakeFirstOrThrow());
}

/**
 * Whether `assigneeId` may be given a task: an active, non-archived staff account (a hunter, a
 * manager…). Returns the French refusal, or null.
 */
export async function assigneeRefusal(db: Db, assigneeId: string): Promise<string | null> {
  const row = await db
    .selectFrom('app_user')
    .selectAll()
    .where('id', '=', assigneeId)
    .executeTakeFirst();
  const staff = [Role.CHASSEUR, Role.MANAGER, Role.DIRECTEUR, Role.ADMIN];
  const ok =
    row !== undefined &&
    row.is_archived === 0 &&
    row.is_active === 1 &&
    staff.some((role) => hasRole(row, role));
  return ok ? null : 'Choisissez un membre actif de l’équipe.';
}

export interface NewTask {
  recordType: TaskRecordType;
  recordId: string;
  text: string;
  /** ISO instant. */
  dueAt: string;
  assigneeId: string | null;
}

/** A new task and its audit entry, in the caller's transaction. */
export async function insertTask(
  trx: Kysely<Database>,
  actorId: string,
  task: NewTask,
  at: string,
): Promise<TaskView> {
  const saved = await trx
    .insertInto('staff_task')
    .values({
      record_type: task.recordType,
      buyer_id: task.recordType === 'buyer' ? task.recordId : null,
      lead_id: task.recordType === 'owner' ? Number(task.recordId) : null,
      text: task.text,
      due_at: task.dueAt,
      created_by: actorId,
      created_at: at,
      assignee_id: task.assigneeId,
      done_at: null,
      done_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The trail says a task was added and for when, not what it says (a person's data may be in it).
  await audit(
    trx,
    {
      actorId,
      action: 'task',
      recordType: task.recordType,
      recordId: task.recordId,
      after: { taskId: saved.id, dueAt: task.dueAt, assigneeId: task.assigneeId },
    },
    at,
  );
  return taskView(trx, saved.id);
}

/** A task with who works its record now (its scope), or undefined. */
export async function taskForChange(db: Db, id: number) {
  return db
    .selectFrom('staff_task as t')
    .leftJoin('app_user as u', 'u.id', 't.buyer_id')
    .leftJoin('owner_contact as o', 'o.id', 't.lead_id')
    .select([
      't.id',
      't.record_type',
      't.buyer_id',
      't.lead_id',
      't.done_at',
      'u.id_chasseur as buyerHunter',
      'o.assigned_to as leadHunter',
    ])
    .where('t.id', '=', id)
    .executeTakeFirst();
}

type ChangeableTask = NonNullable<Awaited<ReturnType<typeof taskForChange>>>;

/** Who works the task's record now (null: nobody). */
export const hunterOfTask = (task: ChangeableTask) =>
  task.record_type === 'buyer' ? task.buyerHunter : task.leadHunter;

/**
 * Ticks a task done, or undoes it, with its audit entry, in the caller's transaction. Ticking a
 * task already done (two devices, a replay) changes nothing and writes no entry.
 */
export async function setTaskDone(
  trx: Kysely<Database>,
  actorId: string,
  task: ChangeableTask,
  done: boolean,
  at: string,
): Promise<TaskView> {
  const updated = await trx
    .updateTable('staff_task')
    .set(done ? { done_at: at, done_by: actorId } : { done_at: null, done_by: null })
    .where('id', '=', task.id)
    .where('done_at', done ? 'is' : 'is not', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 1)
    await audit(
      trx,
      {
        actorId,
        action: done ? 'task-done' : 'task-undone',
        recordType: task.record_type,
        recordId: task.record_type === 'buyer' ? (task.buyer_id ?? '') : String(task.lead_id),
        after: { taskId: task.id },
      },
      at,
    );
  return taskView(trx, task.id);
}

/** « Aujourd’hui » shows at most this many due tasks. */
export const TODAY_TASKS_LIMIT = 100;

/**
 * The open tasks due before `before` (the end of the Paris day: the overdue ones and today's),
 * oldest due first. A hunter sees those of the records they work now (a file handed over takes
 * its tasks along), supervisors every one. Tasks of a deleted account are not shown.
 */
export async function todayTasks(
  db: Db,
  scope: Scope,
  before: string,
  limit = TODAY_TASKS_LIMIT,
): Promise<TodayTask[]> {
  let q = tasksWithNames(db)
    .where('t.done_at', 'is', null)
    .where('t.due_at', '<', before)
    .where((eb) => eb.or([eb('t.buyer_id', 'is', null), eb('u.deleted_at', 'is', null)]));
  if (scope.kind === 'hunter') {
    const hunterId = scope.hunterId;
    q = q.where((eb) =>
      eb.or([
        eb.and([eb('t.record_type', '=', 'buyer'), eb('u.id_chasseur', '=', hunterId)]),
        eb.and([eb('t.record_type', '=', 'owner'), eb('o.assigned_to', '=', hunterId)]),
      ]),
    );
  }
  const rows = await q.orderBy('t.due_at').orderBy('t.id').limit(limit).execute();
  return rows.map((r) => ({ ...toTaskView(r), recordName: recordName(r) }));
}
