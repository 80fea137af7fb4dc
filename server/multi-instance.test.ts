import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../scripts/postgres.mjs';
import { validOwnerSubmission } from '../src/domain/owner-questionnaire.fixture';
import { DEMO_PASSWORD } from './db/seed';
import { createTestDatabase } from './db/test-database';
import { TestSmtp, freePort } from './mail/test-smtp';
import { startS3rver } from './resources/documents/s3-test-server';

/**
 * Two real server processes (server/main.ts, as `npm run dev` runs it) on one PostgreSQL, one
 * S3-compatible store (s3rver) and one SMTP server, nothing else shared: each has its own
 * DATA_DIR and its own memory. Traffic goes to both alternately, and what one instance does the
 * other must see, count and respect (issue 26).
 */

interface Instance {
  url: string;
  child: ChildProcess;
  output: () => string;
}

let postgres: TestPostgres;
let s3: Awaited<ReturnType<typeof startS3rver>>;
let smtp: TestSmtp;
let db: pg.Pool;
let a: Instance;
let b: Instance;
const dirs: string[] = [];
/** The demo client's password, until the token test changes it. */
let clientPassword = DEMO_PASSWORD;

function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `multi-${name}-`));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      STATIC_DIR: dataDir,
      INSTANCE_ID: name,
      LOG_REQUESTS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} s’est arrêté (${code}) :\n${output}`)));
    child.stdout?.on('data', () => {
      const port = /Serveur prêt sur http:\/\/[\d.]+:(\d+)/.exec(output)?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, child, output: () => output });
    });
  });
}

async function stopInstance(instance: Instance | undefined) {
  if (!instance || instance.child.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  await exited;
}

/** Waits for a condition (polling the database or the SMTP server), never for a set time. */
async function until(condition: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 40_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Toujours pas : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

async function signIn(instance: Instance, username: string, password = DEMO_PASSWORD) {
  const res = await fetch(`${instance.url}/api/login`, json({ username, password }));
  const body = (await res.json()) as { token?: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.token as string;
}

const count = async (table: string, where = 'true') =>
  Number((await db.query(`select count(*) as n from ${table} where ${where}`)).rows[0].n);

beforeAll(async () => {
  [postgres, s3] = await Promise.all([startPostgres(), startS3rver('chassimmo-multi')]);
  smtp = new TestSmtp(await freePort());
  await smtp.start();
  const url = await createTestDatabase(postgres.url, 'chassimmo');
  db = new pg.Pool({ connectionString: url, max: 2 });
  // PostgreSQL's shutdown at the end may reach a connection the pool is still closing.
  db.on('error', () => undefined);
  const shared = {
    DATABASE_URL: url,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    // Both instances behind one proxy: the visitor's address comes from X-Forwarded-For.
    TRUST_PROXY: '1',
    PUBLIC_FORM_HOURLY_LIMIT: '1000',
    ...s3.env,
  };
  // Started together: one migrates and seeds the demo accounts, the other waits for it.
  [a, b] = await Promise.all([startInstance('app-a', shared), startInstance('app-b', shared)]);
});

afterAll(async () => {
  await Promise.all([stopInstance(a), stopInstance(b)]);
  await db?.end();
  await Promise.all([postgres?.stop(), s3?.stop(), smtp?.stop()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('two server processes on one PostgreSQL and one S3 store', () => {
  it('started together, ran each migration once and seeded the demo accounts once', async () => {
    const migrations = await db.query('select name from kysely_migration order by name');
    const names = migrations.rows.map((r: { name: string }) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.at(-1)).toMatch(/^\d{4}_/);
    expect(await count('app_user', `email = 'admin@demo.chassimmo.fr'`)).toBe(1);
  });

  it('accepts a token issued by one on the other, and refuses it on both after a password change', async () => {
    const token = await signIn(a, 'client@demo.chassimmo.fr');
    const bearer = { Authorization: `Bearer ${token}` };
    for (const instance of [a, b])
      expect((await fetch(`${instance.url}/api/user`, { headers: bearer })).status).toBe(200);
    const changed = await fetch(
      `${b.url}/api/client/changepassword`,
      json({ oldPassword: DEMO_PASSWORD, newPassword: 'Nouveau1234' }, bearer),
    );
    expect(changed.status).toBe(200);
    clientPassword = 'Nouveau1234';
    const { token: renewed } = (await changed.json()) as { token: string };
    for (const instance of [a, b]) {
      expect((await fetch(`${instance.url}/api/user`, { headers: bearer })).status).toBe(401);
      const fresh = await fetch(`${instance.url}/api/user`, {
        headers: { Authorization: `Bearer ${renewed}` },
      });
      expect(fresh.status).toBe(200);
    }
  });

  it('serves through one a document uploaded through the other', async () => {
    const client = await signIn(a, 'client@demo.chassimmo.fr', clientPassword);
    const bytes = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      randomBytes(40_000),
      Buffer.from('\n%%EOF\n'),
    ]);
    const put = await fetch(`${a.url}/api/client/documents/identite`, {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${client}`,
        'Content-Type': 'application/pdf',
        'X-File-Name': encodeURIComponent('Pièce d’identité.pdf'),
      },
      body: bytes,
    });
    expect(put.status).toBe(200);
    const got = await fetch(`${b.url}/api/client/documents/identite/file`, {
      headers: { Authorization: `Bearer ${client}` },
    });
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('stores one record for one Idempotency-Key sent to both at once, and both answer the same', async () => {
    const key = randomUUID();
    const submission = {
      ...validOwnerSubmission,
      contact: { ...validOwnerSubmission.contact, email: `idem-${key.slice(0, 8)}@exemple.fr` },
    };
    const before = await count('owner_contact');
    const answers = await Promise.all(
      [a, b, a, b].map((instance) =>
        fetch(`${instance.url}/api/public/biens`, json(submission, { 'Idempotency-Key': key })),
      ),
    );
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => answers[0]?.status));
    expect(answers[0]?.status).toBeLessThan(300);
    expect(new Set(bodies).size).toBe(1);
    expect(await count('owner_contact')).toBe(before + 1);
    expect(await count('idempotency_key', `key = '${key}'`)).toBe(1);
  });

  it('delivers exactly the mails of ten leads posted alternately, though both run a mail worker', async () => {
    const queuedBefore = await count('mail_queue');
    for (let i = 0; i < 10; i++) {
      const instance = i % 2 === 0 ? a : b;
      const res = await fetch(
        `${instance.url}/api/public/biens`,
        json(
          {
            ...validOwnerSubmission,
            contact: { ...validOwnerSubmission.contact, email: `lead-${i}@exemple.fr` },
          },
          { 'Idempotency-Key': randomUUID() },
        ),
      );
      expect(res.status).toBeLessThan(300);
    }
    const queued = await count('mail_queue');
    expect(queued - queuedBefore).toBeGreaterThanOrEqual(10);
    await until(async () => (await count('mail_queue', `status <> 'sent'`)) === 0, 'tout envoyé');
    const ids = (await db.query('select message_id from mail_queue')).rows.map(
      (r: { message_id: string }) => r.message_id,
    );
    await until(() => smtp.received.length >= ids.length, 'tout reçu');
    const received = smtp.received.map((m) => m.messageId);
    expect(received.length).toBe(ids.length);
    expect(new Set(received)).toEqual(new Set(ids));
    const toLeads = smtp.received.filter((m) => m.to.some((t) => /^lead-\d@exemple\.fr$/.test(t)));
    expect(toLeads).toHaveLength(10);
  });

  it('limits 100 parallel sign-in guesses on one account spread over both as one would: at most 10 checked', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        fetch(
          `${(i % 2 === 0 ? a : b).url}/api/login`,
          json(
            { username: 'manager@demo.chassimmo.fr', password: `Faux${i}abcd` },
            { 'X-Forwarded-For': '203.0.113.9' },
          ),
        ),
      ),
    );
    const statuses = guesses.map((r) => r.status);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(10);
  });
});
