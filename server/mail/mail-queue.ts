import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { Database, MailQueueTable, MailStatus } from '../db/schema';
import type { Mail } from './templates';

/** A text file joined to a mail (mail_queue.attachments; issue 32: an appointment's .ics). */
export interface MailAttachment {
  filename: string;
  /** e.g. « text/calendar; charset=utf-8; method=PUBLISH ». */
  contentType: string;
  content: string;
}

/** A mail with its files. */
export type MailWithFiles = Mail & { attachments?: MailAttachment[] };

/**
 * The e-mails the server sends, as rows of `mail_queue` (DESIGN.md: transactional outbox). A
 * route writes its mail in the same transaction as the record that causes it, so a lead is never
 * stored without its mails nor a mail queued for a lead that was rolled back; the MailWorker
 * (mail-worker.ts) delivers them afterwards, with retries, whatever the mail server's mood.
 */
export interface QueuedMail extends MailWithFiles {
  id: number;
  messageId: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /** Absolute addresses found in the text, for people and tests following links. */
  links: string[];
}

export type MailRow = Selectable<MailQueueTable>;

/** A mail of a group, spaced from the group's others (MailQueue.enqueue). */
export interface MailGrouping {
  /** `stage:<projectId>`: the stage mails of one project. */
  group: string;
  /** At most one mail of the group per this many milliseconds. */
  spacingMs: number;
}

const LINK = /https?:\/\/[^\s<>"')]+/g;

export function toQueuedMail(row: MailRow): QueuedMail {
  return {
    id: row.id,
    messageId: row.message_id,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    html: row.html,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    ...(row.attachments ? { attachments: JSON.parse(row.attachments) as MailAttachment[] } : {}),
    links: [...row.text.matchAll(LINK)].map((m) => m[0]),
  };
}

export class MailQueue {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    /** Domain of the Message-ID headers. */
    private readonly domain = 'chassimmo.fr',
  ) {}

  /**
   * Queues a mail; pass the transaction of the record that causes it. The worker is told once
   * the caller is likely committed (it also polls, so a late commit is only a short delay).
   *
   * `grouping` (issue 29): the mail belongs to a group (`stage:42`, the stage mails of project
   * 42) whose mails go out at most once per `spacingMs`. A mail of the group still waiting is
   * replaced (the newest says what is true now), and when one went out less than `spacingMs`
   * ago the new one waits until then: its `next_attempt_at` is its "not before" time, which the
   * worker's claim respects. A mail being sent right now counts as gone out now.
   */
  async enqueue(
    mail: MailWithFiles,
    trx: Kysely<Database> = this.db,
    grouping?: MailGrouping,
  ): Promise<void> {
    const t = this.now();
    const notBefore = grouping ? await this.makeRoom(trx, grouping, t) : t;
    await trx
      .insertInto('mail_queue')
      .values({
        message_id: `<${randomUUID()}@${this.domain}>`,
        recipient: mail.to.trim().toLowerCase(),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        status: 'pending',
        attempts: 0,
        next_attempt_at: notBefore,
        lease_until: null,
        last_error: null,
        created_at: new Date(t).toISOString(),
        sent_at: null,
        group_key: grouping?.group ?? null,
        attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
      })
      .execute();
    setTimeout(() => this.listeners.forEach((listener) => listener()), 5).unref();
  }

  /**
   * Drops the group's waiting mails and returns when the group's next mail may go out: `t`, or
   * `spacingMs` after the last one that went out (or is going out) if that is later.
   */
  private async makeRoom(
    trx: Kysely<Database>,
    { group, spacingMs }: MailGrouping,
    t: number,
  ): Promise<number> {
    await this.dropWaiting(group, trx);
    const out = await trx
      .selectFrom('mail_queue')
      .select(['status', 'sent_at'])
      .where('group_key', '=', group)
      .where('status', 'in', ['sent', 'sending'])
      .execute();
    const last = Math.max(
      ...out.map((m) => (m.status === 'sending' ? t : Date.parse(m.sent_at ?? '') || 0)),
      -Infinity,
    );
    return Math.max(t, last + spacingMs);
  }

  /**
   * Drops the mails of `group` that have not gone out yet: what they said is no longer true, and
   * the latest decision is to say nothing (a stage move made without telling the client).
   */
  async dropWaiting(group: string, trx: Kysely<Database> = this.db): Promise<void> {
    await trx
      .deleteFrom('mail_queue')
      .where('group_key', '=', group)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Called after each enqueue (the worker's wake-up). */
  onEnqueued(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Newest first; only those to one address when given (development outbox, tests). */
  async list(to?: string, limit = 200): Promise<QueuedMail[]> {
    let query = this.db.selectFrom('mail_queue').selectAll().orderBy('id', 'desc').limit(limit);
    const wanted = to?.trim().toLowerCase();
    if (wanted) query = query.where('recipient', '=', wanted);
    return (await query.execute()).map(toQueuedMail);
  }

  /**
   * « Renvoyer »: a failed mail goes back to the queue now, with a fresh set of tries. Only a
   * failed one: a pending or sent mail is left alone (no double sending). True when requeued.
   */
  async retry(id: number, trx: Kysely<Database> = this.db): Promise<boolean> {
    const updated = await trx
      .updateTable('mail_queue')
      .set({ status: 'pending', attempts: 0, next_attempt_at: this.now(), lease_until: null })
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    const requeued = Number(updated.numUpdatedRows) === 1;
    // As after an enqueue: the worker is woken once the caller's transaction has ended.
    if (requeued) setTimeout(() => this.listeners.forEach((listener) => listener()), 5).unref();
    return requeued;
  }
}
