import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Db } from '../db/database';
import { skippingLocked } from '../db/dialect';
import type { Database } from '../db/schema';

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
 * Runs the due jobs, oldest first, in the shape of the mail worker (server/mail/mail-worker.ts):
 * a job is claimed (status 'running' with a lease) in one statement — on PostgreSQL the subquery
 * skips the rows other workers are claiming (FOR UPDATE SKIP LOCKED), on SQLite the statement
 * holds the write lock — then its handler and its 'done' run in one transaction that checks the
 * lease is still this claim's. Several servers on one database never run one job twice.
 */
export class JobWorker {
  private readonly now: () => number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly retryMs: number;
  private readonly keepMs: number;
  private purgedAt = -Infinity;
  private readonly log: { error(fields: object, message: string): void };
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  /** Set by stop(): a pass in hand ends after its job. */
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, JobHandler>,
    options: JobWorkerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.pollMs = options.pollMs ?? 30_000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.maxAttempts = options.maxAttempts ?? 10;
    this.retryMs = options.retryMs ?? 5 * 60_000;
    this.keepMs = options.keepMs ?? 30 * 24 * 60 * 60_000;
    this.log = options.log ?? {
      error: (fields: object, msg: string) => console.error(msg, fields),
    };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.wake();
  }

  /** Stops polling and waits for the job in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs a pass now (or once more right after the one running). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .catch((err: unknown) =>
        this.log.error({ err }, 'Tâches du serveur\u00a0: passe interrompue'),
      )
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.wake();
        } else {
          this.timer = setTimeout(() => this.wake(), this.pollMs);
          this.timer.unref();
        }
      });
  }

  /** Runs every due job once; resolves when none is left for now (tests call it directly). */
  async drain(): Promise<void> {
    await this.purge();
    while (!this.stopping) {
      const claimed = await this.claim();
      if (!claimed) return;
      await this.run(claimed);
    }
  }

  /** Once an hour: finished jobs older than keepMs go (a new arrival never reuses their key). */
  private async purge(): Promise<void> {
    const t = this.now();
    if (t - this.purgedAt < 60 * 60_000) return;
    this.purgedAt = t;
    await this.db
      .deleteFrom('job')
      .where('status', 'in', ['done', 'failed'])
      .where('created_at', '<', new Date(t - this.keepMs).toISOString())
      .execute();
  }

  private async claim() {
    const t = this.now();
    const leaseUntil = t + this.leaseMs;
    const due = (eb: ExpressionBuilder<Database, 'job'>) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('due_at', '<=', t)]),
        eb.and([eb('status', '=', 'running'), eb('lease_until', '<', t)]),
      ]);
    const oldest = this.db
      .selectFrom('job')
      .select('id')
      .where(due)
      .orderBy('due_at')
      .orderBy('id')
      .limit(1);
    return this.db
      .updateTable('job')
      .set((eb) => ({
        status: 'running',
        lease_until: leaseUntil,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', skippingLocked(this.db, oldest))
      .where(due)
      .returning(['id', 'kind', 'payload', 'attempts', 'lease_until'])
      .executeTakeFirst();
  }

  private async run(job: {
    id: number;
    kind: string;
    payload: string;
    attempts: number;
    lease_until: number | null;
  }): Promise<void> {
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
