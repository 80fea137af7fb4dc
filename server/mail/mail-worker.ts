import nodemailer from 'nodemailer';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { MailQueueTable } from '../db/schema';
import { PollingWorker } from '../worker/polling-worker';
import { toQueuedMail, type MailQueue, type QueuedMail } from './mail-queue';
import { withoutSecretLinks } from './secret-links';
import { BLANK_MAIL, purgeErasable } from '../resources/client/erasure';

/** Where the worker hands a mail over: an SMTP server, or nowhere (development). */
export interface MailTransport {
  /** Resolves once the mail is accepted; rejects when it was not (it will be tried again). */
  deliver(mail: QueuedMail): Promise<void>;
}

/** Real delivery over SMTP_URL (smtp:// or smtps://user:pass@host:port). */
export class SmtpTransport implements MailTransport {
  private readonly transport;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    // Timeouts well under the worker's lease: a stalled server never holds a mail long enough
    // for another worker to take it over mid-send. Query parameters of SMTP_URL still win.
    this.transport = nodemailer.createTransport({
      url,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
  }

  async deliver(mail: QueuedMail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      // An address object: one mailbox, never parsed as a list.
      to: { name: '', address: mail.to },
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      attachments: mail.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
      })),
    });
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * Development and tests without SMTP_URL: nothing leaves the machine; the mail counts as
 * delivered and stays readable at /dev/outbox, which lists the queue table.
 */
export class LocalTransport implements MailTransport {
  deliver(): Promise<void> {
    return Promise.resolve();
  }
}

/** What the worker needs of a logger (a pino Logger is one). */
export interface ErrorLog {
  error(fields: object, message: string): void;
}

export interface MailWorkerOptions {
  now?: () => number;
  /** Wait before the nth retry: doubles from baseMs up to maxMs. */
  retry?: { baseMs: number; maxMs: number };
  /** A mail still failing after this many attempts is marked failed (kept, with its body). */
  maxAttempts?: number;
  /** Idle polling period (an enqueue also wakes the worker). */
  pollMs?: number;
  /** A claim older than this is taken to belong to a stopped worker. */
  leaseMs?: number;
  /**
   * Production: a delivered mail is kept without its personal links (activation, password
   * reset: they open accounts; only their hash is kept elsewhere), masked by secret-links.ts, so
   * « Courriels » can still show and resend the rest (issue 29). Development keeps the whole body
   * for /dev/outbox.
   */
  forgetDeliveredBodies?: boolean;
  /** Delivered and abandoned mails are deleted after this long. */
  keepMs?: number;
  /** Where failed deliveries are said (the server's logger); default: standard error. */
  log?: ErrorLog;
}

/**
 * Sends the queued mails, one at a time, oldest first. A mail is claimed (status 'sending' with
 * a lease) in one statement, handed to the transport, then marked 'sent' in the next: a stop in
 * between leaves it 'sending', and only a worker whose lease has run out takes it again. A
 * graceful stop waits for the mail in hand, so a restart sends nothing twice, and the workers of
 * several servers on one database never take the same mail (the claim: PollingWorker). Only a
 * crash in the instant between the mail server's acceptance and the database write can repeat a
 * mail, and then with the same Message-ID, which mail systems use to drop duplicates.
 */
export class MailWorker extends PollingWorker<'mail_queue'> {
  private readonly retry: { baseMs: number; maxMs: number };
  private readonly maxAttempts: number;
  private readonly forgetDeliveredBodies: boolean;

  constructor(
    db: Db,
    private readonly queue: MailQueue,
    private readonly transport: MailTransport,
    options: MailWorkerOptions = {},
  ) {
    super(db, 'mail_queue', 'File d’e-mails', { ...options, pollMs: options.pollMs ?? 5_000 });
    // 30 s, 1 min, 2 min… up to 1 h: about 30 attempts over a day before giving up.
    this.retry = options.retry ?? { baseMs: 30_000, maxMs: 60 * 60_000 };
    this.maxAttempts = options.maxAttempts ?? 30;
    this.forgetDeliveredBodies = options.forgetDeliveredBodies ?? false;
  }

  /** An enqueue wakes the worker. */
  protected override listen(): () => void {
    return this.queue.onEnqueued(() => this.wake());
  }

  /** Idempotency answers past their replay window, and any deletion mail left unblanked. */
  protected override purgeMore(now: number): Promise<void> {
    return purgeErasable(this.db, now);
  }

  /** Hands the claimed mail to the transport, then marks it sent (or to be tried again). */
  protected async handle(row: Selectable<MailQueueTable>): Promise<void> {
    const mail = toQueuedMail(row);
    const leaseUntil = Number(row.lease_until);
    try {
      await this.transport.deliver(mail);
    } catch (error) {
      await this.failed(mail, leaseUntil, error);
      return;
    }
    await this.db
      .updateTable('mail_queue')
      .set({
        status: 'sent',
        sent_at: new Date(this.now()).toISOString(),
        lease_until: null,
        ...(this.forgetDeliveredBodies ? withoutSecretLinks(mail) : {}),
      })
      .where('id', '=', mail.id)
      .where('lease_until', '=', leaseUntil)
      .execute();
    // A deleted account's confirmation: once it went out, who it went to goes (issue 31).
    await this.db
      .updateTable('mail_queue')
      .set(BLANK_MAIL)
      .where('id', '=', mail.id)
      .where('group_key', 'like', 'erase:%')
      .where('status', '=', 'sent')
      .execute();
  }

  private async failed(mail: QueuedMail, leaseUntil: number, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = mail.attempts >= this.maxAttempts;
    const wait = Math.min(
      this.retry.maxMs,
      this.retry.baseMs * 2 ** Math.min(20, mail.attempts - 1),
    );
    await this.db
      .updateTable('mail_queue')
      .set({
        status: giveUp ? 'failed' : 'pending',
        next_attempt_at: this.now() + wait,
        lease_until: null,
        last_error: message.slice(0, 500),
      })
      .where('id', '=', mail.id)
      .where('lease_until', '=', leaseUntil)
      .execute();
    this.log.error(
      { mailId: mail.id, attempts: mail.attempts, giveUp },
      `E-mail ${mail.id} non remis (essai ${mail.attempts}${giveUp ? ', abandon' : ''})\u00a0: ${message}`,
    );
  }
}
