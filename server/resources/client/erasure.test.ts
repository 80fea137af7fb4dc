import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validRegistration } from '../../../src/domain/buyer-signup.fixture';
import type { BuyerProject } from '../../../src/domain/buyer-signup.schema';
import { validOwnerSubmission } from '../../../src/domain/owner-questionnaire.fixture';
import type { Db } from '../../db/database';
import { DEMO_PASSWORD } from '../../db/seed';
import { onPostgres } from '../../db/test-database';
import { MailWorker } from '../../mail/mail-worker';
import type { Mail } from '../../mail/templates';
import { insertBuyerProject } from '../buyers/buyer-projects.repo';
import { givePriorMandate } from '../mandates/test-mandates';
import { scheduleBuyerMatches } from '../matches/match-notices';
import { recordArrived } from '../routing/routing.repo';
import { staffTestApp } from '../../staff/test-staff';
import { postJson } from '../../test-app';
import {
  eraseOwnerLead,
  fieldNamesOnly,
  IDEMPOTENCY_REPLAY_MS,
  needlesOf,
  purgeErasable,
} from './erasure';

let db: Db | undefined;
let root: string | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** The person after the admin's edit: values found nowhere else in the demo data. */
const PERSON = {
  firstname: 'Eulalie',
  lastname: 'Vandermeersch',
  email: 'eulalie.vandermeersch@exemple.fr',
  phone: '0611223344',
};
/** The phone as people type it (the contact form keeps it so). */
const SPACED_PHONE = '06 11 22 33 44';
const NEEDLES = [PERSON.email, PERSON.firstname, PERSON.lastname, PERSON.phone, SPACED_PHONE];
/** The tables kept by law (issue 30): the signed mandate and the register. */
const KEPT = new Set(['mandate', 'mandate_register_entry', 'mandate_register_counter']);

/** Every table of the database, each row as JSON text. */
async function everyTable(db: Db): Promise<Map<string, string>> {
  const names = onPostgres()
    ? (
        await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
          db,
        )
      ).rows
    : (
        await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
          db,
        )
      ).rows;
  const out = new Map<string, string>();
  for (const { name } of names) {
    const rows = await sql`select * from ${sql.table(name)}`.execute(db);
    out.set(name, JSON.stringify(rows.rows).toLowerCase());
  }
  return out;
}

/** Where each needle is found: "table" names, or file names. */
function foundIn(texts: Map<string, string>, needles: readonly string[]) {
  return Object.fromEntries(
    needles.map((n) => [
      n,
      [...texts].filter(([, text]) => text.includes(n.toLowerCase())).map(([name]) => name),
    ]),
  );
}

/** Every file under `dir` (the documents, the database and its WAL), as latin1 text. */
function everyFile(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rel of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, rel);
    if (statSync(file).isFile()) out.set(rel, readFileSync(file).toString('latin1').toLowerCase());
  }
  return out;
}

describe('account deletion erases every copy of the person (issue 31)', () => {
  it('leaves the person only in the signed mandate and the register, and cannot be undone', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'chassimmo-erasure-'));
    const dataDir = path.join(root, 'data');
    // A real SQLite file in a fresh DATA_DIR (PostgreSQL under `npm run test:pg`).
    const t = await staffTestApp({ DATA_DIR: dataDir }, onPostgres() ? undefined : dataDir);
    db = t.db;
    const id = t.ids.client;
    await t.db
      .transaction()
      .execute((trx) =>
        insertBuyerProject(trx, id, validRegistration.project as BuyerProject, undefined),
      );
    const project = await t.db
      .selectFrom('buyer_project')
      .select(['id', 'version'])
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    // The mandate is signed first: it keeps the identity of that day (the demo client's).
    await givePriorMandate(t.db, id, project.id);
    const mandated = await t.db
      .selectFrom('app_user')
      .select(['email', 'firstname', 'lastname'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

    // An admin edits the account: name, e-mail, phone (the audit row holds before and after).
    const row = await t.db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const edited = await t.call('admin', 'PUT', `/api/admin/users/${id}`, {
      ...PERSON,
      roles: JSON.parse(row.roles) as number[],
      idChasseur: row.id_chasseur,
      version: row.version,
    });
    expect(edited.status).toBe(200);
    const phone = (
      await t.db
        .selectFrom('app_user')
        .select('phone')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).phone;
    expect(phone.replace(/\D/g, '')).toBe(PERSON.phone);

    // The hunter's notes about them (one naming them), a stage move with a note.
    for (const [n, text] of [
      `Rappeler ${PERSON.firstname} ${PERSON.lastname} au ${phone}`,
      'Cherche près des écoles',
    ].entries()) {
      const res = await t.app.request(
        '/api/staff/notes',
        postJson(
          { recordType: 'buyer', recordId: id, text, visibleToClient: n === 1 },
          { ...t.headers.chasseur, 'Idempotency-Key': `erasure-note-${n}-0123456789` },
        ),
      );
      expect(res.status).toBeLessThan(300);
    }
    // A task on their file, and their message to the hunter, both naming them.
    const task = await t.app.request(
      '/api/staff/tasks',
      postJson(
        {
          recordType: 'buyer',
          recordId: id,
          text: `Envoyer la sélection à ${PERSON.firstname} ${PERSON.lastname}`,
          dueAt: new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString().slice(0, 16),
        },
        { ...t.headers.chasseur, 'Idempotency-Key': 'erasure-task-0123456789' },
      ),
    );
    expect(task.status, await task.clone().text()).toBeLessThan(300);
    const message = await t.app.request(
      `/api/client/projects/${project.id}/messages`,
      postJson(
        { text: `Ici ${PERSON.firstname}, rappelez-moi au ${phone}.` },
        { ...t.headers.client, 'Idempotency-Key': 'erasure-message-0123456789' },
      ),
    );
    expect(message.status, await message.clone().text()).toBeLessThan(300);
    // The client's criteria edit (its stored answer holds the search), their phone written in it.
    const criteria = await t.app.request(
      `/api/client/projects/${project.id}/criteria`,
      postJson(
        {
          ...validRegistration.project,
          description: `Joignable au ${phone}, demandez ${PERSON.firstname}.`,
          version: project.version,
        },
        { ...t.headers.client, 'Idempotency-Key': 'erasure-criteria-0123456789' },
      ),
    );
    expect(criteria.status).toBe(200);
    // A contact message (its staff notification carries name, phone, e-mail).
    const contact = await t.app.request(
      '/api/contact',
      postJson({
        name: `${PERSON.firstname} ${PERSON.lastname}`,
        email: PERSON.email.toUpperCase(),
        phone: SPACED_PHONE,
        subject: 'achat',
        message: 'Je cherche un trois-pièces à Vincennes.',
        consent: true,
      }),
    );
    expect(contact.status).toBeLessThan(300);
    // A mail to them (the export's), already sent.
    expect((await t.call('client', 'GET', '/api/client/export')).status).toBe(200);
    await t.db
      .updateTable('mail_queue')
      .set({ status: 'sent', sent_at: new Date().toISOString() })
      .where('recipient', '=', PERSON.email)
      .execute();
    // An order, paid, and a checkout left unpaid, both with the details typed at checkout.
    const address = (street: string) =>
      JSON.stringify({ street, postcode: '75011', city: 'Paris 11e', inseeCode: '75111' });
    for (const [orderId, status] of [
      ['ord_erasure', 'paid'],
      ['ord_erasure_unpaid', 'expired'],
    ] as const)
      await t.db
        .insertInto('orders')
        .values({
          id: orderId,
          user_id: id,
          email: PERSON.email,
          lines: JSON.stringify([{ sku: 'guide', qty: 1 }]),
          total_cents: 1900,
          status,
          success_url: 'https://chassimmo.test/ok',
          cancel_url: 'https://chassimmo.test/ko',
          stripe_session_id: `cs_test_${orderId}`,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
          paid_at: status === 'paid' ? new Date().toISOString() : null,
          phone: SPACED_PHONE,
          address: address(`${orderId} rue des Lilas`),
          surface_m2: 45,
          slots: JSON.stringify([{ date: '2026-12-01', period: 'matin' }]),
        })
        .execute();
    // A document whose content names them.
    const upload = await t.app.request('/api/client/documents/identite', {
      method: 'PUT',
      headers: {
        ...t.headers.client,
        'Content-Type': 'application/pdf',
        'X-File-Name': encodeURIComponent(`CNI ${PERSON.lastname}.pdf`),
      },
      body: Buffer.from(`%PDF-1.4\n% ${PERSON.firstname} ${PERSON.lastname} ${phone}\n%%EOF\n`),
      ...({ duplex: 'half' } as object),
    });
    expect(upload.status).toBe(200);

    // What the back office planned and said about them (issue 31): the routing's reminders
    // and the rapprochement of a new buyer (jobs naming the record), a notification to their
    // hunter, an owner lead proposed to them.
    await t.db.transaction().execute(async (trx) => {
      await recordArrived(trx, { type: 'buyer', userId: id }, Date.now());
      await scheduleBuyerMatches(trx, id, Date.now());
    });
    await t.db
      .insertInto('staff_notification')
      .values({
        user_id: t.ids.chasseur,
        kind: 'reminder-hunter',
        record_type: 'buyer',
        record_id: id,
        text: 'Nouvel acquéreur à contacter.',
        created_at: new Date().toISOString(),
        read_at: null,
      })
      .execute();
    const posted = await t.app.request(
      '/api/public/biens',
      postJson(validOwnerSubmission, { 'Idempotency-Key': 'erasure-lead-0123456789' }),
    );
    expect(posted.status).toBe(201);
    const { id: propertyId } = (await posted.json()) as { id: number };
    const someLead = await t.db
      .selectFrom('owner_property')
      .select('contact_id as id')
      .where('id', '=', propertyId)
      .executeTakeFirstOrThrow();
    const proposed = await t.call('admin', 'POST', `/api/staff/buyers/${id}/proposals`, {
      leadId: someLead.id,
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBeLessThan(300);
    const followUps = async () => ({
      notifications: (
        await t.db
          .selectFrom('staff_notification')
          .select('id')
          .where('record_type', '=', 'buyer')
          .where('record_id', '=', id)
          .execute()
      ).length,
      jobs: (
        await t.db.selectFrom('job').select('id').where('payload', 'like', `%${id}%`).execute()
      ).length,
      proposals: (
        await t.db.selectFrom('match_proposal').select('id').where('buyer_id', '=', id).execute()
      ).length,
    });
    const planned = await followUps();
    expect(planned.notifications).toBeGreaterThan(0);
    expect(planned.jobs).toBe(3);
    expect(planned.proposals).toBe(1);

    // Before: the search finds the person in the copies this test is about.
    const before = foundIn(await everyTable(t.db), NEEDLES);
    for (const table of [
      'audit_log',
      'staff_note',
      'idempotency_key',
      'mail_queue',
      'contact_message',
      'staff_task',
      'message',
    ])
      expect(
        NEEDLES.some((n) => before[n]!.includes(table)),
        `${table} before`,
      ).toBe(true);
    expect(before[PERSON.email]).toContain('orders');
    const documentsDir = path.join(dataDir, 'documents');
    expect(foundIn(everyFile(documentsDir), [PERSON.lastname])[PERSON.lastname]).not.toEqual([]);
    if (!onPostgres()) {
      const files = foundIn(everyFile(dataDir), NEEDLES);
      for (const n of NEEDLES)
        expect(
          files[n]!.some((f) => f.startsWith('app.sqlite')),
          `${n} in the database files before`,
        ).toBe(true);
    }

    // « Supprimer mon compte ».
    const done = await t.call('client', 'POST', '/api/client/delete-account', {
      password: DEMO_PASSWORD,
    });
    expect(done.status).toBe(200);
    // The confirmation still goes to the address the account had, then is blanked once sent.
    const confirmation = await t.db
      .selectFrom('mail_queue')
      .select(['id', 'recipient'])
      .where('group_key', '=', `erase:${id}`)
      .executeTakeFirstOrThrow();
    expect(confirmation.recipient).toBe(PERSON.email);
    await t.db
      .updateTable('mail_queue')
      .set({ status: 'sent', sent_at: new Date().toISOString() })
      .where('id', '=', confirmation.id)
      .execute();
    await purgeErasable(t.db, Date.now());
    if (!onPostgres()) await sql`pragma wal_checkpoint(TRUNCATE)`.execute(t.db);

    // Nothing the back office planned or said about them is left.
    expect(await followUps()).toEqual({ notifications: 0, jobs: 0, proposals: 0 });
    // After: nowhere outside the mandate and the register, whatever the case.
    const tables = await everyTable(t.db);
    const after = foundIn(tables, [...NEEDLES, mandated.email, mandated.lastname]);
    for (const [needle, where] of Object.entries(after))
      expect(
        where.filter((table) => !KEPT.has(table)),
        `${needle} after`,
      ).toEqual([]);
    // The mandate is kept, with the identity it was signed with.
    expect(tables.get('mandate')).toContain(mandated.email.toLowerCase());
    expect(tables.get('mandate_register_entry')).toContain(mandated.lastname.toLowerCase());
    // The order stays for the accounts, without the person: its amount, lines, Stripe payment.
    const order = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', 'ord_erasure')
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      email: null,
      phone: null,
      total_cents: 1900,
      stripe_session_id: 'cs_test_ord_erasure',
    });
    // Its invoice names the property (kept 10 years, C. com. L123-22); the unpaid checkout keeps
    // nothing of the person.
    expect(order.address).toContain('ord_erasure rue des Lilas');
    const unpaid = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', 'ord_erasure_unpaid')
      .executeTakeFirstOrThrow();
    expect(unpaid).toMatchObject({ email: null, phone: null, address: null, slots: null });
    expect(readdirSync(documentsDir, { recursive: true })).toEqual([]);
    if (!onPostgres()) {
      // The raw files: the database and its WAL no longer hold the new identity anywhere (the
      // mandate holds the identity of the day it was signed, kept by law).
      const files = foundIn(everyFile(dataDir), NEEDLES);
      for (const [needle, where] of Object.entries(files))
        expect(where, `${needle} in the files after`).toEqual([]);
      for (const f of ['app.sqlite', 'app.sqlite-wal'])
        if (readdirSync(dataDir).includes(f))
          expect((statSync(path.join(dataDir, f)).mode & 0o777).toString(8)).toBe('600');
      expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
    }

    // A deleted account cannot be brought back, nor given a new address.
    const current = await t.db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const unarchive = await t.call('admin', 'PUT', `/api/users/${id}`, {
      isArchived: false,
      version: current.version,
    });
    expect(unarchive.status).toBe(409);
    expect(unarchive.body.message).toMatch(/supprimé.*ni réactivé ni modifié/);
    const readdress = await t.call('admin', 'PUT', `/api/admin/users/${id}`, {
      ...PERSON,
      email: 'nouvelle.adresse@exemple.fr',
      roles: JSON.parse(current.roles) as number[],
      idChasseur: current.id_chasseur,
      version: current.version,
    });
    expect(readdress.status).toBe(409);
    expect(readdress.body.message).toMatch(/supprimé/);
    // Its address is free again: a new signup with it is a new account.
    const signup = await t.app.request(
      '/api/register',
      postJson(
        { ...validRegistration, email: PERSON.email },
        { 'Idempotency-Key': 'erasure-signup-0123456789' },
      ),
    );
    expect(signup.status).toBe(201);
    expect(
      (
        await t.db
          .selectFrom('app_user')
          .select('is_archived')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).is_archived,
    ).toBe(1);
  });
});

describe('an owner lead anonymised (retention)', () => {
  it('leaves no notification, job or match notice about it', async () => {
    const t = await staffTestApp();
    db = t.db;
    const posted = await t.app.request(
      '/api/public/biens',
      postJson(validOwnerSubmission, { 'Idempotency-Key': 'erasure-owner-0123456789' }),
    );
    expect(posted.status).toBe(201);
    const { id: propertyId } = (await posted.json()) as { id: number };
    const { contact_id: leadId } = await t.db
      .selectFrom('owner_property')
      .select('contact_id')
      .where('id', '=', propertyId)
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    await t.db
      .insertInto('staff_notification')
      .values({
        user_id: t.ids.chasseur,
        kind: 'reminder-hunter',
        record_type: 'owner',
        record_id: String(leadId),
        text: 'Nouveau propriétaire à contacter.',
        created_at: at,
        read_at: null,
      })
      .execute();
    await t.db
      .insertInto('match_notice')
      .values({ hunter_id: t.ids.chasseur, lead_id: leadId, sent_at: at })
      .onConflict((oc) => oc.columns(['hunter_id', 'lead_id']).doNothing())
      .execute();
    const left = async () => ({
      notifications: (
        await t.db
          .selectFrom('staff_notification')
          .select('id')
          .where('record_type', '=', 'owner')
          .where('record_id', '=', String(leadId))
          .execute()
      ).length,
      jobs: (
        await t.db
          .selectFrom('job')
          .select('id')
          .where('job_key', 'like', `%:owner:${leadId}`)
          .execute()
      ).length,
      notices: (
        await t.db
          .selectFrom('match_notice')
          .select('lead_id')
          .where('lead_id', '=', leadId)
          .execute()
      ).length,
    });
    // The routing planned its two reminders when the lead arrived.
    expect(await left()).toEqual({ notifications: 1, jobs: 2, notices: 1 });
    expect(await t.db.transaction().execute((trx) => eraseOwnerLead(trx, leadId, at))).toBe(true);
    expect(await left()).toEqual({ notifications: 0, jobs: 0, notices: 0 });
  });
});

describe('the deletion’s confirmation mail', () => {
  it('goes to the address the account had, and is blanked as soon as the worker sent it', async () => {
    const t = await staffTestApp();
    db = t.db;
    const sent: string[] = [];
    const transport = {
      deliver: (mail: Mail) => {
        sent.push(mail.to);
        return Promise.resolve();
      },
    };
    const done = await t.call('client', 'POST', '/api/client/delete-account', {
      password: DEMO_PASSWORD,
    });
    expect(done.status).toBe(200);
    const worker = new MailWorker(t.db, t.mails, transport, { pollMs: 20 });
    worker.start();
    try {
      await vi.waitFor(
        async () => {
          const row = await t.db
            .selectFrom('mail_queue')
            .selectAll()
            .where('group_key', '=', `erase:${t.ids.client}`)
            .executeTakeFirstOrThrow();
          expect(row.status).toBe('sent');
          expect(row).toMatchObject({ recipient: '', text: '', html: '', subject: '[supprimé]' });
        },
        { timeout: 5_000, interval: 20 },
      );
    } finally {
      await worker.stop();
    }
    expect(sent).toContain('client@demo.chassimmo.fr');
  });
});

describe('erasure helpers', () => {
  it('reduces an audit payload to the names of the fields that changed', () => {
    expect(
      fieldNamesOnly(
        JSON.stringify({ email: 'a@b.fr', phone: '06', roles: [4] }),
        JSON.stringify({ email: 'c@d.fr', phone: '06', roles: [4] }),
      ),
    ).toEqual({
      before: JSON.stringify({ email: '[supprimé]' }),
      after: JSON.stringify({ email: '[supprimé]' }),
    });
    expect(fieldNamesOnly(JSON.stringify({ cities: ['Vincennes'] }), null)).toEqual({
      before: JSON.stringify({ cities: '[supprimé]' }),
      after: null,
    });
  });

  it('finds the person by e-mail, full name and phone in its usual forms', () => {
    expect(needlesOf({ id: 'u1', ...PERSON, email: 'Eulalie.V@Exemple.fr' })).toEqual([
      'eulalie.v@exemple.fr',
      PERSON.phone,
      SPACED_PHONE,
      'Eulalie Vandermeersch',
    ]);
    expect(needlesOf({ id: 'u1', ...PERSON, phone: '' })).toHaveLength(2);
  });

  it('expires idempotency answers after their replay window', async () => {
    const t = await staffTestApp();
    db = t.db;
    const old = new Date(Date.now() - IDEMPOTENCY_REPLAY_MS - 60_000).toISOString();
    await t.db
      .insertInto('idempotency_key')
      .values([
        { scope: 's', key: 'old', body_hash: 'h', status: 200, response: '{}', created_at: old },
        {
          scope: 's',
          key: 'new',
          body_hash: 'h',
          status: 200,
          response: '{}',
          created_at: new Date().toISOString(),
        },
      ])
      .execute();
    await purgeErasable(t.db, Date.now());
    const keys = await t.db.selectFrom('idempotency_key').select('key').execute();
    expect(keys.map((k) => k.key)).toEqual(['new']);
  });
});
