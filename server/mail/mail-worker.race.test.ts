import { afterEach, describe, expect, it } from 'vitest';
import { sharedTestDatabase } from '../db/test-database';
import { MailQueue, type QueuedMail } from './mail-queue';
import { MailWorker, type MailTransport } from './mail-worker';

/**
 * Several servers on one database each run a MailWorker (issue 26): a mail is claimed by one of
 * them only, so each is delivered once — on SQLite and on a real PostgreSQL, where the claims of
 * the workers run truly at the same time.
 */
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A mail server that takes a moment per mail and notes who handed it over. */
class RecordingTransport implements MailTransport {
  constructor(
    private readonly name: string,
    private readonly received: { by: string; messageId: string }[],
  ) {}

  async deliver(mail: QueuedMail): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 2));
    this.received.push({ by: this.name, messageId: mail.messageId });
  }
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Délai dépassé : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('mail workers of several servers on one database', () => {
  it('delivers each of 30 queued mails exactly once with four workers on two servers', async () => {
    const database = await sharedTestDatabase();
    cleanup.push(() => database.close());
    const handles = [database.open(), database.open()];
    const queue = new MailQueue(handles[0]!);
    for (let i = 0; i < 30; i += 1) {
      await queue.enqueue({
        to: `destinataire${i}@exemple.fr`,
        subject: `Message ${i}`,
        text: `Bonjour ${i}`,
        html: `<p>Bonjour ${i}</p>`,
      });
    }
    const received: { by: string; messageId: string }[] = [];
    const workers = Array.from({ length: 4 }, (_, i) => {
      const db = handles[i % 2]!;
      return new MailWorker(db, new MailQueue(db), new RecordingTransport(`w${i}`, received), {
        pollMs: 20,
      });
    });
    for (const worker of workers) worker.start();
    cleanup.push(async () => {
      for (const worker of workers) await worker.stop();
    });

    await until(
      async () => (await queue.list()).every((m) => m.status === 'sent'),
      'les 30 e-mails remis',
    );
    for (const worker of workers) await worker.stop();
    const queued = await queue.list();
    expect(queued).toHaveLength(30);
    const ids = received.map((r) => r.messageId).sort();
    expect(ids).toEqual(queued.map((m) => m.messageId).sort());
    expect(new Set(ids).size).toBe(30);
    // Claimed once each: no worker took a mail another held.
    expect(queued.map((m) => m.attempts)).toEqual(Array<number>(30).fill(1));
    // Both servers did deliver (a test where one worker took everything would prove nothing).
    expect(new Set(received.map((r) => r.by)).size).toBeGreaterThan(1);
  });
});
