import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validRegistration } from '../../src/domain/buyer-signup.fixture';
import { MASKED_LINK } from '../../src/domain/api/mails';
import { validOwnerSubmission } from '../../src/domain/owner-questionnaire.fixture';
import { makeTestApp, postJson } from '../test-app';
import { LocalTransport, MailWorker, SmtpTransport } from './mail-worker';
import { TestSmtp, freePort } from './test-smtp';

/**
 * The mail queue against a real SMTP server (smtp-server, in this process): e-mails written with
 * their record survive a mail server that is down, and each arrives once, across a restart.
 */
const cleanup: (() => Promise<void> | void)[] = [];

/** A test app with one mail queued, to x@exemple.fr. */
async function oneQueued(mail: { subject: string; text: string; html: string }) {
  const made = await makeTestApp();
  cleanup.push(() => made.db.destroy());
  await made.mails.enqueue({ to: 'x@exemple.fr', ...mail });
  return made;
}
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup.length = 0;
});

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Délai dépassé : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('mail queue and worker, with a real SMTP server', () => {
  it('keeps the six mails of three forms through a mail-server outage and a restart, and delivers each once', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mail-queue-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const { app, db, mails } = await makeTestApp({ dataDir: dir });
    cleanup.push(() => db.destroy());

    const smtp = new TestSmtp(await freePort());
    cleanup.push(() => smtp.stop());
    const transport = new SmtpTransport(
      `smtp://127.0.0.1:${smtp.port}`,
      'Chassimmo <contact@chassimmo.fr>',
    );
    cleanup.push(() => transport.close());
    const retry = { baseMs: 30, maxMs: 200 };
    let worker = new MailWorker(db, mails, transport, { retry, pollMs: 50 });
    worker.start();
    cleanup.push(() => worker.stop());

    // The mail server is down: the three forms are still answered and their mails kept.
    const answers = await Promise.all([
      app.request(
        '/api/public/biens',
        postJson(validOwnerSubmission, { 'Idempotency-Key': randomUUID() }),
      ),
      app.request(
        '/api/register',
        postJson(validRegistration, { 'Idempotency-Key': randomUUID() }),
      ),
      app.request(
        '/api/contact',
        postJson({
          name: 'Léa Bernard',
          email: 'lea.contact@exemple.fr',
          subject: 'vente',
          message: 'Bonjour, je souhaite vendre mon appartement à Vincennes.',
          consent: true,
        }),
      ),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const queued = await mails.list();
    expect(queued).toHaveLength(6);
    await until(
      async () => (await mails.list()).every((m) => m.attempts >= 2 && m.status === 'pending'),
      'deux essais refusés par le serveur arrêté',
    );
    expect((await mails.list())[0]?.lastError).toMatch(/ECONNREFUSED/);
    expect(smtp.received).toEqual([]);

    // A restart of the application while the mail server is still down.
    await worker.stop();
    worker = new MailWorker(db, mails, transport, { retry, pollMs: 50 });
    worker.start();

    // The mail server comes back: every mail arrives, once.
    await smtp.start();
    await until(
      async () => (await mails.list()).every((m) => m.status === 'sent'),
      'les six e-mails remis',
    );
    // More passes find nothing left to send.
    worker.wake();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await worker.stop();

    expect(smtp.received).toHaveLength(6);
    const ids = smtp.received.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(6);
    expect(ids.sort()).toEqual(queued.map((m) => m.messageId).sort());
    const recipients = smtp.received.map((m) => m.to.join(',')).sort();
    expect(recipients).toEqual(
      [
        validOwnerSubmission.contact.email,
        'contact@chassimmo.fr',
        validRegistration.email,
        'contact@chassimmo.fr',
        'lea.contact@exemple.fr',
        'contact@chassimmo.fr',
      ].sort(),
    );
  });

  it('marks a mail failed after its last attempt, and stops trying it', async () => {
    const { db, mails } = await oneQueued({
      subject: 'Essai',
      text: 'Essai',
      html: '<p>Essai</p>',
    });
    const port = await freePort();
    const transport = new SmtpTransport(`smtp://127.0.0.1:${port}`, 'contact@chassimmo.fr');
    cleanup.push(() => transport.close());
    const worker = new MailWorker(db, mails, transport, {
      retry: { baseMs: 10, maxMs: 20 },
      maxAttempts: 3,
      pollMs: 20,
    });
    worker.start();
    cleanup.push(() => worker.stop());
    await until(async () => (await mails.list())[0]?.status === 'failed', 'abandon');
    expect((await mails.list())[0]?.attempts).toBe(3);
  });

  it('keeps a delivered mail without its links that would open an account, in production', async () => {
    const { db, mails } = await oneQueued({
      subject: 'Réinitialisation',
      text: 'Lien : https://www.chassimmo.fr/reinitialiser-mot-de-passe/abc',
      html: '<p><a href="https://www.chassimmo.fr/reinitialiser-mot-de-passe/abc">Lien</a></p>',
    });
    const worker = new MailWorker(db, mails, new LocalTransport(), {
      forgetDeliveredBodies: true,
      pollMs: 20,
    });
    worker.start();
    cleanup.push(() => worker.stop());
    await until(async () => (await mails.list())[0]?.status === 'sent', 'remis');
    // The code is gone from what is kept (issue 29: « Courriels » shows the rest).
    const [kept] = await mails.list();
    expect(kept).toMatchObject({
      subject: 'Réinitialisation',
      text: `Lien : ${MASKED_LINK}`,
      html: `<p><a href="${MASKED_LINK}">Lien</a></p>`,
    });
    expect(JSON.stringify(kept)).not.toContain('reinitialiser-mot-de-passe/abc');
  });
});
