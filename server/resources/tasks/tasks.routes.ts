import { Hono, type Context } from 'hono';
import { INVALID_FIELDS } from '../../../src/domain/api/errors';
import {
  taskCreateSchema,
  taskDoneSchema,
  taskListQuerySchema,
  type RecordTasks,
  type TaskView,
} from '../../../src/domain/api/tasks';
import { parisLocalToIso } from '../../../src/domain/paris-time';
import { requireAuth, type AuthEnv } from '../../auth/middleware';
import { apiError, validationError } from '../../http/errors';
import { idempotentPost } from '../../http/idempotency';
import type { StaffRouteDeps } from '../../staff/deps';
import { queryOf } from '../../staff/paging';
import { actorOf, inScope, isSupervisor, requireStaff, type StaffEnv } from '../../staff/policy';
import {
  assigneeRefusal,
  hunterOfTask,
  insertTask,
  recordTasks,
  setTaskDone,
  taskForChange,
  taskRecordHunter,
} from './tasks.repo';

const NOT_FOUND_RECORD = 'Ce dossier n’existe pas ou ne vous est pas attribué.';
const NOT_FOUND_TASK = 'Cette tâche n’existe pas ou ne vous est pas attribuée.';
const BAD_TIME = 'Ce jour ou cette heure n’existe pas\u00a0: vérifiez-les.';
/** A task is due at most this far ahead, and at most this far back (a forgotten one noted late). */
const DAY_MS = 24 * 60 * 60 * 1000;
const AHEAD_MS = 2 * 366 * DAY_MS;
const BACK_MS = 366 * DAY_MS;

/**
 * Tasks (issue 29, docs/staff-area.md): a record's list, a new task, a tick. A hunter works the
 * tasks of the records assigned to them, supervisors any; clients none. The two POSTs carry an
 * Idempotency-Key (the outbox replays them, flow 'staff-task'). Mounted on /api.
 */
export function tasksRoutes(deps: StaffRouteDeps): Hono<AuthEnv> {
  const { db, now } = deps;
  const app = new Hono<StaffEnv>();
  const staff = [requireAuth(deps.tokens, deps.users), requireStaff()] as const;
  // Keys are the author's: another person's key can neither replay nor block their change.
  const keyScope = (c: Context) => `staff-task:${(c as Context<StaffEnv>).get('user')._id}`;

  app.get('/staff/tasks', ...staff, async (c) => {
    const parsed = taskListQuerySchema.safeParse(queryOf(c.req.url));
    if (!parsed.success) return validationError(c, parsed.error);
    const { recordType, recordId } = parsed.data;
    const hunter = await taskRecordHunter(db, recordType, recordId);
    if (hunter === undefined || !inScope(c.get('scope'), hunter))
      return apiError(c, 404, NOT_FOUND_RECORD);
    return c.json((await recordTasks(db, recordType, recordId)) satisfies RecordTasks);
  });

  app.post(
    '/staff/tasks',
    ...staff,
    idempotentPost({
      db,
      scope: keyScope,
      schema: taskCreateSchema,
      prepare: async (c, data) => {
        const ctx = c as Context<StaffEnv>;
        const actor = actorOf(ctx);
        const hunter = await taskRecordHunter(db, data.recordType, data.recordId);
        if (hunter === undefined || !inScope(ctx.get('scope'), hunter))
          return apiError(c, 404, NOT_FOUND_RECORD);
        const dueAt = parisLocalToIso(data.dueAt);
        if (!dueAt) return apiError(c, 400, INVALID_FIELDS, { dueAt: BAD_TIME });
        const at = now();
        if (Date.parse(dueAt) > at + AHEAD_MS)
          return apiError(c, 400, INVALID_FIELDS, {
            dueAt: 'Une tâche se prévoit au plus deux ans à l’avance.',
          });
        if (Date.parse(dueAt) < at - BACK_MS)
          return apiError(c, 400, INVALID_FIELDS, {
            dueAt: 'Cette date est passée depuis plus d’un an.',
          });
        // Who must do it: the record's hunter unless told; nobody works it: the author.
        let assigneeId = data.assigneeId ?? hunter ?? actor.id;
        if (data.assigneeId && data.assigneeId !== actor.id) {
          // A hunter writes tasks for themselves; a supervisor may name any active staff member.
          if (!isSupervisor(actor) && data.assigneeId !== hunter)
            return apiError(c, 403, 'Vous ne pouvez confier une tâche qu’à vous-même.');
          const refusal = await assigneeRefusal(db, data.assigneeId);
          if (refusal) return apiError(c, 400, INVALID_FIELDS, { assigneeId: refusal });
          assigneeId = data.assigneeId;
        }
        return { value: { actorId: actor.id, dueAt, assigneeId } };
      },
      work: async (trx, data, { actorId, dueAt, assigneeId }) => ({
        status: 201,
        body: (await insertTask(
          trx,
          actorId,
          {
            recordType: data.recordType,
            recordId: data.recordId,
            text: data.text,
            dueAt,
            assigneeId,
          },
          new Date(now()).toISOString(),
        )) satisfies TaskView,
      }),
    }),
  );

  app.post(
    '/staff/tasks/:taskId/done',
    ...staff,
    idempotentPost({
      db,
      // The task is part of where the key lives: the same key on another task is another tick.
      scope: (c) => `${keyScope(c)}:${c.req.param('taskId') ?? ''}`,
      schema: taskDoneSchema,
      prepare: async (c) => {
        const ctx = c as Context<StaffEnv>;
        const raw = c.req.param('taskId') ?? '';
        const id = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
        const task = Number.isSafeInteger(id) ? await taskForChange(db, id) : undefined;
        if (!task || !inScope(ctx.get('scope'), hunterOfTask(task)))
          return apiError(c, 404, NOT_FOUND_TASK);
        return { value: { actorId: actorOf(ctx).id, task } };
      },
      work: async (trx, { done }, { actorId, task }) => ({
        status: 200,
        body: (await setTaskDone(
          trx,
          actorId,
          task,
          done,
          new Date(now()).toISOString(),
        )) satisfies TaskView,
      }),
    }),
  );

  return app as unknown as Hono<AuthEnv>;
}
