import { z } from 'zod';
import { plainText } from '../text';

/**
 * Tasks (issue 29, docs/staff-area.md « Aujourd’hui »): what a hunter or a manager must do on a
 * buyer's file or an owner lead, and when. Due tasks show on « Aujourd’hui »; each is ticked done
 * (or undone). Added and ticked without network through the outbox (flow 'staff-task').
 * Written once, for server/resources/tasks and the staff screens.
 */

/** What to do is at most this long. */
export const TASK_TEXT_MAX = 500;
/** A record shows at most this many open tasks, and its last done ones. */
export const TASKS_OPEN_MAX = 200;
export const TASKS_DONE_SHOWN = 20;

export const taskRecordTypes = ['buyer', 'owner'] as const;
export type TaskRecordType = (typeof taskRecordTypes)[number];

/** `YYYY-MM-DDTHH:mm`, Paris time (a datetime-local input's value). */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** GET: a record's tasks (?recordType=&recordId=). POST (Idempotency-Key): a new task. */
export const TASKS_PATH = '/api/staff/tasks';
export const recordTasksPath = (recordType: TaskRecordType, recordId: string) =>
  `${TASKS_PATH}?recordType=${recordType}&recordId=${encodeURIComponent(recordId)}`;
/** POST (Idempotency-Key): tick a task done, or undo it. */
export const TASK_DONE_PATH = '/api/staff/tasks/:taskId/done';
export const taskDonePath = (taskId: number) => TASK_DONE_PATH.replace(':taskId', String(taskId));
/** The POST of a tick, as the outbox recognises it (sw/outbox-replay.ts). */
export const TASK_DONE_PATTERN = /^\/api\/staff\/tasks\/(\d+)\/done$/;

const recordFields = {
  recordType: z.enum(taskRecordTypes, { error: 'Ce type de dossier n’existe pas.' }),
  recordId: z
    .string({ error: 'Le dossier manque.' })
    .trim()
    .min(1, 'Le dossier manque.')
    .max(64, 'Ce dossier n’existe pas.'),
};

/** GET /api/staff/tasks?recordType=&recordId= */
export const taskListQuerySchema = z.object(recordFields);

/** The form's fields: what, and when (Paris time). */
export const taskFormSchema = z.object({
  text: plainText(
    TASK_TEXT_MAX,
    `La tâche est trop longue (${TASK_TEXT_MAX}\u00a0caractères au plus).`,
  ).pipe(z.string().min(1, 'Écrivez ce qu’il faut faire.')),
  dueAt: z
    .string({ error: 'Indiquez pour quand.' })
    .regex(LOCAL_DATE_TIME, 'Indiquez le jour et l’heure (heure de Paris).'),
});
export type TaskForm = z.input<typeof taskFormSchema>;

/**
 * POST /api/staff/tasks. `assigneeId`: who must do it (a supervisor may name an active hunter);
 * by default the record's hunter, or the author when nobody works the record.
 */
export const taskCreateSchema = taskFormSchema.extend({
  ...recordFields,
  assigneeId: z.string().trim().min(1).max(64).nullable().optional(),
});
export type TaskCreate = z.output<typeof taskCreateSchema>;
export type TaskCreateInput = z.input<typeof taskCreateSchema>;

/** POST /api/staff/tasks/:taskId/done */
export const taskDoneSchema = z.object({
  done: z.boolean({ error: 'Dites si la tâche est faite.' }),
});
export type TaskDone = z.output<typeof taskDoneSchema>;

/** A task as the fiche and « Aujourd’hui » show it. */
export interface TaskView {
  id: number;
  recordType: TaskRecordType;
  /** The buyer's account id, or the lead's id (as text). */
  recordId: string;
  text: string;
  /** ISO instant. */
  dueAt: string;
  createdAt: string;
  createdByName: string | null;
  assigneeId: string | null;
  /** « Prénom Nom » of who must do it (null: nobody). */
  assigneeName: string | null;
  doneAt: string | null;
  doneByName: string | null;
}

/** GET /api/staff/tasks: the open tasks, soonest first, then the last done ones, latest first. */
export interface RecordTasks {
  open: TaskView[];
  done: TaskView[];
}

/** A due task on « Aujourd’hui »: with whose record it is (« Prénom Nom » of the buyer or owner). */
export interface TodayTask extends TaskView {
  recordName: string;
}
