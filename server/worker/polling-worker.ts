import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Db } from '../db/database';
import { skippingLocked } from '../db/dialect';
import type { Database } from '../db/schema';

/** The tables worked through by a PollingWorker: the mail queue and the server's jobs. */
export type LeasedTable = 'mail_queue' | 'job';

/**
 * How each leased table is worked: the column saying from when a pending row is due
 * (milliseconds since the epoch), the status of a claimed row, and the statuses of finished
 * rows (deleted keepMs after their creation: a delivered mail's copy, a job's payload naming
 * records, are not kept forever).
 */
const LEASES = {
  mail_queue: { due: 'next_attempt_at', claimed: 'sending', finished: ['sent', 'failed'] },
  job: { due: 'due_at', claimed: 'running', finished: ['done', 'failed'] },
} as const;

export interface PollingWorkerOptions {
  now?: () => number;
  /** Idle polling period (wake() starts a pass at once). */
  pollMs: number;
  /** A claim older than this is taken to belong to a stopped worker; default 5 minutes. */
  leaseMs?: number;
  /** Finished rows are deleted after this long; default 30 days. */
  keepMs?: number;
  log?: { error(fields: object, message: string): void };
}

/** The columns every leased table has, under one name for the claim's typing. */
interface LeasedRow {
  id: number;
  status: string;
  attempts: number;
  lease_until: number | null;
  next_attempt_at: number;
  due_at: number;
  created_at: string;
}

/**
 * The polling loop shared by the MailWorker and the JobWorker (issues 26 and 31): one pass at a
 * time, woken by a timer or by wake(); a pass first purges finished rows (once an hour), then
 * claims the oldest due row and hands it to `handle`, until none is due or stop() is called.
 *
 * A row is claimed (claimedStatus with a lease) in one statement; the updates that settle it
 * check the lease is still this claim's. Several servers may run a worker on one database: on
 * PostgreSQL the subquery locks the row it picks and skips the rows other workers are claiming
 * (FOR UPDATE SKIP LOCKED); on SQLite the statement holds the write lock from its start. Either
 * way the update checks again that the row is due, so a claim that lost a race takes nothing,
 * and a claim whose lease ran out (a stopped worker) is taken over.
 */
export abstract class PollingWorker<T extends LeasedTable> {
  protected readonly now: () => number;
  protected readonly leaseMs: number;
  protected readonly log: { error(fields: object, message: string): void };
  private readonly pollMs: number;
  private readonly keepMs: number;
  private purgedAt = -Infinity;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  /** Set by stop(): a pass in hand ends after its row. */
  private stopping = false;
  private unlisten: (() => void) | undefined;

  /** `label`: said in the log when a pass stops on an error. */
  protected constructor(
    protected readonly db: Db,
    private readonly table: T,
    private readonly label: string,
    options: PollingWorkerOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.pollMs = options.pollMs;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.keepMs = options.keepMs ?? 30 * 24 * 60 * 60_000;
    this.log = options.log ?? {
      error: (fields: object, msg: string) => console.error(msg, fields),
    };
  }

  /** Works the claimed row; its lease_until is the claim's. */
  protected abstract handle(row: Selectable<Database[T]>): Promise<void>;

  /** What else the hourly purge does (nothing by default). */
  protected purgeMore(_now: number): Promise<void> {
    return Promise.resolve();
  }

  /** Subscribes to what should wake the worker; returns the unsubscription (none by default). */
  protected listen(): (() => void) | undefined {
    return undefined;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.unlisten = this.listen();
    this.wake();
  }

  /** Stops polling and waits for the row in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    this.unlisten?.();
    this.unlisten = undefined;
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
      // A database error (a busy file, a full disk) must not stop the server: the rows stay in
      // the table and the next pass takes them again.
      .catch((err: unknown) => this.log.error({ err }, `${this.label}\u00a0: passe interrompue`))
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

  /** Works every due row once; resolves when none is left for now (tests call it directly). */
  async drain(): Promise<void> {
    await this.purge();
    while (!this.stopping) {
      const row = await this.claim();
      if (!row) return;
      await this.handle(row);
    }
  }

  /** Once an hour: finished rows older than keepMs go (RGPD: no endless copy). */
  private async purge(): Promise<void> {
    const t = this.now();
    if (t - this.purgedAt < 60 * 60_000) return;
    this.purgedAt = t;
    await this.leased()
      .deleteFrom(this.table as string)
      .where('status', 'in', [...LEASES[this.table].finished])
      .where('created_at', '<', new Date(t - this.keepMs).toISOString())
      .execute();
    await this.purgeMore(t);
  }

  /** The oldest due row, claimed for this worker until now + leaseMs; undefined when none is due. */
  private async claim(): Promise<Selectable<Database[T]> | undefined> {
    // Widened to what the leased tables share (the claim reads and writes only those columns).
    const table: string = this.table;
    const { due: dueColumn, claimed: claimedStatus } = LEASES[this.table];
    const db = this.leased();
    const t = this.now();
    const due = (eb: ExpressionBuilder<Record<string, LeasedRow>, string>) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb(dueColumn, '<=', t)]),
        eb.and([eb('status', '=', claimedStatus), eb('lease_until', '<', t)]),
      ]);
    const oldest = db
      .selectFrom(table)
      .select('id')
      .where(due)
      .orderBy(dueColumn)
      .orderBy('id')
      .limit(1);
    const row = await db
      .updateTable(table)
      .set((eb) => ({
        status: claimedStatus,
        lease_until: t + this.leaseMs,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', skippingLocked(db, oldest))
      .where(due)
      .returningAll()
      .executeTakeFirst();
    // The row as its own table types it (the claim saw it through the shared columns only).
    return row as Selectable<Database[T]> | undefined;
  }

  /** The database typed by the columns the leased tables share. */
  private leased(): Kysely<Record<string, LeasedRow>> {
    return this.db as unknown as Kysely<Record<string, LeasedRow>>;
  }
}
