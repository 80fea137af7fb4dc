import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  RETENTION_PREVIEW_PATH,
  RETENTION_RUNS_PATH,
  type RetentionItem,
} from '../../../src/domain/api/retention';
import { addMonths, nextRetentionPass } from '../../../src/domain/retention';
import type { Db } from '../../db/database';
import { sharedTestDatabase } from '../../db/test-database';
import { JobWorker } from '../../jobs/job-worker';
import { addBuyer, addLead } from '../../staff/test-records';
import { ALL_CALLERS, staffTestApp } from '../../staff/test-staff';
import { LocalDocumentStore } from '../documents/document-store';
import { givePriorMandate } from '../mandates/test-mandates';
import {
  dueForRetention,
  retentionHandlers,
  retentionLog,
  retentionPreview,
  runRetentionNow,
  scheduleNextRetention,
} from './retention.repo';

type App = Awaited<ReturnType<typeof staffTestApp>>;
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const done of cleanup.splice(0)) await done();
});

/** The controlled clock of each test: a fixed instant, every date set relative to it. */
const NOW = Date.parse('2026-11-26T10:00:00.000Z');
const ago = (months: number) => addMonths(new Date(NOW).toISOString(), -months);

async function app(): Promise<App> {
  const t = await staffTestApp();
  cleanup.push(() => t.db.destroy());
  return t;
}

const storeOf = (t: App) => new LocalDocumentStore(path.resolve(t.env.DATA_DIR, 'documents'));

async function* bytes(text: string) {
  yield new TextEncoder().encode(text);
}

/** A lead with its own e-mail, arrived `months` ago. */
async function lead(db: Db, name: string, months: number, status = 'nouveau') {
  const id = await addLead(db, name, null);
  await db
    .updateTable('owner_contact')
    .set({
      email: `${name.toLowerCase()}@proprio.fr`,
      created_at: ago(months),
      lead_status: status,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

/** A buyer who signed up `months` ago (their project too). */
async function buyer(db: Db, name: string, months: number) {
  const made = await addBuyer(db, name, null);
  await db
    .updateTable('app_user')
    .set({ created_at: ago(months) })
    .where('id', '=', made.userId)
    .execute();
  return made;
}

async function addDocument(t: App, userId: string, fileId: string, kind = `kind-${fileId}`) {
  await storeOf(t).put(fileId, bytes('pièce'));
  await t.db
    .insertInto('client_document')
    .values({
      user_id: userId,
      kind,
      file_id: fileId,
      original_name: 'piece.pdf',
      mime: 'application/pdf',
      size: 5,
      status: 'recu',
      reason: null,
      uploaded_at: ago(40),
      reviewed_by: null,
      reviewed_at: null,
    })
    .execute();
}

/** The project ended (« Projet terminé ») `months` ago. */
async function endProject(db: Db, projectId: number, months: number) {
  await db
    .updateTable('buyer_project')
    .set({ stage: 'COMPLETED' })
    .where('id', '=', projectId)
    .execute();
  await db
    .insertInto('project_stage_move')
    .values({
      project_id: projectId,
      from_stage: 'WORKS',
      to_stage: 'COMPLETED',
      by_user_id: null,
      note: '',
      at: ago(months),
    })
    .execute();
}

const keyOf = (items: readonly RetentionItem[]) =>
  items.map((i) => `${i.kind}:${i.recordId}`).sort();

/** The fixtures: what is due and what is not, with the reason in the name. */
async function fixtures(t: App) {
  const db = t.db;
  const leads = {
    silent: await lead(db, 'Silencieux', 40),
    wroteSince: await lead(db, 'Ecrit', 40),
    mandate: await lead(db, 'Mandat', 40, 'mandat'),
    recent: await lead(db, 'Recent', 20),
  };
  // The owner wrote through the contact form 2 years ago: a contact from the person.
  await db
    .insertInto('contact_message')
    .values({
      created_at: ago(24),
      brand: 'main',
      name: 'Ecrit',
      email: 'ecrit@proprio.fr',
      phone: '',
      subject: 'Mon bien',
      message: 'Toujours à vendre',
      ip_hash: null,
    })
    .execute();
  // Contact messages from someone with neither lead nor account: the old one goes, the recent
  // one (another sender) stays; the owner's above stays with their lead.
  const message = async (email: string, months: number) =>
    (
      await db
        .insertInto('contact_message')
        .values({
          created_at: ago(months),
          brand: 'main',
          name: 'Inconnu Passant',
          email,
          phone: '06 99 88 77 66',
          subject: 'Question',
          message: 'Bonjour',
          ip_hash: 'abc',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const messages = {
    old: await message('passant@exemple.fr', 40),
    recent: await message('curieux@exemple.fr', 10),
  };
  const buyers = {
    silent: await buyer(db, 'Oublie', 40),
    signedIn: await buyer(db, 'Connecte', 40),
    mandated: await buyer(db, 'Mandate', 40),
    edited: await buyer(db, 'Modifie', 40),
    ended: await buyer(db, 'Termine', 10),
    endedLately: await buyer(db, 'Recemment', 10),
    searching: await buyer(db, 'Cherche', 10),
  };
  await db
    .updateTable('app_user')
    .set({ last_sign_in_at: ago(12) })
    .where('id', '=', buyers.signedIn.userId)
    .execute();
  await givePriorMandate(db, buyers.mandated.userId, buyers.mandated.projectId);
  await db
    .insertInto('audit_log')
    .values({
      actor_id: buyers.edited.userId,
      action: 'criteria',
      record_type: 'buyer',
      record_id: buyers.edited.userId,
      before: null,
      after: null,
      at: ago(30),
    })
    .execute();
  await addDocument(t, buyers.silent.userId, 'doc-silent');
  await addDocument(t, buyers.ended.userId, 'doc-ended');
  // Kept 5 years after the end (anti-money-laundering, art. L561-12 CMF).
  await addDocument(t, buyers.ended.userId, 'doc-ended-identity', 'identite');
  await addDocument(t, buyers.endedLately.userId, 'doc-lately');
  await addDocument(t, buyers.searching.userId, 'doc-searching');
  await endProject(db, buyers.ended.projectId, 7);
  await endProject(db, buyers.endedLately.projectId, 3);
  return { leads, buyers, messages };
}

describe('retention pass', () => {
  it('anonymises exactly what the dry run listed, keeps mandates and the register, deletes the documents of ended projects, and logs the run', async () => {
    const t = await app();
    const { leads, buyers, messages } = await fixtures(t);
    const mandateBefore = await t.db.selectFrom('mandate').selectAll().execute();
    const registerBefore = await t.db.selectFrom('mandate_register_entry').selectAll().execute();
    expect(mandateBefore).toHaveLength(1);
    expect(registerBefore.length).toBeGreaterThan(0);

    const preview = await retentionPreview(t.db, NOW);
    expect(keyOf(preview.items)).toEqual(
      [
        `owner-lead:${leads.silent}`,
        `buyer-account:${buyers.silent.userId}`,
        `client-documents:${buyers.ended.userId}`,
        `contact-message:${messages.old}`,
      ].sort(),
    );
    expect(preview.counts).toEqual({
      'owner-lead': 1,
      'buyer-account': 1,
      'client-documents': 1,
      'contact-message': 1,
    });
    const silentLead = preview.items.find((i) => i.kind === 'owner-lead');
    expect(silentLead?.since).toBe(ago(40));
    expect(silentLead?.dueAt).toBe(addMonths(ago(40), 36));
    expect(preview.items.find((i) => i.kind === 'client-documents')).toMatchObject({
      since: ago(7),
      dueAt: addMonths(ago(7), 6),
      count: 1,
    });
    expect(preview.nextRunAt).toBe(new Date(nextRetentionPass(NOW).at).toISOString());
    // A preview changes nothing, and is not logged.
    expect(await retentionLog(t.db)).toEqual([]);

    const pass = await runRetentionNow(t.db, storeOf(t), {
      now: NOW,
      launchedBy: t.ids.admin,
      dryRun: false,
    });
    expect(pass.run.items).toEqual(preview.items);
    expect(pass.run.counts).toEqual(preview.counts);

    // The silent owner: no name, e-mail or phone left; the others untouched.
    const owners = await t.db
      .selectFrom('owner_contact')
      .select(['id', 'email', 'lastname', 'phone', 'lead_status'])
      .execute();
    const ownerOf = (id: number) => owners.find((o) => o.id === id);
    expect(ownerOf(leads.silent)).toMatchObject({
      email: '',
      phone: '',
      lastname: 'anonymisé',
      lead_status: 'sans_suite',
    });
    expect(ownerOf(leads.wroteSince)?.email).toBe('ecrit@proprio.fr');
    expect(ownerOf(leads.mandate)?.email).toBe('mandat@proprio.fr');
    expect(ownerOf(leads.recent)?.email).toBe('recent@proprio.fr');
    const properties = await t.db
      .selectFrom('owner_property')
      .select(['contact_id', 'description'])
      .where('contact_id', '=', leads.silent)
      .execute();
    expect(properties.map((p) => p.description)).toEqual(['']);

    // The silent buyer is anonymised (the same erasure as a deletion), the others are not.
    const users = await t.db.selectFrom('app_user').select(['id', 'email', 'deleted_at']).execute();
    const deleted = users.filter((u) => u.deleted_at !== null).map((u) => u.id);
    expect(deleted).toEqual([buyers.silent.userId]);
    const silent = users.find((u) => u.id === buyers.silent.userId);
    expect(silent?.email).not.toContain('oublie');

    // Documents: the silent buyer's (with the account) and the ended project's, files too.
    const docs = await t.db.selectFrom('client_document').select('file_id').execute();
    // The ended project's identity paper stays 5 years (art. L561-12 CMF).
    expect(docs.map((d) => d.file_id).sort()).toEqual([
      'doc-ended-identity',
      'doc-lately',
      'doc-searching',
    ]);
    const store = storeOf(t);
    expect(await store.get('doc-silent')).toBeUndefined();
    expect(await store.get('doc-ended')).toBeUndefined();
    expect(await store.get('doc-ended-identity')).toBeDefined();
    expect(await store.get('doc-lately')).toBeDefined();
    expect(await store.get('doc-searching')).toBeDefined();

    // The old message is blanked; the recent one and the owner's are kept.
    const contactMessages = await t.db
      .selectFrom('contact_message')
      .select(['id', 'email', 'message'])
      .orderBy('id')
      .execute();
    expect(contactMessages.find((m) => m.id === messages.old)).toMatchObject({
      email: '',
      message: '[supprimé]',
    });
    expect(contactMessages.find((m) => m.id === messages.recent)?.email).toBe('curieux@exemple.fr');
    expect(contactMessages.some((m) => m.email === 'ecrit@proprio.fr')).toBe(true);

    // The mandate and the register, as they were.
    expect(await t.db.selectFrom('mandate').selectAll().execute()).toEqual(mandateBefore);
    expect(await t.db.selectFrom('mandate_register_entry').selectAll().execute()).toEqual(
      registerBefore,
    );

    // The log: one real run, by the admin, with the records by id.
    const log = await retentionLog(t.db);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      dryRun: false,
      launchedBy: t.ids.admin,
      counts: preview.counts,
      items: preview.items,
    });
    expect(JSON.stringify(log[0]?.items)).not.toMatch(/oublie|silencieux/i);
    // The trail says what the pass did.
    const trail = await t.db
      .selectFrom('audit_log')
      .select(['action', 'record_id'])
      .where('action', 'like', 'retention-%')
      .execute();
    expect(trail.map((a) => `${a.action}:${a.record_id}`).sort()).toEqual(
      [
        `retention-anonymised:${leads.silent}`,
        `retention-anonymised:${buyers.silent.userId}`,
        `retention-documents:${buyers.ended.userId}`,
      ].sort(),
    );

    // Nothing is left for the next pass.
    expect(await dueForRetention(t.db, NOW)).toEqual([]);

    // A client with a signed mandate (a business relationship: never anonymised) whose project
    // ended 7 months ago: the identity paper waits 5 years after the end, then goes alone.
    await addDocument(t, buyers.mandated.userId, 'doc-mandated-identity', 'identite');
    await endProject(t.db, buyers.mandated.projectId, 7);
    const fiveYears = Date.parse(addMonths(ago(7), 60));
    const mandatedDocs = (items: readonly RetentionItem[]) =>
      items.filter((i) => i.kind === 'client-documents' && i.recordId === buyers.mandated.userId);
    expect(mandatedDocs(await dueForRetention(t.db, NOW))).toEqual([]);
    expect(mandatedDocs(await dueForRetention(t.db, fiveYears - 60_000))).toEqual([]);
    expect(mandatedDocs(await dueForRetention(t.db, fiveYears + 60_000))).toMatchObject([
      { dueAt: addMonths(ago(7), 60), count: 1 },
    ]);
    await runRetentionNow(t.db, store, {
      now: fiveYears + 60_000,
      launchedBy: t.ids.admin,
      dryRun: false,
    });
    expect(await store.get('doc-mandated-identity')).toBeUndefined();
    expect(await t.db.selectFrom('mandate').selectAll().execute()).toEqual(mandateBefore);
  });

  it('a dry run logs what it would touch and touches nothing; a double click runs once', async () => {
    const t = await app();
    const { buyers } = await fixtures(t);
    const dry = await runRetentionNow(t.db, storeOf(t), {
      now: NOW,
      launchedBy: t.ids.admin,
      dryRun: true,
    });
    expect(dry.run.dryRun).toBe(true);
    expect(dry.run.counts).toEqual({
      'owner-lead': 1,
      'buyer-account': 1,
      'client-documents': 1,
      'contact-message': 1,
    });
    const still = await t.db
      .selectFrom('app_user')
      .select('deleted_at')
      .where('id', '=', buyers.silent.userId)
      .executeTakeFirstOrThrow();
    expect(still.deleted_at).toBeNull();
    expect(await storeOf(t).get('doc-ended')).toBeDefined();

    const first = await runRetentionNow(t.db, storeOf(t), {
      now: NOW,
      launchedBy: t.ids.admin,
      dryRun: false,
    });
    const again = await runRetentionNow(t.db, storeOf(t), {
      now: NOW + 5_000,
      launchedBy: t.ids.admin,
      dryRun: false,
    });
    expect(again.replayed).toBe(true);
    expect(again.run.id).toBe(first.run.id);
    expect((await retentionLog(t.db)).map((r) => r.dryRun)).toEqual([false, true]);
  });
});

describe('nightly retention job', () => {
  it('is planned once for 03:00 Paris by two instances, and two workers run it once', async () => {
    const database = await sharedTestDatabase();
    cleanup.push(() => database.close());
    const [one, two] = [database.open(), database.open()];
    const t = await staffTestApp();
    cleanup.push(() => t.db.destroy());
    // The shared database gets the records (written through the first handle).
    const made = await addBuyer(one, 'Nocturne', null);
    await one
      .updateTable('app_user')
      .set({ created_at: ago(40) })
      .where('id', '=', made.userId)
      .execute();
    await scheduleNextRetention(one, NOW);
    await scheduleNextRetention(two, NOW);
    const planned = await one
      .selectFrom('job')
      .select(['job_key', 'due_at'])
      .where('kind', '=', 'retention')
      .orderBy('due_at')
      .execute();
    const night = nextRetentionPass(NOW);
    // 26 November 2026, 11:00 Paris: the next pass is the 27th at 03:00 Paris (02:00 UTC).
    expect(night).toEqual({ day: '2026-11-27', at: Date.parse('2026-11-27T02:00:00.000Z') });
    expect(planned.map((j) => j.job_key)).toEqual(['retention:2026-11-27', 'retention:2026-11-28']);

    const store = storeOf(t);
    const at = night.at + 60_000;
    const workers = [one, two, one, two].map(
      (db) => new JobWorker(db, retentionHandlers({ documents: store }), { now: () => at }),
    );
    await Promise.all(workers.map((w) => w.drain()));
    const runs = await retentionLog(one);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ dryRun: false, launchedBy: null });
    expect(runs[0]?.items.map((i) => `${i.kind}:${i.recordId}`)).toEqual([
      `buyer-account:${made.userId}`,
    ]);
    // The pass planned the nights after it, once.
    const keys = await one
      .selectFrom('job')
      .select(['job_key', 'status'])
      .where('kind', '=', 'retention')
      .orderBy('due_at')
      .execute();
    expect(keys).toEqual([
      { job_key: 'retention:2026-11-27', status: 'done' },
      { job_key: 'retention:2026-11-28', status: 'pending' },
      { job_key: 'retention:2026-11-29', status: 'pending' },
    ]);
  });
});

describe('retention API', () => {
  it('is the admin’s only: the others are refused', async () => {
    const t = await app();
    for (const caller of ALL_CALLERS) {
      const expected =
        caller === 'admin' ? 200 : caller === 'anonymous' || caller === 'forged' ? 401 : 403;
      expect((await t.call(caller, 'GET', RETENTION_PREVIEW_PATH)).status, caller).toBe(expected);
      expect((await t.call(caller, 'GET', RETENTION_RUNS_PATH)).status, caller).toBe(expected);
      if (caller !== 'admin')
        expect((await t.call(caller, 'POST', RETENTION_RUNS_PATH, {})).status, caller).toBe(
          expected,
        );
    }
    expect((await t.call('chasseur', 'GET', RETENTION_PREVIEW_PATH)).body.message).toBe(
      'Vous n’avez pas accès à cette ressource.',
    );
  });

  it('shows the dry run, runs a pass once per double click, and lists it in the log', async () => {
    const t = await app();
    const made = await buyer(t.db, 'Ancien', 40);
    const preview = await t.call('admin', 'GET', RETENTION_PREVIEW_PATH);
    expect(preview.status).toBe(200);
    expect(preview.body.durations).toEqual({
      prospectMonths: 36,
      documentMonths: 6,
      mandateYears: 10,
    });
    expect(keyOf(preview.body.items as RetentionItem[])).toEqual([`buyer-account:${made.userId}`]);
    expect((await t.call('admin', 'POST', RETENTION_RUNS_PATH, { dryRun: 'oui' })).status).toBe(
      400,
    );
    const [first, second] = await Promise.all([
      t.call('admin', 'POST', RETENTION_RUNS_PATH, {}),
      t.call('admin', 'POST', RETENTION_RUNS_PATH, {}),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.id).toBe(second.body.id);
    expect(first.body.counts['buyer-account']).toBe(1);
    const log = await t.call('admin', 'GET', RETENTION_RUNS_PATH);
    expect(log.body.runs).toHaveLength(1);
    expect(log.body.runs[0]).toMatchObject({ dryRun: false, launchedBy: t.ids.admin });
    expect(log.body.runs[0].launchedByName).toBeTruthy();
  });
});
