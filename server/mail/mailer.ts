import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SentMail extends Mail {
  id: string;
  createdAt: string;
  /** Absolute addresses found in the text, for people and tests following links. */
  links: string[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Outbox used when no SMTP_URL is set: each e-mail is a JSON file under DATA_DIR/outbox, listed
 * at /dev/outbox outside production. Nothing leaves the machine.
 */
export class OutboxMailer implements Mailer {
  private readonly dir: string;
  private readonly memory: SentMail[] = [];

  constructor(dataDir: string | ':memory:') {
    this.dir = dataDir === ':memory:' ? '' : path.join(dataDir, 'outbox');
    if (this.dir) mkdirSync(this.dir, { recursive: true });
  }

  async send(mail: Mail): Promise<void> {
    const createdAt = new Date().toISOString();
    const sent: SentMail = {
      ...mail,
      id: randomUUID(),
      createdAt,
      links: [...mail.text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]),
    };
    if (this.dir) {
      writeFileSync(
        path.join(this.dir, `${createdAt.replace(/[:.]/g, '-')}-${sent.id}.json`),
        JSON.stringify(sent, null, 2),
      );
    } else {
      this.memory.push(sent);
    }
    return Promise.resolve();
  }

  /** Newest first; only those to one address when given. */
  list(to?: string): SentMail[] {
    const all = this.dir
      ? readdirSync(this.dir)
          .filter((f) => f.endsWith('.json'))
          .sort()
          .map((f) => JSON.parse(readFileSync(path.join(this.dir, f), 'utf8')) as SentMail)
      : [...this.memory];
    const wanted = to?.trim().toLowerCase();
    return all.filter((m) => !wanted || m.to.toLowerCase() === wanted).reverse();
  }
}

/** Real delivery over SMTP_URL (smtp:// or smtps://user:pass@host:port). */
export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }
}
