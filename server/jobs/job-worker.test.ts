import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, sharedTestDatabase } from '../db/test-database';
import type { Db } from '../db/database';
import { MailQueue } from '../mail/mail-queue';
import { JobWorker, scheduleJob, type JobHandler } from './job-worker';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const HOUR = 60 * 60_000;
const T0 = Date.parse('2026-11-26T09:00:00.000Z');

/** A job that queues one mail (its effect), in the job's transaction. */
const mailing =
  (db: Db): JobHandler =>
  async (trx, payload) => {
    const { n } = payload as { n: number };
    await new MailQueue(db).enqueue(
      { to: `n${n}@exemple.fr`, subject: `Rappel ${n}`, text: 't', html: '<p>t</p>' },
      trx,
    );
  };

async function jobs(db: Db) {
  return db.selectFrom('job').selectAll().orderBy('id').execute();
}

describe('server jobs', () => {
  it('runs a job once when due, never before; the same key is scheduled once', async () => {
    const db = await openTestDatabase();
    cleanup.push(() => db.destroy());
    let now = T0;
    await scheduleJob(
      db,
      { kind: 'mail', key: 'k:1', payload: { n: 1 }, dueAt: T0 + 24 * HOUR },
      now,
    );
    await scheduleJob(db, { kind: 'mail', key: 'k:1', payload: { n: 2 }, dueAt: T0 + HOUR }, now);
    expect(await jobs(db)).toHaveLength(1);
    const worker = new JobWorker(db, { mail: mailing(db) }, { now: () => now });

    now = T0 + 24 * HOUR - 1;
    await worker.drain();
    expect(await db.selectFrom('mail_queue').selectAll().execute()).toHaveLength(0);

    now = T0 + 24 * HOUR;
    await worker.drain();
    await worker.drain();
    const mails = await db.selectFrom('mail_queue').select('recipient').execute();
    expect(mails).toEqual([{ recipient: 'n1@exemple.fr' }]);
    const [job] = await jobs(db);
    expect(job).toMatchObject({
      status: 'done',
      attempts: 1,
      done_at: new Date(now).toISOString(),
    });

    // Finished jobs are deleted after 30 days (by an hourly pass).
    now = T0 + 30 * 24 * HOUR - 1;
    await worker.drain();
    expect(await jobs(db)).toHaveLength(1);
    now = T0 + 30 * 24 * HOUR + 2 * HOUR;
    await worker.drain();
    expect(await jobs(db)).toHaveLength(0);
  });

  it('retries a failing job without its half-done effects, then marks it failed', async () => {
    const db = await openTestDatabase();
    cleanup.push(() => db.destroy());
    let now = T0;
    await scheduleJob(db, { kind: 'flaky', key: 'f:1', payload: { n: 1 }, dueAt: T0 }, now);
    const errors: string[] = [];
    const worker = new JobWorker(
      db,
      {
        flaky: async (trx, payload) => {
          await mailing(db)(trx, payload, now);
          throw new Error('panne');
        },
      },
      { now: () => now, maxAttempts: 2, retryMs: 1000, log: { error: (_f, m) => errors.push(m) } },
    );
    await worker.drain();
    expect(await jobs(db)).toMatchObject([
      { status: 'pending', attempts: 1, due_at: T0 + 1000, last_error: 'panne' },
    ]);
    now += 1000;
    await worker.drain();
    expect(await jobs(db)).toMatchObject([{ status: 'failed', attempts: 2 }]);
    // The mail written before the failure was rolled back with it.
    expect(await db.selectFrom('mail_queue').selectAll().execute()).toHaveLength(0);
    expect(errors).toHaveLength(2);
  });

  it('runs each of 30 due jobs exactly once with four workers on two servers', async () => {
    const database = await sharedTestDatabase();
    cleanup.push(() => database.close());
    const handles = [database.open(), database.open()];
    for (let n = 0; n < 30; n += 1)
      await scheduleJob(
        handles[0]!,
        { kind: 'mail', key: `r:${n}`, payload: { n }, dueAt: T0 },
        T0,
      );
    const ran: string[] = [];
    const workers = Array.from({ length: 4 }, (_, i) => {
      const db = handles[i % 2]!;
      return new JobWorker(
        db,
        {
          mail: async (trx, payload, now) => {
            await new Promise((resolve) => setTimeout(resolve, 2));
            ran.push(`w${i}`);
            await mailing(db)(trx, payload, now);
          },
        },
        { now: () => T0 + HOUR },
      );
    });
    await Promise.all(workers.map((w) => w.drain()));
    const mails = await handles[0]!.selectFrom('mail_queue').select('recipient').execute();
    expect(mails).toHaveLength(30);
    expect(new Set(mails.map((m) => m.recipient)).size).toBe(30);
    const done = await jobs(handles[0]!);
    expect(done.map((j) => [j.status, j.attempts])).toEqual(Array(30).fill(['done', 1]));
    expect(ran).toHaveLength(30);
  });
});
