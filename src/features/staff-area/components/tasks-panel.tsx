import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  recordTasksPath,
  TASK_TEXT_MAX,
  TASKS_PATH,
  taskDonePath,
  taskFormSchema,
  type RecordTasks,
  type TaskRecordType,
  type TaskView,
} from '../../../domain/api/tasks';
import { dueText, formatDayDateTime } from '../../../domain/french-date';
import { outboxStatusLabel } from '../../../domain/outbox';
import { isoToParisLocal, parisLocalToIso } from '../../../domain/paris-time';
import type { ChangeEntry } from '../../../db/outbox.repo';
import { api } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { Field } from '../../../ui/form/field';
import { useSchemaForm } from '../../../ui/form/schema-form';
import { LoadGate } from '../../../ui/load-gate';
import { useSession } from '../../auth';
import { changeHeaders, usePendingChanges } from '../../offline/submission-status';
import { useStaffApi } from '../staff-api';
import { DueWords } from './callback';

type TaskChange = ChangeEntry<'staff-task'>;
type AddChange = TaskChange & { change: { action: 'add' } };
type TickChange = TaskChange & { change: { action: 'done' } };
const isAdd = (e: TaskChange): e is AddChange => e.change.action === 'add';
const isTick = (e: TaskChange): e is TickChange => e.change.action === 'done';

/**
 * When a new task is due unless told: today at 18 h (Paris), or tomorrow at 9 h once it is 17 h.
 */
export function defaultDue(now = Date.now()): string {
  const local = isoToParisLocal(new Date(now).toISOString());
  if (Number(local.slice(11, 13)) < 17) return `${local.slice(0, 10)}T18:00`;
  const tomorrow = new Date(Date.parse(`${local.slice(0, 10)}T12:00:00Z`) + 24 * 3_600_000);
  return `${tomorrow.toISOString().slice(0, 10)}T09:00`;
}

/** The time now, read again every minute: « en retard » comes without a reload. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** When a task is due, in words; in red with « En retard » once past. */
export function TaskDue({ dueAt, now }: { dueAt: string; now: number }) {
  const due = dueText(dueAt, now);
  return (
    <time dateTime={dueAt}>
      <DueWords text={due.text} overdue={due.overdue} />
    </time>
  );
}

/**
 * Ticks a task done (or reopens it) through the outbox, says how it went in a toast, and calls
 * `onSent` once the server has it. False when it did not go (the box is unticked again).
 */
export async function sendTaskTick(
  taskId: number,
  done: boolean,
  userId: string | undefined,
  onSent: () => void,
): Promise<boolean> {
  if (!userId) return false;
  try {
    const answer = await api<{ queued?: boolean }>(taskDonePath(taskId), {
      method: 'POST',
      body: { done },
      headers: changeHeaders(crypto.randomUUID(), userId),
    });
    if (answer.queued) notify.info('Pas de réseau\u00a0: la tâche sera marquée dès son retour.');
    else {
      notify.success(done ? 'Tâche faite.' : 'Tâche rouverte.');
      onSent();
    }
    return true;
  } catch {
    notify.error('La tâche n’a pas pu être mise à jour. Réessayez.');
    return false;
  }
}

/** The task ticks of `userId` still on the device, by task. */
export function usePendingTicks(userId: string | undefined, onArrived: () => void) {
  const pending = usePendingChanges(userId, 'staff-task', onArrived);
  return { pending, ticks: new Map(pending.filter(isTick).map((e) => [e.change.taskId, e])) };
}

/** An open task: its box to tick, what, when, for whom; ticked offline, it says it waits. */
export function OpenTask({
  task,
  tick,
  userId,
  now,
  onTick,
  children,
}: {
  task: TaskView;
  now: number;
  tick: TickChange | undefined;
  userId: string | undefined;
  onTick: (task: TaskView, done: boolean) => Promise<boolean>;
  /** What follows the task (« Aujourd’hui »: whose file, with its link). */
  children?: ReactNode;
}) {
  // Ticked: checked at once, while the server (or the outbox) takes it.
  const [busy, setBusy] = useState(false);
  const waiting = busy || (tick && tick.change.done);
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-3" data-testid="task">
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="checkbox checkbox-primary mt-0.5"
          checked={!!waiting}
          disabled={busy || (!!tick && tick.status !== 'failed')}
          onChange={(event) => {
            setBusy(true);
            void onTick(task, event.target.checked).then((ok) => setBusy(ok));
          }}
        />
        <span className="min-w-0 flex-1">
          <span className={`block whitespace-pre-line ${waiting ? 'line-through' : ''}`}>
            {task.text}
          </span>
          <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <TaskDue dueAt={task.dueAt} now={now} />
            {task.assigneeName && task.assigneeId !== userId ? (
              <span className="text-base-content/75">Pour {task.assigneeName}</span>
            ) : null}
          </span>
        </span>
      </label>
      {children}
      {tick ? <PendingState entry={tick} what="Faite" /> : null}
    </li>
  );
}

/** The outbox state of a change still on the device. */
export function PendingState({ entry, what }: { entry: TaskChange; what: string }) {
  const { status, message } = entry;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-base-content/75">
      <span className={`badge ${status === 'failed' ? 'badge-error' : 'badge-warning'}`}>
        {what}&nbsp;: {outboxStatusLabel(status, 'staff-task').toLowerCase()}
      </span>
      {message ? <span>{message}</span> : null}
      {status !== 'failed' ? <span>Elle partira dès le retour du réseau.</span> : null}
    </p>
  );
}

/** A task the outbox still holds (written offline): what, when, its state. */
function PendingTask({ entry, now }: { entry: AddChange; now: number }) {
  const dueAt = parisLocalToIso(entry.change.dueAt);
  return (
    <li className="rounded-box border border-dashed border-warning p-3" data-testid="pending-task">
      <p className="whitespace-pre-line">{entry.change.text}</p>
      {dueAt ? (
        <p className="mt-1 text-sm">
          <TaskDue dueAt={dueAt} now={now} />
        </p>
      ) : null}
      <PendingState entry={entry} what="Tâche" />
    </li>
  );
}

/**
 * « Tâches » of a buyer's file or an owner lead (issue 29): what must be done and when, soonest
 * first, each ticked done (or reopened); the form to add one. Adding and ticking go through the
 * outbox (Idempotency-Key): done without network, they wait on the device, shown as such, and
 * arrive once. Due tasks also show on « Aujourd’hui ».
 */
export function TasksPanel({
  recordType,
  recordId,
}: {
  recordType: TaskRecordType;
  recordId: string;
}) {
  const { user } = useSession();
  const userId = user?._id;
  const titleId = useId();
  const [load, reload] = useStaffApi<RecordTasks>(recordTasksPath(recordType, recordId));
  const { pending, ticks } = usePendingTicks(userId, reload);
  const adds = pending
    .filter(isAdd)
    .filter((e) => e.change.recordType === recordType && e.change.recordId === recordId);
  const [showDone, setShowDone] = useState(false);
  const now = useMinuteClock();
  const { register, submit, reset, failure, formState } = useSchemaForm(taskFormSchema, {
    defaultValues: { text: '', dueAt: defaultDue() },
    mode: 'onSubmit',
  });

  const add = submit(async ({ text, dueAt }) => {
    if (!userId) return;
    const answer = await api<{ queued?: boolean }>(TASKS_PATH, {
      method: 'POST',
      body: { recordType, recordId, text, dueAt },
      headers: changeHeaders(crypto.randomUUID(), userId),
    });
    reset({ text: '', dueAt: defaultDue() });
    if (answer.queued) notify.info('Pas de réseau\u00a0: la tâche partira dès son retour.');
    else {
      notify.success('Tâche ajoutée.');
      reload();
    }
  });

  const tick = (task: TaskView, done: boolean) => sendTaskTick(task.id, done, userId, reload);

  return (
    <section aria-labelledby={titleId} className="rounded-box border border-base-300 p-5">
      <h2 id={titleId} className="text-xl font-semibold">
        Tâches
      </h2>
      <form className="mt-4 space-y-3" noValidate onSubmit={(event) => void add(event)}>
        <Field compact label="Nouvelle tâche" error={formState.errors.text?.message}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="text"
              className={`input w-full ${invalid ? 'input-error' : ''}`}
              maxLength={TASK_TEXT_MAX}
              placeholder="Rappeler pour la contre-visite"
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              {...register('text')}
            />
          )}
        </Field>
        <div className="flex flex-wrap items-end gap-3">
          <Field
            compact
            label="Pour le"
            hint="Heure de Paris."
            error={formState.errors.dueAt?.message}
            className="min-w-0 flex-1"
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="datetime-local"
                className={`input w-full ${invalid ? 'input-error' : ''}`}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                {...register('dueAt')}
              />
            )}
          </Field>
          <button
            type="submit"
            className="btn btn-primary btn-sm"
            disabled={formState.isSubmitting}
          >
            Ajouter la tâche
          </button>
        </div>
        {failure ? (
          <p role="alert" className="text-sm text-error">
            {failure}
          </p>
        ) : null}
      </form>
      <LoadGate load={load} loading="Chargement des tâches…" inline>
        {({ open, done }) => (
          <>
            <ul className="mt-5 space-y-3" aria-label="Tâches à faire">
              {adds.map((entry) => (
                <PendingTask key={entry.key} entry={entry} now={now} />
              ))}
              {open.map((task) => (
                <OpenTask
                  key={task.id}
                  task={task}
                  tick={ticks.get(task.id)}
                  userId={userId}
                  now={now}
                  onTick={tick}
                />
              ))}
              {open.length === 0 && adds.length === 0 ? (
                <li className="text-base-content/75">Aucune tâche à faire.</li>
              ) : null}
            </ul>
            {done.length > 0 ? (
              <div className="mt-4">
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-expanded={showDone}
                  onClick={() => setShowDone((v) => !v)}
                >
                  {showDone ? 'Masquer les tâches faites' : `Tâches faites (${done.length})`}
                </button>
                {showDone ? (
                  <ul className="mt-2 space-y-2 text-sm" aria-label="Tâches faites">
                    {done.map((task) => {
                      const reopening = ticks.get(task.id);
                      return (
                        <li
                          key={task.id}
                          className="rounded-box bg-base-200 p-3"
                          data-testid="done-task"
                        >
                          <p className="line-through">{task.text}</p>
                          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-base-content/75">
                            <span>
                              Faite le {formatDayDateTime(task.doneAt ?? task.dueAt, now)}
                              {task.doneByName ? ` par ${task.doneByName}` : ''}
                            </span>
                            {reopening ? (
                              <PendingState entry={reopening} what="Rouverte" />
                            ) : (
                              <button
                                type="button"
                                className="btn btn-ghost btn-xs"
                                onClick={() => void tick(task, false)}
                              >
                                Rouvrir<span className="sr-only"> «&nbsp;{task.text}&nbsp;»</span>
                              </button>
                            )}
                          </p>
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
              </div>
            ) : null}
          </>
        )}
      </LoadGate>
    </section>
  );
}
