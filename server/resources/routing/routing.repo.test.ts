import { afterEach, describe, expect, it } from 'vitest';
import { validRegistration } from '../../../src/domain/buyer-signup.fixture';
import type { BuyerProject } from '../../../src/domain/buyer-signup.schema';
import { validOwnerSubmission } from '../../../src/domain/owner-questionnaire.fixture';
import type { OwnerSubmission } from '../../../src/domain/owner-questionnaire.schema';
import { Role, type RoleCode } from '../../../src/domain/roles';
import type { Db } from '../../db/database';
import { openTestDatabase, sharedTestDatabase } from '../../db/test-database';
import { JobWorker } from '../../jobs/job-worker';
import { MailQueue } from '../../mail/mail-queue';
import { insertBuyerProject } from '../buyers/buyer-projects.repo';
import { insertOwnerLead } from '../leads/owner-leads.repo';
import { UsersRepo } from '../users/users.repo';
import { reminderHandlers } from './reminders';
import {
  ClaimRefused,
  claimRecord,
  recordArrived,
  setAvailability,
  setRoutingRule,
} from './routing.repo';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const HOUR = 60 * 60_000;
const T0 = Date.parse('2026-11-26T09:00:00.000Z');

async function person(db: Db, name: string, role: RoleCode) {
  const row = await new UsersRepo(db).create({
    email: `${name}@exemple.fr`,
    passwordHash: 'x',
    firstname: name,
    lastname: 'Test',
    roles: [role],
    isActive: true,
  });
  return row.id;
}

/** Hunters: two covering the 94, one covering it but absent, one covering the 75. */
async function team(db: Db) {
  const h = {
    anne: await person(db, 'anne', Role.CHASSEUR),
    bruno: await person(db, 'bruno', Role.CHASSEUR),
    absent: await person(db, 'absent', Role.CHASSEUR),
    paris: await person(db, 'paris', Role.CHASSEUR),
    manager: await person(db, 'manon', Role.MANAGER),
  };
  await setAvailability(db, h.anne, { departments: ['94'], absent: false });
  await setAvailability(db, h.bruno, { departments: ['94', '93'], absent: false });
  await setAvailability(db, h.absent, { departments: ['94'], absent: true });
  await setAvailability(db, h.paris, { departments: ['75'], absent: false });
  return h;
}

/** An owner lead posted for a property in `department`, routed as the route does. */
async function newLead(db: Db, department: string, nowMs = T0) {
  return db.transaction().execute(async (trx) => {
    const { contact, bien } = validOwnerSubmission;
    const property = await insertOwnerLead(
      trx,
      { ...contact, lastname: `Lead${department}` } as OwnerSubmission['contact'],
      { ...bien, department } as OwnerSubmission['bien'],
      department === '75' ? '75111' : 'Vincennes',
      new Date(nowMs).toISOString(),
    );
    const { contact_id: leadId } = await trx
      .selectFrom('owner_property')
      .select('contact_id')
      .where('id', '=', property.id)
      .executeTakeFirstOrThrow();
    const hunter = await recordArrived(trx, { type: 'owner', leadId }, nowMs);
    return { leadId, hunter };
  });
}

async function newBuyer(db: Db, name: string, departments: string[], nowMs = T0) {
  return db.transaction().execute(async (trx) => {
    const user = await new UsersRepo(db).create(
      {
        email: `${name}@exemple.fr`,
        passwordHash: 'x',
        firstname: name,
        lastname: 'Acheteur',
        roles: [Role.CLIENT],
        isActive: true,
      },
      trx,
    );
    await insertBuyerProject(
      trx,
      user.id,
      { ...validRegistration.project, department: departments } as BuyerProject,
      undefined,
    );
    const hunter = await recordArrived(trx, { type: 'buyer', userId: user.id }, nowMs);
    return { userId: user.id, hunter };
  });
}

async function assignAudits(db: Db) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['actor_id', 'record_type', 'record_id', 'after'])
    .where('action', '=', 'assign')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, after: JSON.parse(r.after ?? 'null') as unknown }));
}

describe('routing of new records', () => {
  it('leaves new records to the managers by default (manual), reminders scheduled', async () => {
    const db = await openTestDatabase();
    cleanup.push(() => db.destroy());
    await team(db);
    const { leadId, hunter } = await newLead(db, '94');
    expect(hunter).toBeNull();
    const jobs = await db.selectFrom('job').select(['kind', 'job_key', 'due_at']).execute();
    expect(jobs).toEqual([
      {
        kind: 'reminder-hunter',
        job_key: `reminder-hunter:owner:${leadId}`,
        due_at: T0 + 24 * HOUR,
      },
      {
        kind: 'reminder-managers',
        job_key: `reminder-managers:owner:${leadId}`,
        due_at: T0 + 40 * HOUR,
      },
    ]);
    expect(await assignAudits(db)).toEqual([]);
  });

  it('round-robin: in turn among the present hunters covering the department', async () => {
    const db = await openTestDatabase();
    cleanup.push(() => db.destroy());
    const h = await team(db);
    await setRoutingRule(db, h.manager, 'round-robin', T0);
    const given = [];
    for (let i = 0; i < 4; i += 1) given.push((await newLead(db, '94', T0 + i)).hunter);
    // Anne and Bruno in turn (the absent hunter is skipped, Paris does not cover the 94).
    expect(given).toEqual([h.anne, h.bruno].sort().concat([h.anne, h.bruno].sort()));
    // The 75 goes to its only hunter; the 92 has nobody: left to the managers.
    expect((await newLead(db, '75', T0 + 10)).hunter).toBe(h.paris);
    expect((await newLead(db, '92', T0 + 11)).hunter).toBeNull();
    // A buyer searching the 93 and the 92: Bruno covers the 93.
    const buyer = await newBuyer(db, 'claire', ['92', '93'], T0 + 12);
    expect(buyer.hunter).toBe(h.bruno);
    const user = await db
      .selectFrom('app_user')
      .select('id_chasseur')
      .where('id', '=', buyer.userId)
      .executeTakeFirstOrThrow();
    expect(user.id_chasseur).toBe(h.bruno);

    // Back from holiday, the absent hunter is in the turn again (given nothing yet: first).
    await setAvailability(db, h.absent, { departments: ['94'], absent: false });
    expect((await newLead(db, '94', T0 + 20)).hunter).toBe(h.absent);

    const audits = await assignAudits(db);
    expect(audits).toHaveLength(7);
    expect(audits[0]).toMatchObject({
      actor_id: null,
      record_type: 'owner',
      after: { assigned_to: given[0], rule: 'round-robin' },
    });
    expect(audits[5]).toMatchObject({
      record_type: 'buyer',
      record_id: buyer.userId,
      after: { hunterId: h.bruno, rule: 'round-robin' },
    });
  });

  it('claim: the first covering hunter takes it; at once, one wins; others refused in French', async () => {
    const db = await openTestDatabase();
    cleanup.push(() => db.destroy());
    const h = await team(db);
    const early = await newLead(db, '94');
    await expect(claimRecord(db, h.anne, 'owner', String(early.leadId), T0)).rejects.toThrow(
      'Les dossiers sont attribués par la règle choisie par les managers, pas pris au vol.',
    );
    await setRoutingRule(db, h.manager, 'claim', T0);
    const { leadId, hunter } = await newLead(db, '94');
    expect(hunter).toBeNull();

    await expect(claimRecord(db, h.paris, 'owner', String(leadId), T0)).rejects.toMatchObject({
      status: 403,
      message: 'Ce dossier est hors de vos départements, ou vous êtes indiqué absent.',
    });
    await expect(claimRecord(db, h.absent, 'owner', String(leadId), T0)).rejects.toBeInstanceOf(
      ClaimRefused,
    );

    const results = await Promise.allSettled([
      claimRecord(db, h.anne, 'owner', String(leadId), T0),
      claimRecord(db, h.bruno, 'owner', String(leadId), T0),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({
      status: 409,
      message: 'Un autre chasseur a déjà pris ce dossier.',
    });
    const winner = (won[0] as PromiseFulfilledResult<{ hunterId: string }>).value.hunterId;
    const lead = await db
      .selectFrom('owner_contact')
      .select('assigned_to')
      .where('id', '=', leadId)
      .executeTakeFirstOrThrow();
    expect(lead.assigned_to).toBe(winner);
    expect(await assignAudits(db)).toEqual([
      {
        actor_id: winner,
        record_type: 'owner',
        record_id: String(leadId),
        after: { assigned_to: winner, rule: 'claim' },
      },
    ]);

    // A buyer claimed the same way.
    const buyer = await newBuyer(db, 'denis', ['75']);
    await expect(claimRecord(db, h.paris, 'buyer', buyer.userId, T0)).resolves.toEqual({
      hunterId: h.paris,
    });
    await expect(claimRecord(db, h.anne, 'buyer', 'inconnu', T0)).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('reminders of uncontacted records', () => {
  it('reminds the hunter at 24 h and the managers at 40 h, once each with two workers', async () => {
    const database = await sharedTestDatabase();
    cleanup.push(() => database.close());
    const handles = [database.open(), database.open()];
    const db = handles[0]!;
    const h = await team(db);
    const manager2 = await person(db, 'marc', Role.MANAGER);
    await setRoutingRule(db, h.manager, 'round-robin', T0);
    const routed = await newLead(db, '94');
    const contactedLead = await newLead(db, '94');
    const buyer = await newBuyer(db, 'emile', ['94']);
    const movedBuyer = await newBuyer(db, 'fanny', ['94']);
    expect(routed.hunter).not.toBeNull();

    // Contacted meanwhile: the lead past « nouveau », the buyer's project moved.
    await db
      .updateTable('owner_contact')
      .set({ lead_status: 'contacte', contacted_at: new Date(T0 + HOUR).toISOString() })
      .where('id', '=', contactedLead.leadId)
      .execute();
    const project = await db
      .selectFrom('buyer_project')
      .select('id')
      .where('user_id', '=', movedBuyer.userId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('project_stage_move')
      .values({
        project_id: project.id,
        from_stage: 'VALIDATION',
        to_stage: 'APPEL',
        by_user_id: movedBuyer.hunter,
        note: '',
        at: new Date(T0 + HOUR).toISOString(),
      })
      .execute();

    let now = T0 + 24 * HOUR - 1;
    const workers = handles.flatMap((handle) =>
      [0, 1].map(() => {
        const mails = new MailQueue(handle, () => now);
        return new JobWorker(handle, reminderHandlers({ mails, publicUrl: 'https://x.fr' }), {
          now: () => now,
        });
      }),
    );
    const runAll = () => Promise.all(workers.map((w) => w.drain()));
    const mails = () =>
      db.selectFrom('mail_queue').select(['recipient', 'subject']).orderBy('id').execute();
    const notes = () =>
      db
        .selectFrom('staff_notification')
        .select(['user_id', 'kind', 'record_type', 'record_id', 'text'])
        .orderBy('id')
        .execute();

    await runAll();
    expect(await notes()).toEqual([]);

    now = T0 + 24 * HOUR;
    await runAll();
    await runAll();
    const hunterOf = (id: string | null) => (id === h.anne ? 'anne' : 'bruno');
    const at24 = await notes();
    expect(at24).toHaveLength(2);
    expect(at24).toEqual(
      expect.arrayContaining([
        {
          user_id: routed.hunter,
          kind: 'reminder-hunter',
          record_type: 'owner',
          record_id: String(routed.leadId),
          text: 'Nouveau propriétaire à contacter\u00a0: il attend votre appel depuis 24\u00a0heures.',
        },
        expect.objectContaining({
          user_id: buyer.hunter,
          record_type: 'buyer',
          record_id: buyer.userId,
        }),
      ]),
    );
    expect((await mails()).map((m) => m.recipient).sort()).toEqual(
      [`${hunterOf(routed.hunter)}@exemple.fr`, `${hunterOf(buyer.hunter)}@exemple.fr`].sort(),
    );

    now = T0 + 40 * HOUR;
    await runAll();
    await runAll();
    const at40 = (await notes()).slice(2);
    expect(at40.map((n) => [n.user_id, n.kind, n.record_id]).sort()).toEqual(
      [
        [h.manager, 'reminder-managers', String(routed.leadId)],
        [manager2, 'reminder-managers', String(routed.leadId)],
        [h.manager, 'reminder-managers', buyer.userId],
        [manager2, 'reminder-managers', buyer.userId],
      ].sort(),
    );
    expect(await mails()).toHaveLength(6);
    expect((await mails()).slice(2).map((m) => m.subject)).toContain(
      `À contacter\u00a0: ${validOwnerSubmission.contact.firstname} Lead94 (propriétaire)`,
    );
    const jobs = await db.selectFrom('job').select(['status', 'attempts']).execute();
    expect(jobs).toHaveLength(8);
    expect(jobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
  });
});
