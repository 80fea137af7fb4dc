import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { Database, JobTable } from '../db/schema';
import { PollingWorker } from '../worker/polling-worker';

/** A job to run later: `key` is unique, so scheduling the same job twice keeps the first. */
export interface JobRequest {
  kind: string;
  key: string;
  payload: unknown;
  /** Milliseconds since the epoch. */
  dueAt: number;
}

/**
 * Schedules a job; pass the transaction of the record that causes it. A job of the same key
 * already scheduled (done or not) wins: the request is dropped (a reminder is never planned
 * twice for one record and one delay).
 */
export async function scheduleJob(
  trx: Kysely<Database>,
  job: JobRequest,
  now: number = Date.now(),
): Promise<void> {
  await trx
    .insertInto('job')
    .values({
      kind: job.kind,
      job_key: job.key,
      payload: JSON.stringify(job.payload ?? null),
      status: 'pending',
      attempts: 0,
      due_at: job.dueAt,
      lease_until: null,
      last_error: null,
      created_at: new Date(now).toISOString(),
      done_at: null,
    })
    .onConflict((oc) => oc.column('job_key').doNothing())
    .execute();
}

/**
 * What a kind of job does. It runs inside the transaction that marks the job done: what it
 * writes (a notification, a queued mail) and the job's 'done' are committed together or not at
 * all, so a job's effects happen once even when its worker stops in the middle.
 */
export type JobHandler = (trx: Kysely<Database>, payload: unknown, now: number) => Promise<void>;

export interface JobWorkerOptions {
  now?: () => number;
  pollMs?: number;
  leaseMs?: number;
  maxAttempts?: number;
  retryMs?: number;
  /** Done and failed jobs are deleted after this long (their payload names records). */
  keepMs?: number;
  log?: { error(fields: object, message: string): void };
}

class LostLease extends Error {}

/**
 * Runs the due jobs, oldest first, in the shape of the mail worker (the same PollingWorker): a
 * job is claimed (status 'running' with a lease) in one statement, then its handler and its
 * 'done' run in one transaction that checks the lease is still this claim's. Several servers on
 * one database never run one job twice.
 */
export class JobWorker extends PollingWorker<'job'> {
  private readonly maxAttempts: number;
  private readonly retryMs: number;

  constructor(
    db: Db,
    private readonly handlers: Record<string, JobHandler>,
    options: JobWorkerOptions = {},
  ) {
    super(db, 'job', 'Tâches du serveur', { ...options, pollMs: options.pollMs ?? 30_000 });
    this.maxAttempts = options.maxAttempts ?? 10;
    this.retryMs = options.retryMs ?? 5 * 60_000;
  }

  protected async handle(job: Selectable<JobTable>): Promise<void> {
    const leaseUntil = Number(job.lease_until);
    try {
      const handler = this.handlers[job.kind];
      if (!handler) throw new Error(`Type de tâche inconnu\u00a0: ${job.kind}`);
      await this.db.transaction().execute(async (trx) => {
        const done = await trx
          .updateTable('job')
          .set({ status: 'done', lease_until: null, done_at: new Date(this.now()).toISOString() })
          .where('id', '=', job.id)
          .where('status', '=', 'running')
          .where('lease_until', '=', leaseUntil)
          .executeTakeFirst();
        // Taken over by another worker after this lease ran out: its run counts, not this one.
        if (Number(done.numUpdatedRows) !== 1) throw new LostLease();
        await handler(trx, JSON.parse(job.payload) as unknown, this.now());
      });
    } catch (error) {
      if (error instanceof LostLease) return;
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = job.attempts >= this.maxAttempts;
      await this.db
        .updateTable('job')
        .set({
          status: giveUp ? 'failed' : 'pending',
          due_at: this.now() + this.retryMs,
          lease_until: null,
          last_error: message.slice(0, 500),
        })
        .where('id', '=', job.id)
        .where('lease_until', '=', leaseUntil)
        .execute();
      this.log.error(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, giveUp },
        `Tâche ${job.id} (${job.kind}) en échec (essai ${job.attempts})\u00a0: ${message}`,
      );
    }
  }
}
